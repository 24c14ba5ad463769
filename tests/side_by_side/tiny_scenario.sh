# Sourced by the tests in this folder: writes a tiny scenario for
# scripts/side_by_side.sh, inline catalogs (as tests/unit/scenario/toy_scenario.hpp)
# and static policies each on its own cluster, 60 simulated seconds (a run
# takes milliseconds); the CPU replicas run one batch at a time (concurrency
# 1, one of the 4 cores). gpu-big serves everything on time at $2/h; cpu-small
# costs $1/h and misses some; with "overloaded", cpu-one cannot keep up and
# stops at serving.max_in_flight (exit 2) while the others finish.
write_tiny_scenario() {  # FILE [overloaded]
  local third=""
  [[ ${2:-} != overloaded ]] || third=',
    {"name": "static", "label": "cpu-one", "cluster": {"devices": [{"type": "cpu", "count": 1}]},
     "params": {"placement": [{"variant": "small", "device_type": "cpu", "count": 1, "concurrency": 1,
                               "batcher": {"kind": "greedy", "max_batch": 1}}]}}'
  cat >"$1" <<JSON
{
  "name": "tiny_side_by_side",
  "description": "Two static policies on a toy family, each on its own cluster.",
  "seed": 1,
  "duration_s": 60,
  "catalogs": {
    "hardware": [{"device_types": [
      {"name": "cpu", "kind": "cpu", "cores": 4, "memory_mb": 1000, "price_per_hour": 0.5},
      {"name": "gpu", "kind": "gpu", "memory_mb": 500, "price_per_hour": 2.0}]}],
    "models": [{"families": [{"name": "toy", "variants": [
      {"name": "small", "accuracy": 70, "memory_mb": 100, "max_batch": 4,
       "latency_ms": {"cpu": [[1, 60], [4, 200]], "gpu": [[1, 2], [4, 5]]}},
      {"name": "big", "accuracy": 80, "memory_mb": 300, "max_batch": 4,
       "latency_ms": {"gpu": [[1, 4], [4, 10]]}}]}]}]
  },
  "cluster": {"devices": [{"type": "cpu", "count": 2}, {"type": "gpu", "count": 1}]},
  "applications": [
    {"name": "app", "family": "toy", "slo_ms": 100, "workload": {"kind": "poisson", "rate": 20}}
  ],
  "serving": {"max_in_flight": 200},
  "policies": [
    {"name": "static", "label": "gpu-big", "cluster": {"devices": [{"type": "gpu", "count": 1}]},
     "params": {"placement": [{"variant": "big", "device_type": "gpu", "count": 1}]}},
    {"name": "static", "label": "cpu-small", "cluster": {"devices": [{"type": "cpu", "count": 2}]},
     "params": {"placement": [{"variant": "small", "device_type": "cpu", "count": 2, "concurrency": 1,
                               "batcher": {"kind": "greedy", "max_batch": 4}}]}}$third
  ],
  "outputs": {"window_s": 5}
}
JSON
}
