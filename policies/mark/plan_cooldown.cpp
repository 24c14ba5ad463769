#include "policies/mark/plan_cooldown.hpp"

#include <algorithm>
#include <set>

#include "sim/core/input_error.hpp"

namespace servesim::mark {
namespace {

std::vector<std::uint32_t> planned_by_type(const InstancePlan& plan) {
  std::vector<std::uint32_t> planned(plan.launch.size());
  for (std::size_t t = 0; t < planned.size(); ++t) planned[t] = plan.planned(t);
  return planned;
}

// Alive instances of each type that the plan does not keep, the first to
// destroy first: booting before ready, then the caller's order from its end
// (the reverse of the order in which the planner takes them).
std::vector<std::vector<InstanceId>> unkept_by_type(const InstancePlan& plan, std::span<const RunningInstance> alive) {
  const std::set<InstanceId> kept(plan.keep.begin(), plan.keep.end());
  std::vector<std::vector<InstanceId>> unkept(plan.launch.size());
  for (const bool booting : {true, false}) {
    for (auto r = alive.rbegin(); r != alive.rend(); ++r) {
      if (r->booting == booting && !kept.contains(r->id)) unkept[r->type].push_back(r->id);
    }
  }
  return unkept;
}

}  // namespace

void validate_cooldown_plans(std::size_t plans, const std::string& where) {
  if (plans < 1) throw InputError(where + ".cooldown_plans", "expected at least 1 plan");
}

PlanCooldown::PlanCooldown(std::size_t plans, const std::string& where) : plans_(plans) {
  validate_cooldown_plans(plans, where);
}

std::vector<std::uint32_t> PlanCooldown::held_by_type() const {
  std::vector<std::uint32_t> held(planned_.back().size(), 0);
  for (const auto& planned : planned_) {
    for (std::size_t t = 0; t < held.size(); ++t) held[t] = std::max(held[t], planned[t]);
  }
  return held;
}

CooldownDecision PlanCooldown::next(const InstancePlan& plan, std::span<const RunningInstance> alive) {
  check_running_instances(alive, plan.launch.size());
  if (!planned_.empty() && planned_.back().size() != plan.launch.size()) {
    throw InvariantError("mark plan cool-down: a plan over " + std::to_string(plan.launch.size()) +
                         " types after plans over " + std::to_string(planned_.back().size()));
  }
  planned_.push_back(planned_by_type(plan));
  if (planned_.size() > plans_) planned_.pop_front();

  CooldownDecision decision{plan.launch, {}};
  if (planned_.size() < plans_) return decision;
  const std::vector<std::uint32_t> held = held_by_type();
  const std::vector<std::vector<InstanceId>> unkept = unkept_by_type(plan, alive);
  for (std::size_t t = 0; t < held.size(); ++t) {
    // held >= planned = kept + launched, so the kept ones are never destroyed.
    const std::size_t room = held[t] - plan.launch[t] - plan.kept[t];
    const std::size_t excess = unkept[t].size() > room ? unkept[t].size() - room : 0;
    decision.destroy.insert(decision.destroy.end(), unkept[t].begin(), unkept[t].begin() + excess);
  }
  return decision;
}

}  // namespace servesim::mark
