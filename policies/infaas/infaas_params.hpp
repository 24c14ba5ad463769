#pragma once
// The parameters of the "infaas" policy, read from the scenario's JSON. Every
// key is optional; each is declared once, with its range, default and source,
// in param_table() (infaas_params.cpp; `servesim list policies infaas`).
// Defaults are the paper's (section noted) or, where the paper is silent, the
// public code's (INFaaS public code, stanford-mast/INFaaS: file named where a
// default is used).
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
#include "policies/param_table.hpp"
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

// Its parameters, declared once (infaas_params.cpp).
const ParamTable& param_table();

// Throws InputError naming the JSON path of a bad value.
InfaasParams parse_infaas_params(const JsonNode& params, const PolicyWorld& world);

}  // namespace servesim::infaas
