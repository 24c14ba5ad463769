#pragma once
// What Proteus does when the MILP is infeasible (section 4: "we solve the MILP
// again by decreasing s_q by a small value"): the demand is the estimate times
// a headroom factor beta; beta starts at 1.05 and, while the MILP is
// infeasible, drops by 0.1 while above 1.5, then by 0.05, down to 0.2 (the
// public artifact's schedule, reference/public-code-notes.md).
#include <cstdint>
#include <optional>

#include "policies/proteus/proteus_milp.hpp"

namespace servesim::proteus {

struct LoweringSchedule {
  double start_beta = 1.05;
  double coarse_above = 1.5;
  double coarse_step = 0.1;
  double fine_step = 0.05;
  double min_beta = 0.2;
};

struct LoweredPlan {
  MilpPlan plan;          // plan.demand_qps = beta * the estimate
  double beta = 0;
  std::uint32_t solves = 0;
  double solve_seconds = 0;  // summed over every solve tried
};

// `problem.demand_qps` is the estimate (beta = 1). Nothing when even the
// lowest beta is infeasible.
std::optional<LoweredPlan> solve_with_lowering(const MilpProblem& problem, const LoweringSchedule& schedule = {});

}  // namespace servesim::proteus
