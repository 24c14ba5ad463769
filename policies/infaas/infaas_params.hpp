#pragma once
// The parameters of the "infaas" policy, read from the scenario's JSON. Every
// key is optional; defaults are the paper's (section noted) or, where the paper
// is silent, the public code's (INFaaS public code, stanford-mast/INFaaS: file
// named where a default is used).
//
// {
//   "worker_types": {"cpu": "m5.2xlarge", "gpu": "p3.2xlarge", "inferentia": "inf1.2xlarge"},
//   "initial_workers": {"m5.2xlarge": 1},   // ignored: error if the scenario has cluster.instances
//   "preload": [{"variant": "resnet50-tf-cpu", "device_type": "m5.2xlarge.cpu", "count": 1}],
//   "slack_threshold": 1.05,         // section 5
//   "lambda_per_s": 1.0,             // section 4.2.1's lambda (no published value)
//   "monitor_interval_s": 2,         // section 5
//   "model_autoscaler_interval_s": 1,// section 5
//   "vm_autoscaler_interval_s": 2,   // section 5
//   "scale_down_delay": "public_code",    // section 4.2.2's T_v in model-autoscaler checks: the public
//                                         // code's CPU 10, GPU 20, Inferentia 15; or "load_latency":
//                                         // the variant's loading latency (model_autoscaler.hpp)
//   "cpu_overload_ratio": 2.5, "cpu_clear_ratio": 1.5,                  // public code
//   "accelerator_overload_ratio": 1.5, "accelerator_clear_ratio": 1.25, // public code (GPU)
//   "accelerator_min_latency_ms": 10, "backlog_fraction": 0.8,          // public code: under this
//                                    // profiled latency a GPU's ratio is min(5, 15 ms / profiled)
//                                    // (variant_state.hpp); Inferentia uses the CPU ratios
//   "vm_utilisation_threshold": 0.8,            // section 4.2.3
//   "offline_pause_utilisation": 0.4,  // section 5: offline work pauses on a worker at or above
//                                      // this utilisation, in (0, 1] (offline_throttle.hpp)
//   "offline_latency_rule": "profiled", // section 6.3.2: pause while a variant's observed latency
//                                      // exceeds its profiled one; "blacklist": the public code's,
//                                      // while one is Overloaded or Interfered (offline_throttle.hpp)
//   "vm_inferentia_utilisation_threshold": 0.7, // public code
//   "vm_overloaded_fraction": 0.8,              // section 4.2.3
//   "vm_cooldown_checks": 15, "vm_low_utilisation_checks": 15,  // public code
//   "vm_low_utilisation": {"cpu": 0.05, "gpu": 0.08, "inferentia": 0.25},  // public code (vm_autoscaler.hpp)
//   "max_workers": {"p3.2xlarge": 2},  // an experiment's bound (worker_limits.hpp); none by default
//   "cpu_cores_per_replica": 4,      // Table 2: variant A runs on 4 CPUs
//   "batch_cap": 32,                 // public code
//   "cpu_min_slo_ms": 50,            // public code; 0 in infaas-accuracy (Proteus has no such rule)
//   "cost_per_gb_second": {"cpu": 0.031, "gpu": 0.498, "inferentia": 0.190},  // section 6.2
//   "hardware_cost": "memory",       // C of the ILP: section 6.2's memory x cost_per_gb_second, or
//                                    // "instance_share": the scenario's $/s of the hardware a
//                                    // replica holds, Table 2's rule (replica_price.hpp)
//   "unmet": "route",                // or "reject": what happens to a query no variant can serve
//                                    // as asked (Algorithm 1 line 8, see variant_selector.hpp)
//   "queue_aware": false,            // ablation: Algorithm 1 also skips a replica whose queue
//                                    // would make the query miss its budget (variant_selector.hpp)
//   "mode": "infaas",                // or "infaas-accuracy" (Proteus section 6.1.1), or a
//                                    // section 6 baseline (Table 5): "clipper+" or "sm+"
//   "fixed_variant": "resnet50-tf-cpu",  // a baseline's variant of its family (fixed_variants.hpp)
//   "fixed_variants": {"densenet121": "densenet121-tensorrt-b8"},  // per family (fixed_variants.hpp): required
//                                    // for every application's family in the baselines; in "infaas" mode, queries
//                                    // that name their variant (section 3.1)
//   "preload_placement": "pack",     // or "spread": the roomiest device (preload_placement.hpp)
//   "initial_load_qps": {"a": 300},  // or a number for every application: a warm start (below)
//   "slo_latency_share": 1           // of the SLO budget a variant's latency (at its serving batch)
//                                    // may take to meet it: 1, INFaaS' rule; 0.5 by default in
//                                    // "infaas-accuracy", the Proteus paper's (variant_profile.hpp)
// }
//
// initial_load_qps: the load, by application (as the proteus policies'
// initial_load_qps: {"app name": qps} naming every application, or one number
// for all), the start is provisioned for. Without it INFaaS starts cold: no
// replica, the first query of an application loads its variant. With it, at
// start each (application, stage) with a load loads the variant Algorithm 1
// would pick for its first query, that {variant, worker}'s load estimate
// (the model autoscaler's measure) is seeded with the load, and the model
// autoscaler's checks run at time 0 until one takes no action.
// Everything loaded then is warm: serving at time 0, as a preload. The seed
// is the autoscaler's starting estimate only; from the first check on it
// measures the queries routed, as ever.
//
// Modes (section 6, Table 5; the baselines are INFaaS configured down, so they
// keep its profiles, batching and interference detection and mitigation):
//   "infaas"    everything above.
//   "infaas-accuracy"  the baseline the Proteus paper built (ASPLOS'24 section
//               6.1.1): INFaaS with "accuracy and cost [swapped] as its
//               objective and constraint". A replica's cost C becomes the
//               accuracy drop it serves at (variant_profile.hpp), so the
//               model autoscaler's C(delta) trades accuracy, not dollars:
//               replicate while the cluster has room, else upgrade to a
//               faster, less accurate variant; downgrade back to a more
//               accurate one once the load fits it. Algorithm 1 ranks the
//               most accurate variant first. The cluster's size is the cost
//               constraint: no worker is ever added (no VM autoscaling), and
//               every scaling action must fit the running workers.
//   "clipper+"  one fixed variant, pre-loaded with a fixed instance count
//               ("preload", at least one entry, all of fixed_variant, on the
//               initial workers): no model autoscaling, no VM autoscaling, no
//               load on a query's path; queries go to the variant's least-loaded
//               replica (Algorithm 1 restricted to it). The monitor still runs
//               and an Interfered replica is still moved (section 6).
//   "sm+"       one fixed variant, scaled horizontally only: the model
//               autoscaler replicates and removes replicas but never switches
//               variant (no model-vertical scaling); the VM autoscaler adds and
//               removes workers; Algorithm 1 may load fixed_variant on a query's
//               path. Preload is optional (fixed_variant only).
// In both baselines every application's family must have a fixed variant
// (fixed_variant or fixed_variants, fixed_variants.hpp).
//
// Worker types: one instance type per hardware kind, the kind the VM
// autoscaler adds. Defaults are section 6's workers; a default missing from
// the hardware catalog is skipped, a named one is an error. initial_workers
// defaults to one worker of the CPU type, and applies only when the scenario
// starts with no instances and no fixed devices.
#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "policies/infaas/fixed_variants.hpp"
#include "policies/infaas/offline_latency_rule.hpp"
#include "policies/infaas/preload_placement.hpp"
#include "policies/infaas/variant_profile.hpp"
#include "policies/infaas/variant_state.hpp"
#include "policies/infaas/vm_autoscaler.hpp"
#include "policies/infaas/worker_limits.hpp"
#include "policies/policy.hpp"
#include "sim/core/json_node.hpp"

