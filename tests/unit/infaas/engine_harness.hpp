#pragma once
// Table 2's world (inline catalogs) run through the engine with the "infaas"
// policy, and what the tests look at: shared by engine_test.cpp and
// baselines_test.cpp.
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "tests/unit/cloud/cloud_harness.hpp"
#include "policies/infaas/infaas_policy.hpp"

namespace servesim::infaas::test {

using nlohmann::json;
using cloudtest::CloudRun;

// Table 2: A 4 CPUs 200 ms 5 QPS cost 1; B one NeuronCore 20 ms (batch 2)
// 100 QPS cost 3; C one V100 15 ms (batch 12) 800 QPS cost 16. Workers boot
// in 10 s; variants load in 0.7 s.
inline json table2_world() {
  return R"({
    "name": "infaas-table2",
    "seed": 3,
    "duration_s": 60,
    "catalogs": {
      "hardware": [{
        "device_types": [
          {"name": "box.cpu", "kind": "cpu", "cores": 8, "memory_mb": 32768, "price_per_hour": 0.384},
          {"name": "gpu", "kind": "gpu", "memory_mb": 16384, "price_per_hour": 3.06},
          {"name": "nc", "kind": "inferentia", "memory_mb": 2048, "price_per_hour": 0.146}],
        "instance_types": [
          {"name": "cpu.w", "vcpus": 8, "memory_mb": 32768, "devices": [{"type": "box.cpu", "count": 1}],
           "price_per_hour": 0.384, "boot_latency_s": 10},
          {"name": "gpu.w", "vcpus": 8, "memory_mb": 62464, "devices": [{"type": "gpu", "count": 1}],
           "price_per_hour": 3.06, "boot_latency_s": 10},
          {"name": "inf.w", "vcpus": 8, "memory_mb": 16384, "devices": [{"type": "nc", "count": 4}],
           "price_per_hour": 0.584, "boot_latency_s": 10}]
      }],
      "models": [{"families": [
        {"name": "r", "variants": [
          {"name": "A", "accuracy": 74.9, "memory_mb": 196, "load_latency_ms": 700, "max_batch": 64,
           "latency_fit": "linear", "latency_ms": {"box.cpu": [[1, 200], [2, 400]]}},
          {"name": "B", "accuracy": 74.9, "memory_mb": 95.937, "load_latency_ms": 700, "max_batch": 64,
           "latency_fit": "linear", "latency_ms": {"nc": [[1, 10], [2, 20]]}},
          {"name": "C", "accuracy": 74.9, "memory_mb": 195.213, "load_latency_ms": 700, "max_batch": 64,
           "latency_fit": "linear", "latency_ms": {"gpu": [[1, 3.5], [12, 15]]}}]}
      ]}]
    },
    "cluster": {},
    "applications": [{"name": "a", "family": "r", "slo_ms": 300, "workload": {"kind": "poisson", "rate": 4}}],
    "serving": {"drop": "expired"},
    "policies": [{"name": "infaas", "params": {
      "worker_types": {"cpu": "cpu.w", "gpu": "gpu.w", "inferentia": "inf.w"},
      "initial_workers": {"cpu.w": 1}}}],
    "outputs": {"window_s": 10}
  })"_json;
}

struct Outcome {
  CloudRun run;
  std::map<std::string, std::uint64_t> routed;  // queries the policy sent to each variant
  std::uint64_t total_routed = 0;
  InfaasPolicy::Stats stats;
  std::vector<std::string> instance_types;

  double share(const std::string& v) const {
    return total_routed == 0 ? 0.0 : static_cast<double>(routed.count(v) ? routed.at(v) : 0) / total_routed;
  }
};

// on_route, if given, sees each routing decision with the policy that made it.
using RouteObserver = std::function<void(const RouteDecision&, const ClusterView&, const InfaasPolicy&)>;

inline Outcome run_infaas(const json& doc, const RouteObserver& on_route = {}) {
  servesim::test::TempDir dir;
  const Scenario scenario = cloudtest::load_doc(dir, doc);
  auto policy = cloudtest::first_policy(scenario);
  auto& infaas = dynamic_cast<InfaasPolicy&>(*policy);
  Outcome out;
  cloudtest::Forwarder forward(infaas);
  forward.every_route = [&](const RouteDecision& d, const ClusterView& view) {
    if (on_route) on_route(d, view, infaas);
    if (d.kind != RouteDecision::Kind::kReplica) return;
    ++out.routed[view.models().variant(view.replica(d.target).variant).name];
    ++out.total_routed;
  };
  out.run = cloudtest::run(scenario, forward);
  out.stats = infaas.stats();
  for (const auto& i : out.run.instances) out.instance_types.push_back(scenario.world.hardware->instance_type(i.type).name);
  return out;
}

}  // namespace servesim::infaas::test
