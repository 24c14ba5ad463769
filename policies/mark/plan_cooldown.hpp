#pragma once
// MArk's cool-down between plans (ATC'19, section 4.3): "The launching
// requests should be sent right away once the instance_plan is ready, while
// destroying requests should be sent after a predefined cool-down period to
// ensure better service quality". The paper gives no period; MArk public
// code, modules/scheduler.py, keeps its last 6 plans and destroys, per type,
// the instances beyond the most any of them planned. We do the same, by type:
//
//   hold_t = max over the last 6 plans (this one included) of planned_t
//
// (kept + launched, InstancePlan::planned), and of the alive instances of
// type t keep hold_t - launched_t: those this plan keeps, then the others in
// the planner's own order (ready before booting, then the caller's order), so
// booting ones are destroyed first. An instance that a plan stops wanting is
// thus destroyed at the 6th plan in a row that does not want it: it stays
// for 5. Counting by type rather than by instance is what the capacity needs:
// when plans keep different instances of a type, their max, not their union,
// is kept.
//
// Until 6 plans have been seen nothing is destroyed (the public code waits
// for 6 too): the instances that were there before the first plan had not
// yet been not kept by 6 of them.
#include <cstddef>
#include <cstdint>
#include <deque>
#include <span>
#include <string>
#include <vector>

#include "policies/mark/instance_planner.hpp"
#include "policies/mark/planner_inputs.hpp"

namespace servesim::mark {

inline constexpr std::size_t kPublicCodeCooldownPlans = 6;

struct CooldownDecision {
  std::vector<std::uint32_t> launch;  // by type: launch now
  std::vector<InstanceId> destroy;    // now; by type, booting first
};

// InputError at "<where>.cooldown_plans" unless at least 1 (1: no cool-down,
// Algorithm 1's "Destroy instances in R but not in instance_plan").
void validate_cooldown_plans(std::size_t plans, const std::string& where);

class PlanCooldown {
 public:
  explicit PlanCooldown(std::size_t plans = kPublicCodeCooldownPlans, const std::string& where = "mark planner");

  // `alive`: the running and booting instances the plan was made for (every
  // type index within the plan's).
  CooldownDecision next(const InstancePlan& plan, std::span<const RunningInstance> alive);

 private:
  std::vector<std::uint32_t> held_by_type() const;  // max over the window, by type

  std::size_t plans_;
  std::deque<std::vector<std::uint32_t>> planned_;  // by plan (oldest first), then by type
};

}  // namespace servesim::mark
