#pragma once
// What Proteus does when the MILP is infeasible (section 4: "we solve the MILP
// again by decreasing s_q by a small value"): the demand is the estimate times
// a headroom factor beta; beta starts at 1.05 and, while the MILP is
// infeasible, drops by 0.1 while above 1.5, then by 0.05, down to 0.2 (the
// public artifact's schedule: Proteus public code, core/simulator.py).
//
// A solve the time limit stops with a plan (GLPK's incumbent) ends the
// schedule like any plan. One it stops without a plan leaves that beta's
// feasibility unknown; OnTimeLimit says what follows.
#include <cstdint>
#include <functional>
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

enum class OnTimeLimit : std::uint8_t {
  // Stop: a running policy keeps the plan it has rather than plan for less
  // demand than it may be able to serve.
  kStop,
  // Count that beta as infeasible and go on: at start, with no plan to keep.
  kLowerBeta,
};

struct LoweredPlan {
  std::optional<MilpPlan> plan;  // plan->demand_qps = beta * the estimate; nothing: see below
  double beta = 0;               // of the plan
  MilpTally tally;               // every solve tried
  // Nothing because OnTimeLimit::kStop stopped the schedule; otherwise
  // nothing means infeasible even at the lowest beta.
  bool stopped_at_time_limit = false;
};

using MilpSolver = std::function<MilpAttempt(const MilpProblem&)>;

// `problem.demand_qps` is the estimate (beta = 1). `solver` is GLPK's but
// in tests.
LoweredPlan solve_with_lowering(const MilpProblem& problem, const LoweringSchedule& schedule = {},
                                OnTimeLimit on_time_limit = OnTimeLimit::kLowerBeta,
                                const MilpSolver& solver = try_solve_milp);

}  // namespace servesim::proteus