namespace servesim::infaas {

struct Preload {
  VariantId variant = 0;
  DeviceTypeId device_type = 0;
  std::uint32_t count = 1;
  std::string where;
};

enum class ScaleDownDelay : std::uint8_t { kLoadLatency, kPublicCode };
enum class UnmetQueries : std::uint8_t { kRoute, kReject };
enum class Mode : std::uint8_t { kInfaas, kAccuracy, kClipperPlus, kSmPlus };

// What each mode keeps of INFaaS (the modes above), in one place.
struct ModeRules {
  bool scales_models = true;        // the model autoscaler runs (all but Clipper+)
  bool switches_variants = true;    // it may switch variant (INFaaS, INFaaS-Accuracy)
  bool adds_workers = true;         // workers may be launched (INFaaS, SM+)
  bool loads_on_query_path = true;  // Algorithm 1 may load a variant (all but Clipper+)
  bool ranks_by_accuracy = false;   // Algorithm 1 ranks by accuracy (INFaaS-Accuracy)
  // Replicas of one variant a GPU holds: the public code's GPU_MAX_REPLICAS,
  // 1 for INFaaS' scaler and 2 for the per-variant scaler its SageMaker-like
  // baseline runs ("Enable 2 GPU instances": INFaaS public code,
  // src/worker/autoscaler.cc, AutoscalerArbiter, AUTOSCALE_INDIVIDUAL).
  std::uint32_t gpu_replicas_per_variant = 1;
};
ModeRules mode_rules(Mode mode);

// The ILP's hardware cost C of a replica (variant_profile.hpp).
enum class HardwareCost : std::uint8_t { kMemory, kInstanceShare };

struct InfaasParams {
  std::array<std::optional<InstanceTypeId>, kDeviceKindCount> worker_types{};
  std::vector<std::pair<InstanceTypeId, std::uint32_t>> initial_workers;
  bool initial_workers_given = false;
  std::vector<Preload> preload;
  std::vector<double> initial_load;  // "initial_load_qps", by application; empty: none (a cold start)
  double slack_threshold = 1.05;
  double lambda_per_s = 1.0;
  Duration monitor_interval = from_seconds(2);
  Duration model_autoscaler_interval = from_seconds(1);
  Duration vm_autoscaler_interval = from_seconds(2);
  ScaleDownDelay scale_down_delay = ScaleDownDelay::kPublicCode;
  // Public code (autoscaler.cc): delay counters by DeviceKind (cpu, gpu, inferentia, lambda).
  std::array<std::uint32_t, kDeviceKindCount> scale_down_checks = {10, 20, 15, 0};
  StateThresholds states;
  VmRules vm;
  double offline_pause_utilisation = 0.40;  // section 5 (offline_throttle.hpp)
  OfflineLatencyRule offline_latency_rule = OfflineLatencyRule::kProfiled;  // section 6.3.2
  WorkerLimits worker_limits;  // "max_workers" (worker_limits.hpp)
  std::uint32_t cpu_cores_per_replica = 4;
  // CPU replicas one CPU device of `cores` holds at once: its cores over a
  // replica's, at least one (a worker's cpu_slots; a replica's price share).
  std::uint32_t cpu_slots(std::uint32_t cores) const { return std::max(1u, cores / cpu_cores_per_replica); }
  ProfileRules profiles;
  HardwareCost hardware_cost = HardwareCost::kMemory;
  UnmetQueries unmet = UnmetQueries::kRoute;
  bool queue_aware = false;
  Mode mode = Mode::kInfaas;
  FixedVariants fixed;  // "fixed_variant", "fixed_variants" (fixed_variants.hpp)
  PreloadPlacement preload_placement = PreloadPlacement::kPack;  // preload_placement.hpp
  std::string where;  // "file: policies[i].params", for errors found at start
};

// Throws InputError naming the JSON path of a bad value.
InfaasParams parse_infaas_params(const JsonNode& params, const PolicyWorld& world);

}  // namespace servesim::infaas
