#pragma once
// Reads the cloud parts of a scenario into SimulationConfig::cloud:
//   "cluster": {"instances": [{"type": "c5.xlarge", "count": 2, "market": "on_demand" | "spot"}]}
//   "cloud": {
//     "spot": {"discount": 0.7, "price_series": "prices.csv" | {"c5.large": "c5_large.csv", ...},
//              "interruptions": {"per_hour": 0.5} | {"at": [{"at_s": 600, "count": 1}]}, "notice_s": 120},
//     "on_instance_loss": "reroute" | "fail",
//     "boot_latency_s": {"c5": 30, "p3.2xlarge": 45},   (by family or type; overrides the catalog)
//     "lambda": {"granularity_ms": 100, "keep_alive_s": 3000, "concurrency_limit": 1000,
//                "price_per_gb_second": ..., "price_per_request": ..., "mb_per_vcpu": 1769,  (all optional)
//                "functions": [{"name": "incv3", "variant": "inception_v3", "memory_mb": 3008,
//                               "cold_start_ms": 2000,
//                               "latency_from": "lambda" | {"device_type": "c5.large.cpu", "vcpus": 2}}]}}
//   "serving": {"interference": true}   (read by the scenario loader)
// A Lambda function's latency comes from the variant's profile on device type
// "lambda" (measured at the function's memory size), or from a CPU profile
// scaled by the CPU share: latency = cpu_latency(1) x vcpus / (memory_mb /
// mb_per_vcpu), since MArk (section 3.2) finds CPU latency linear in the CPU
// allocation.
#include <filesystem>

#include "sim/core/json_node.hpp"
#include "sim/serving/simulation_config.hpp"

namespace servesim {

void parse_cluster_instances(const JsonNode& instances, SimulationConfig& world);
void parse_cloud(const JsonNode& cloud, const std::filesystem::path& base_dir, SimulationConfig& world);

}  // namespace servesim
