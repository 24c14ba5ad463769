#pragma once
// FILL's view of the forecast (MArk, ATC'19, section 4.3, Algorithm 1): with
// C_sum the capacity planned so far, the unfulfilled rate at step t is
//   L_t = F_t - C_sum                                   (the paper's Lambda_t)
// FILL covers the shortfall at a target step tau: "it is safe to make instance
// provisioning decisions tau time units in advance", as most instances are
// ready tau after launch, so a shortfall before tau is not FILL's (the
// Bouncer sends it to Lambda, section 4.1). When L_tau <= 0 FILL is done;
// otherwise e is the end of the run of positive L_t that starts at tau, and
// each candidate is judged over [tau, e]:
//   n   = e - tau + 1   steps (see below)
//   N_i = sum over t in [tau, e] of min(C_i, L_t) x Pu   requests
// An instance of capacity C_i serves at most C_i of each step's shortfall and
// at most all of it.
//
// n: Algorithm 1 prices an instance for (e - tau) P_i. We count the steps of
// [tau, e], e - tau + 1, because N_i sums over those same steps and the
// instance is paid for each of them; with e - tau a run of one step (e = tau)
// would cost no price at all, only O_i. MArk public code,
// modules/proactive_controller2.py, also counts the steps (t_span).
//
// The paper's "Find the largest e such that there are unfulfilled requests from
// steps tau to e, i.e., Lambda_t <= 0 for all tau <= t <= e" has the sign
// reversed in its "i.e."; we follow the words: L_t > 0 on [tau, e]. (The
// public code's run also takes steps with L_t = 0, where no instance serves
// anything; we do not.)
//
// Steps are 1-based as in the paper: F_1 is forecast[0].
#include <cstddef>
#include <optional>
#include <span>

#include "policies/mark/planner_inputs.hpp"

namespace servesim::mark {

struct ShortfallRun {
  std::size_t first_step = 1;  // tau
  std::size_t last_step = 1;   // e
  std::size_t steps() const { return last_step - first_step + 1; }  // n
};

// The step whose shortfall FILL covers: tau (the paper), or the public code's
// step of the largest forecast among the first 6 (its largest residual, as
// C_sum is the same at every step; the first on ties). It does not move as
// capacity is added.
std::size_t target_step(std::span<const double> forecast, const PlannerParams& params);

// [target, e], or nothing when L_target <= 0.
std::optional<ShortfallRun> shortfall_run(std::span<const double> forecast, double planned_capacity,
                                          std::size_t target);

// N_i: the requests an instance of capacity C_i would serve of the shortfall
// over the run; positive for a positive capacity, since L_t > 0 on it.
double requests_served(std::span<const double> forecast, double planned_capacity, ShortfallRun run,
                       double capacity_per_minute, Duration step);

}  // namespace servesim::mark
