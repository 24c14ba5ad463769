#pragma once
// The small valid scenario the scenario tests start from and mutate.
#include <nlohmann/json.hpp>

namespace servesim::test {

// A small valid scenario with inline catalogs: two CPUs and one 500 MB GPU;
// family "toy" with "small" (70 %, 100 MB, CPU and GPU) and "big" (80 %,
// 300 MB, GPU only). Its fastest batch-1 latency is 2 ms (small on the GPU).
inline nlohmann::json base_scenario() {
  return R"({
    "name": "bad-input",
    "seed": 3,
    "duration_s": 2,
    "catalogs": {
      "hardware": [{"device_types": [
        {"name": "cpu", "kind": "cpu", "cores": 4, "memory_mb": 1000},
        {"name": "gpu", "kind": "gpu", "memory_mb": 500, "price_per_hour": 1.0}]}],
      "models": [{"families": [{"name": "toy", "variants": [
        {"name": "small", "accuracy": 70, "memory_mb": 100, "max_batch": 4,
         "latency_ms": {"cpu": [[1, 10], [4, 30]], "gpu": [[1, 2], [4, 5]]}},
        {"name": "big", "accuracy": 80, "memory_mb": 300, "max_batch": 4,
         "latency_ms": {"gpu": [[1, 4], [4, 10]]}}]}]}]
    },
    "cluster": {"devices": [{"type": "cpu", "count": 2}, {"type": "gpu", "count": 1}]},
    "applications": [
      {"name": "app", "family": "toy", "slo_ms": 100, "workload": {"kind": "poisson", "rate": 20}}
    ],
    "serving": {"drop": "expired"},
    "policies": [
      {"name": "static", "params": {"placement": [{"variant": "small", "device_type": "cpu", "count": 2}]}}
    ]
  })"_json;
}

}  // namespace servesim::test
