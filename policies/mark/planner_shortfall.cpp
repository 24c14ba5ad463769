#include "policies/mark/planner_shortfall.hpp"

#include <algorithm>

namespace servesim::mark {
namespace {

// F_t for a 1-based step.
double forecast_at(std::span<const double> forecast, std::size_t step) { return forecast[step - 1]; }

}  // namespace

std::size_t target_step(std::span<const double> forecast, const PlannerParams& params) {
  if (params.target == TargetStepRule::kTau) return params.tau_steps;
  const auto head = forecast.first(std::min(kPublicCodeLookAheadSteps, forecast.size()));
  return static_cast<std::size_t>(std::max_element(head.begin(), head.end()) - head.begin()) + 1;
}

std::optional<ShortfallRun> shortfall_run(std::span<const double> forecast, double planned_capacity,
                                          std::size_t target) {
  if (forecast_at(forecast, target) - planned_capacity <= 0) return std::nullopt;
  ShortfallRun run{target, target};
  while (run.last_step < forecast.size() && forecast_at(forecast, run.last_step + 1) - planned_capacity > 0) {
    ++run.last_step;
  }
  return run;
}

double requests_served(std::span<const double> forecast, double planned_capacity, ShortfallRun run,
                       double capacity_per_minute, Duration step) {
  double per_minute = 0;  // sum of min(C_i, L_t): rates, one per step
  for (std::size_t t = run.first_step; t <= run.last_step; ++t) {
    per_minute += std::min(capacity_per_minute, forecast_at(forecast, t) - planned_capacity);
  }
  return per_minute * step.seconds() / 60.0;
}

}  // namespace servesim::mark
