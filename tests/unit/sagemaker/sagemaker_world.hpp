#pragma once
// A small world for the `sagemaker` policy's tests (inline catalogs, round
// numbers), and a run of the policy through the real engine.
//
// Instance types (one device each, boot 60 s, per second):
//   c5.large   c.cpu    $0.085/h   m: 100 ms  -> price x T_1 = 0.0085
//   c5.xlarge  cx.cpu   $0.17/h    m:  40 ms  ->              0.0068 (cheapest per request)
//   c5.4xlarge c4x.cpu  $0.68/h    m:  20 ms  ->              0.0136
//   c5.cheap   slow.cpu $0.01/h    m: 500 ms  ->              0.005, but above a 300 ms SLO
//   m5.large   c.cpu    $0.096/h   m: 100 ms
// Model family f: m (accuracy 70, 100 MB, load 5 s) and m_best (accuracy 80,
// profiled on c.cpu only, 150 ms). Application "a": family f, SLO 300 ms.
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "policies/sagemaker/sagemaker_policy.hpp"
#include "tests/unit/cloud/cloud_harness.hpp"

namespace servesim::sagemaker::test {

using nlohmann::json;
using TempDir = servesim::test::TempDir;

inline json small_world() {
  return R"({
    "name": "sagemaker-test",
    "seed": 3,
    "duration_s": 600,
    "catalogs": {
      "hardware": [{
        "device_types": [
          {"name": "c.cpu", "kind": "cpu", "cores": 2, "memory_mb": 4096},
          {"name": "cx.cpu", "kind": "cpu", "cores": 4, "memory_mb": 8192},
          {"name": "c4x.cpu", "kind": "cpu", "cores": 16, "memory_mb": 32768},
          {"name": "slow.cpu", "kind": "cpu", "cores": 1, "memory_mb": 2048}],
        "instance_types": [
          {"name": "c5.large", "vcpus": 2, "memory_mb": 4096, "devices": [{"type": "c.cpu", "count": 1}],
           "price_per_hour": 0.085, "boot_latency_s": 60},
          {"name": "c5.xlarge", "vcpus": 4, "memory_mb": 8192, "devices": [{"type": "cx.cpu", "count": 1}],
           "price_per_hour": 0.17, "boot_latency_s": 60},
          {"name": "c5.4xlarge", "vcpus": 16, "memory_mb": 32768, "devices": [{"type": "c4x.cpu", "count": 1}],
           "price_per_hour": 0.68, "boot_latency_s": 60},
          {"name": "c5.cheap", "vcpus": 1, "memory_mb": 2048, "devices": [{"type": "slow.cpu", "count": 1}],
           "price_per_hour": 0.01, "boot_latency_s": 60},
          {"name": "m5.large", "vcpus": 2, "memory_mb": 8192, "devices": [{"type": "c.cpu", "count": 1}],
           "price_per_hour": 0.096, "boot_latency_s": 60}]
      }],
      "models": [{"families": [
        {"name": "f", "variants": [
          {"name": "m", "accuracy": 70, "memory_mb": 100, "load_latency_ms": 5000, "max_batch": 8,
           "latency_ms": {"c.cpu": [[1, 100], [8, 400]], "cx.cpu": [[1, 40]], "c4x.cpu": [[1, 20]],
                          "slow.cpu": [[1, 500]]}},
          {"name": "m_best", "accuracy": 80, "memory_mb": 100, "load_latency_ms": 5000, "max_batch": 1,
           "latency_ms": {"c.cpu": [[1, 150]]}}]},
        {"name": "g", "variants": [
          {"name": "n", "accuracy": 1, "memory_mb": 100, "max_batch": 1, "latency_ms": {"c.cpu": [[1, 10]]}}]}
      ]}]
    },
    "cluster": {},
    "applications": [{"name": "a", "family": "f", "slo_ms": 300, "workload": {"kind": "poisson", "rate": 5}}],
    "serving": {"drop": "none"},
    "policies": [{"name": "sagemaker", "params": {"variant": "m"}}],
    "outputs": {"window_s": 60}
  })"_json;
}

// Evenly spaced arrivals: `rate` per second over [from, to) s, each half an
// interval after its slot's start (never on a minute boundary).
inline void even(std::vector<double>& times, double from_s, double to_s, double rate) {
  const auto n = static_cast<long>((to_s - from_s) * rate + 0.5);
  for (long k = 0; k < n; ++k) times.push_back(from_s + (static_cast<double>(k) + 0.5) / rate);
}

struct SagemakerRun {
  cloudtest::CloudRun run;
  SagemakerPolicy::Stats stats;
  std::map<ReplicaId, std::uint64_t> routed;     // queries sent to each replica
  std::vector<std::pair<SimTime, std::uint32_t>> fleet;  // fleet size after each tick
  PolicyCounters counters;
  std::uint64_t rejected = 0;
};

inline SagemakerRun run_sagemaker(const TempDir& dir, const json& doc) {
  const Scenario scenario = cloudtest::load_doc(dir, doc);
  auto policy = cloudtest::first_policy(scenario);
  auto& sm = dynamic_cast<SagemakerPolicy&>(*policy);
  SagemakerRun out;
  cloudtest::Forwarder forward(sm);
  forward.every_route = [&](const RouteDecision& d, const ClusterView&) {
    if (d.kind == RouteDecision::Kind::kReplica) {
      ++out.routed[d.target];
    } else {
      ++out.rejected;
    }
  };
  forward.every_tick = [&](const ClusterView& view) { out.fleet.emplace_back(view.now(), sm.fleet_size()); };
  out.run = cloudtest::run(scenario, forward);
  out.stats = sm.stats();
  sm.report(out.counters);
  return out;
}

inline double counter(const PolicyCounters& c, const std::string& name) {
  for (const auto& [k, v] : c.counters()) {
    if (k == name) return v;
  }
  throw std::runtime_error("no counter " + name);
}

}  // namespace servesim::sagemaker::test
