#pragma once
// What INFaaS' Metadata Store knows statically about one model-variant: a model
// variant of the catalog on one device type (the hardware is part of an INFaaS
// variant, section 2.1), profiled for the latency budget of the applications
// that use its family. Built once per run; the selection policy, the
// autoscalers and the monitor read it.
//
// Serving batch. The paper profiles batch sizes 1 to 64 (section 5) and runs
// variants "optimized for batch size" b; the public code caps online batches
// at 32 and judges a variant by its latency at min(32, max batch) on a GPU and
// at the request's batch on a CPU (INFaaS public code, src/master/queryfe_server.cc). We pick,
// among the batches up to that cap whose latency is at most half the budget (a
// query may wait for one batch and then run in the next), the one with the
// highest throughput, preferring the smallest batch within 1 % of it (a larger
// batch that gains less only adds latency). A CPU variant whose latency is
// proportional to its batch (Table 2's A) thus serves batch 1, as the public
// code assumes; a variant that meets the budget only at batch 1 serves batch 1.
//
//   inference latency T_inf = latency(batch)       (section 4.2.1, T^inf_ij)
//   saturation throughput Q  = batch / latency(batch)  (Table 2's "Req/s")
//   hardware cost C          = memory x price per GB-second of its device kind
//                              (section 6.2: "proportional to its memory
//                              footprint", 0.031 CPU, 0.190 Inferentia, 0.498
//                              GPU per GB-s; gives Table 2's 1 : 3 : 16), or,
//                              with "hardware_cost": "instance_share", the
//                              world's own $/s of the hardware a replica holds
//                              (Table 2's rule on the scenario's price list:
//                              A costs its 4 CPUs' share of the worker, C its
//                              whole GPU; replica_price.hpp)
//   INFaaS-Accuracy swaps objective and constraint (Proteus section 6.1.1):
//                            C = 1 - normalized accuracy, the drop a replica
//                              serves at, plus 1e-4 x the hardware cost above
//                              so that, among variants of equal accuracy, the
//                              cheaper one is kept and an idle replica still
//                              costs something to hold (and is removed)
#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "sim/cluster/device_kind.hpp"
#include "sim/cluster/device_type.hpp"
#include "sim/metrics/memory_cost.hpp"
#include "sim/serving/model_catalog.hpp"

namespace servesim::infaas {

struct ProfileRules {
  std::uint32_t batch_cap = 32;       // public code: online batches capped at 32
  double batch_latency_share = 0.5;   // of the budget a batch may take (wait one batch, run the next)
  double batch_gain_tolerance = 0.01; // smallest batch within 1 % of the best throughput
  Duration cpu_min_slo = from_millis(50);  // public code: no CPU variant for SLOs of 50 ms or less
  // Section 6.2's normalized prices per GB-second, by DeviceKind (cpu, gpu, inferentia, lambda).
  std::array<double, kDeviceKindCount> cost_per_gb_second = kDefaultMemoryPrices;
  // When not empty, C in $/s by DeviceTypeId instead of the memory rule
  // ("hardware_cost": "instance_share"; replica_price.hpp).
  std::vector<double> replica_cost_per_second;
  // INFaaS-Accuracy (infaas_params.hpp): C is the accuracy drop instead.
  bool accuracy_objective = false;
  // Of the budget the serving batch's latency may take for the variant to
  // meet the SLO (meets()): 1 is INFaaS' rule (section 4.1: a variant whose
  // latency is within the SLO), 0.5 the Proteus paper's (ASPLOS'24 section 4,
  // "Estimation of throughput capacity": "the maximum inference latency for
  // any model cannot exceed half of its latency SLO"); "slo_latency_share".
  double slo_latency_share = 1.0;
};

struct VariantProfile {
  VariantId variant = 0;
  FamilyId family = 0;
  DeviceTypeId device_type = 0;
  DeviceKind kind = DeviceKind::kCpu;
  std::uint32_t batch = 1;
  Duration inference;           // T_inf at `batch`
  double saturation_qps = 0;    // Q per replica
  double cost_per_second = 0;   // C per replica
  Duration load_latency;        // T_load
  double accuracy = 1;          // normalized (1 = the family's best)
  double memory_mb = 0;
};

// The profile of `variant` on `type` for a latency budget, or nothing when the
// variant is not profiled there.
std::optional<VariantProfile> make_profile(VariantId id, const ModelVariant& variant, DeviceTypeId type_id,
                                           const DeviceType& type, Duration budget, const ProfileRules& rules);

// The longest inference latency (at the serving batch) that meets `budget`:
// slo_latency_share x budget.
Duration latency_limit(Duration budget, const ProfileRules& rules);

// Whether the profile meets a stage's requirements (Algorithm 1's "matches"):
// its inference latency within latency_limit(budget), its accuracy at the
// floor, and not a CPU variant under a budget of cpu_min_slo or less.
bool meets(const VariantProfile& profile, Duration budget, double min_accuracy, const ProfileRules& rules);

}  // namespace servesim::infaas
