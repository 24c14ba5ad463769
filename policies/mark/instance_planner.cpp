#include "policies/mark/instance_planner.hpp"

#include <limits>
#include <string>

#include "policies/mark/planner_candidates.hpp"
#include "sim/core/input_error.hpp"
#include "sim/core/input_limits.hpp"

namespace servesim::mark {
namespace {

struct Choice {
  std::size_t type = 0;
  bool running = false;
  double requests = 0;
  double cost = std::numeric_limits<double>::infinity();
};

// The tie order of the header: cost, then running before new, then type index.
bool better(const Choice& a, const Choice& b) {
  if (a.cost != b.cost) return a.cost < b.cost;
  if (a.running != b.running) return a.running;
  return a.type < b.type;
}

Choice cheapest(std::span<const double> forecast, std::span<const InstanceTypeOption> types,
                const CandidateSet& candidates, ShortfallRun run, double planned_capacity, Duration step) {
  Choice best;
  for (std::size_t i = 0; i < types.size(); ++i) {
    if (!candidates.serves(i)) continue;
    const double requests = requests_served(forecast, planned_capacity, run, types[i].capacity_per_minute, step);
    const auto consider = [&](bool running, double overhead) {
      const Choice c{i, running, requests, cost_per_request(overhead, types[i].price_per_hour, run, step, requests)};
      if (better(c, best)) best = c;
    };
    if (candidates.has_running(i)) consider(true, 0.0);
    consider(false, candidates.overhead(i));
  }
  return best;
}

void add_to_plan(const Choice& choice, ShortfallRun run, CandidateSet& candidates, InstancePlan& plan) {
  PlanPick pick{choice.type, std::nullopt, run, choice.requests, choice.cost};
  if (choice.running) {
    pick.kept = candidates.keep_running(choice.type);
    plan.keep.push_back(*pick.kept);
    ++plan.kept[choice.type];
  } else {
    ++plan.launch[choice.type];
  }
  plan.picks.push_back(pick);
}

void refuse_runaway(const InstancePlan& plan, const PlannerParams& params) {
  if (plan.picks.size() >= static_cast<std::size_t>(kMaxCount)) {
    throw InputError(params.where + ".forecast", "covering it needs more than " + std::to_string(kMaxCount) +
                                                     " instances; expected a forecast the candidate types can serve");
  }
}

}  // namespace

double cost_per_request(double overhead_dollars, double price_per_hour, ShortfallRun run, Duration step,
                        double requests) {
  const double hours = static_cast<double>(run.steps()) * step.seconds() / 3600.0;
  return (overhead_dollars + hours * price_per_hour) / requests;
}

InstancePlan plan_instances(std::span<const double> forecast, std::span<const InstanceTypeOption> types,
                            std::span<const RunningInstance> running, const PlannerParams& params) {
  validate_forecast(forecast, params.where);
  validate_planner_params(params, forecast.size());
  validate_instance_types(types, params.where);
  check_running_instances(running, types.size());

  CandidateSet candidates(types, running, params);
  InstancePlan plan{{}, std::vector<std::uint32_t>(types.size()), std::vector<std::uint32_t>(types.size()), {}};
  const std::size_t target = target_step(forecast, params);
  double planned_capacity = 0;  // C_sum
  while (const auto run = shortfall_run(forecast, planned_capacity, target)) {
    refuse_runaway(plan, params);
    const Choice choice = cheapest(forecast, types, candidates, *run, planned_capacity, params.step);
    add_to_plan(choice, *run, candidates, plan);
    planned_capacity += types[choice.type].capacity_per_minute;
  }
  return plan;
}

}  // namespace servesim::mark
