#pragma once
// MArk's instance provisioning, Algorithm 1 (Zhang et al., ATC'19, section
// 4.3): a pure function from a forecast, the candidate types and the running
// instances to a plan. It is not yet a policy; plan_cooldown.hpp turns a
// sequence of plans into launches and (delayed) destroys.
//
// SCHEDULE: S = the candidate types and the running instances, less those
// that cannot meet the SLO (planner_candidates.hpp). FILL: while the shortfall
// at the target step is positive (planner_shortfall.hpp), add to the plan the
// candidate with the lowest cost per request over the shortfall's run
// [tau, e] of n steps,
//   cost_i = (O_i + n Pu P_i) / N_i
// (O_i = 0 for a running instance), "considering both the pay-as-you-go fee
// and launch overhead"; then the capacity planned grows by C_i and FILL looks
// again. The paper writes FILL as a recursion; it is a loop here.
//
// Ties: the paper keeps the first candidate whose cost is strictly lower; we
// make the order explicit: the lower cost, then a running instance before a
// new one (it costs no launch and no wait), then the lower type index. Which
// running instance of a type is kept is CandidateSet's rule: ready before
// booting, then the caller's order. The same inputs give the same plan.
//
// A running instance is a candidate only while unkept: a type whose running
// instances are all in the plan is still a candidate as a new launch.
//
// The loop ends: each pick adds C_i > 0 while the target step's shortfall is
// finite. A forecast that needs more than kMaxCount instances is refused
// (InputError at "<where>.forecast") rather than planned for.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "policies/mark/planner_inputs.hpp"
#include "policies/mark/planner_shortfall.hpp"

namespace servesim::mark {

// One step of FILL: the candidate added and why.
struct PlanPick {
  std::size_t type = 0;
  std::optional<InstanceId> kept;  // a running instance kept; none: a new one launched
  ShortfallRun run;                // [tau, e] when it was chosen
  double requests = 0;             // N_i
  double cost_per_request = 0;     // $ per request
};

struct InstancePlan {
  std::vector<InstanceId> keep;       // running instances kept, in the order FILL chose them
  std::vector<std::uint32_t> kept;    // by type: how many of `keep` are of it
  std::vector<std::uint32_t> launch;  // by type: new instances to launch
  std::vector<PlanPick> picks;        // FILL's choices, in order

  // Instances of the type the plan wants: kept and launched.
  std::uint32_t planned(std::size_t type) const { return kept[type] + launch[type]; }
};

// (O_i + n Pu P_i) / N_i in dollars per request; overhead 0 for a running instance.
double cost_per_request(double overhead_dollars, double price_per_hour, ShortfallRun run, Duration step,
                        double requests);

// Validates its inputs (planner_inputs.hpp), so a bad one is an InputError
// at params.where.
InstancePlan plan_instances(std::span<const double> forecast, std::span<const InstanceTypeOption> types,
                            std::span<const RunningInstance> running, const PlannerParams& params);

}  // namespace servesim::mark
