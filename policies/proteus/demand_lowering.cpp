#include "policies/proteus/demand_lowering.hpp"

#include <cmath>
#include <stdexcept>

namespace servesim::proteus {
namespace {

// Betas are kept on a 1e-9 grid so that repeated subtraction does not drift:
// 1.05 - 17 x 0.05 must be 0.2 exactly, or the last step of the default
// schedule would be skipped (or taken) by a rounding error.
constexpr double kBetaGrid = 1e9;
double on_grid(double beta) { return std::round(beta * kBetaGrid) / kBetaGrid; }

void validate_schedule(const LoweringSchedule& s) {
  const bool ok = std::isfinite(s.start_beta) && std::isfinite(s.min_beta) && std::isfinite(s.coarse_above) &&
                  s.coarse_step > 0 && s.fine_step > 0 && std::isfinite(s.coarse_step) && std::isfinite(s.fine_step);
  if (!ok) throw std::invalid_argument("proteus demand lowering: betas must be finite and steps > 0");
}

// The public artifact's step (Proteus public code, core/simulator.py): 0.1 while beta is above
// 1.5, then 0.05.
double next_beta(double beta, const LoweringSchedule& s) {
  return on_grid(beta - (beta > s.coarse_above ? s.coarse_step : s.fine_step));
}

MilpProblem scaled(const MilpProblem& problem, double beta) {
  MilpProblem out = problem;
  for (double& s : out.demand_qps) s *= beta;
  return out;
}

}  // namespace

// Section 4: "we solve the MILP again by decreasing s_q by a small value".
// min_beta itself is tried (the header's "down to 0.2").
LoweredPlan solve_with_lowering(const MilpProblem& problem, const LoweringSchedule& schedule,
                                OnTimeLimit on_time_limit, const MilpSolver& solver) {
  validate_schedule(schedule);
  LoweredPlan out;
  for (double beta = on_grid(schedule.start_beta); beta >= on_grid(schedule.min_beta);
       beta = next_beta(beta, schedule)) {
    MilpAttempt attempt = solver(scaled(problem, beta));
    out.tally.add(attempt);
    if (attempt.plan) {
      out.plan = std::move(attempt.plan);
      out.beta = beta;
      return out;
    }
    if (attempt.time_limit_hit && on_time_limit == OnTimeLimit::kStop) {
      out.stopped_at_time_limit = true;
      return out;
    }
  }
  return out;
}

}  // namespace servesim::proteus
