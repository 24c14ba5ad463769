#pragma once
// What the MILP may place: one option per (application, variant of its
// family), the paper's model variant m with B_(m,q) true for its application
// only (section 4, Table 1), and its peak throughput capacity P on each device
// type (throughput_capacity.hpp; the SLO is the application's). An option with
// no capacity on a type is not allowed there; one allowed on no device type of
// the cluster is left out.
//
// Restrictions, for the baselines and ablations:
//   kMostAccurate   only each application's most accurate variant allowed
//                   somewhere (Clipper-HA; Proteus without model selection,
//                   whose accuracy "stays at 100 %", section 6.5);
//   kLeastAccurate  only the least accurate (Clipper-HT, section 6.1.1);
//   allowed         only these variants (a policy's own list, allowed_variants.hpp;
//                   empty: every variant), before the choice above;
//   keep_unservable keeps a variant allowed on no device of the cluster (an
//                   option without capacity, which the MILP never places): a
//                   start allocation read from a file may place it
//                   (start_allocation.hpp), as the artifact's files do;
//   batch_limit     caps every batch (1: Proteus without adaptive batching,
//                   "setting batch size statically to 1", section 6.5; its
//                   capacity is then 1 / latency(1), so the MILP plans for it).
// An application's accuracy floor (min_accuracy) excludes the variants below it.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "policies/policy.hpp"
#include "policies/proteus/throughput_capacity.hpp"

namespace servesim::proteus {

struct VariantOption {
  AppId app = 0;
  VariantId variant = 0;
  double accuracy = 1;                            // normalized, 1 = the family's best
  std::vector<std::optional<Capacity>> capacity;  // by DeviceTypeId

  bool allowed_on(DeviceTypeId type) const { return type < capacity.size() && capacity[type].has_value(); }
  double qps_on(DeviceTypeId type) const { return allowed_on(type) ? capacity[type]->qps : 0.0; }
};

enum class VariantChoice : std::uint8_t { kAll, kMostAccurate, kLeastAccurate };

struct OptionRules {
  VariantChoice choice = VariantChoice::kAll;
  std::uint32_t batch_limit = 0;   // 0: none
  std::vector<VariantId> allowed;  // sorted; empty: every variant
  bool keep_unservable = false;
};

// Options in application order, then variant order. `present[t]`: the cluster
// has a device of type t. Throws InputError at `where` when an application has
// no option at all (no variant meets its SLO on any device of the cluster).
std::vector<VariantOption> variant_options(const PolicyWorld& world, const std::vector<bool>& present,
                                           const OptionRules& rules, const std::string& where);

// The capacity with its batch capped at `limit` (latency and rate at the cap).
Capacity limit_batch(const Capacity& capacity, const LatencyProfile& profile, std::uint32_t limit);

}  // namespace servesim::proteus
