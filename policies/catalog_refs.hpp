#pragma once
// Readers of the names a scenario uses to point into the catalogs (a model
// variant, an instance type, a market) and of the replica parameters every
// policy that places replicas takes. One place, so every reader gives the same
// error for the same mistake and applies the same limits.
#include <cstdint>
#include <vector>

#include "policies/param_table.hpp"
#include "sim/cluster/instance.hpp"
#include "sim/core/json_node.hpp"
#include "sim/serving/application.hpp"
#include "sim/serving/batchers/batcher.hpp"
#include "sim/serving/cluster_control.hpp"
#include "sim/serving/model_catalog.hpp"
#include "sim/serving/simulation_config.hpp"

namespace servesim {

VariantId variant_of(const JsonNode& node, const ModelCatalog& models);
InstanceTypeId instance_type_of(const JsonNode& node, const HardwareCatalog& hardware);
Market market_of(const JsonNode& node);  // "on_demand" | "spot"
// The "market" parameter as a policy's ParamTable declares it (default
// on_demand), and the market a choice of it names.
ParamSpec market_param();
Market market_named(std::string_view choice);
// The index of the scenario's Lambda function the node names.
std::uint32_t lambda_function_of(const JsonNode& node, const std::vector<LambdaFunction>& functions);

// {"variant": ..., "count": 1, "batcher": {...}, "concurrency": 1, "weight": 1};
// the caller checks the object's keys (it may allow more, e.g. device_type).
// Without "concurrency" a replica fills its device (kFillDevice: a CPU's
// cores, one batch on an accelerator).
struct ReplicaParams {
  VariantId variant = 0;
  std::uint32_t count = 1;
  BatcherSpec batcher;
  std::uint32_t concurrency = kFillDevice;
  double weight = 1;
};
ReplicaParams parse_replica_params(const JsonNode& node, const ModelCatalog& models);

// "initial_load_qps", the load a policy plans its start for: a number (every
// application's) or {"app name": qps, ...} naming every application. By
// application.
std::vector<double> initial_load_of(const JsonNode& node, const std::vector<Application>& apps);
// "initial_load_qps" as a policy's ParamTable declares it; `absent` says what
// the policy does without it.
ParamSpec initial_load_param(std::string absent);

}  // namespace servesim
