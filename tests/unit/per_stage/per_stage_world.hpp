#pragma once
// A small world for the per-stage policy's tests (inline catalogs, round
// numbers), and runs of a scenario's first policy through the real engine.
//
// Device type box.cpu (CPU, 4 cores, 4096 MB, $0.085/h as a fixed device);
// instance type c5.xlarge (4 vCPUs: one box.cpu, $0.17/h, boots in 60 s).
// Families, one variant each (100 MB, loads in 1 s, max batch 8):
//   fa: a1, box.cpu 40 ms at batch 1, 120 ms at 8
//   fb: b1, box.cpu 60 ms at batch 1, 180 ms at 8
// Application "chain": detect (fa) -> classify (fb), SLO 1000 ms, Poisson
// 5 QPS for 300 s, with a 600 s history at the same rate. Under the default
// split, L = 40 and 60 ms, P = 100 ms on both: budgets 400 and 600 ms.
#include <nlohmann/json.hpp>
#include <string>

#include "tests/unit/cloud/cloud_harness.hpp"

namespace servesim::per_stage::test {

using nlohmann::json;

inline json chain_world() {
  return R"({
    "name": "per-stage-test",
    "seed": 7,
    "duration_s": 300,
    "catalogs": {
      "hardware": [{
        "device_types": [{"name": "box.cpu", "kind": "cpu", "cores": 4, "memory_mb": 4096, "price_per_hour": 0.085}],
        "instance_types": [
          {"name": "c5.xlarge", "vcpus": 4, "memory_mb": 4096, "devices": [{"type": "box.cpu", "count": 1}],
           "price_per_hour": 0.17, "boot_latency_s": 60}]
      }],
      "models": [{"families": [
        {"name": "fa", "variants": [
          {"name": "a1", "accuracy": 1, "memory_mb": 100, "load_latency_ms": 1000, "max_batch": 8,
           "latency_ms": {"box.cpu": [[1, 40], [8, 120]]}}]},
        {"name": "fb", "variants": [
          {"name": "b1", "accuracy": 1, "memory_mb": 100, "load_latency_ms": 1000, "max_batch": 8,
           "latency_ms": {"box.cpu": [[1, 60], [8, 180]]}}]}
      ]}]
    },
    "cluster": {},
    "applications": [{
      "name": "chain", "slo_ms": 1000,
      "pipeline": {"stages": [{"name": "detect", "family": "fa"}, {"name": "classify", "family": "fb"}],
                   "edges": [{"from": "detect", "to": "classify"}]},
      "workload": {"kind": "poisson", "rate": 5},
      "history": {"kind": "poisson", "rate": 5, "duration_s": 600}}],
    "serving": {"drop": "none"},
    "policies": [{"name": "static", "params": {"placement": []}}],
    "outputs": {"window_s": 30}
  })"_json;
}

// The world with four box.cpu devices of its own (the fixed-cluster policies').
inline json with_fixed_cpus(json doc, int count = 4) {
  doc["cluster"] = {{"devices", json::array({{{"type", "box.cpu"}, {"count", count}}})}};
  return doc;
}

inline json per_stage(const std::string& inner, json inner_params = json::object(), const std::string& split = "") {
  json params = {{"policy", inner}, {"params", std::move(inner_params)}};
  if (!split.empty()) params["slo_split"] = split;
  return json::array({{{"name", "per-stage"}, {"label", inner + "-per-stage"}, {"params", params}}});
}

// The scenario's first policy run to its end (conservation is checked by the
// engine, which throws if it fails), with the policy's counters.
struct PolicyRunResult {
  cloudtest::CloudRun run;
  PolicyCounters counters;
  double on_time_fraction() const {
    return run.counts.arrived == 0 ? 0.0
                                   : static_cast<double>(run.counts.on_time) / static_cast<double>(run.counts.arrived);
  }
};

inline PolicyRunResult run_first_policy(const json& doc) {
  servesim::test::TempDir dir;
  const Scenario scenario = cloudtest::load_doc(dir, doc);
  auto policy = cloudtest::first_policy(scenario);
  PolicyRunResult out;
  out.run = cloudtest::run(scenario, *policy);
  policy->report(out.counters);
  return out;
}

}  // namespace servesim::per_stage::test
