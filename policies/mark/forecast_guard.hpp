#pragma once
// The guard on the LSTM's forecast (issue "MArk as the paper built it", item
// 3): a value F_i below 0, above 10 x the history's largest sample, or not
// finite is replaced by the last sample, and counted. Some trained networks'
// recurrence diverges hours into a run, whatever state it started from
// (docs/policies.md, "per-stage MArk depends on its forecasts"); a forecast
// that wrong is no forecast, and planning on it costs the whole window:
// a forecast of no load leaves one instance and sends the rest to Lambda for
// an hour, a forecast of 20 times the load buys instances for it; the last
// sample is what the run has actually seen. The 10x bound is the issue's
// plain rule, not fitted to any run: it leaves a forecast room to rise far
// beyond anything the history held.
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace servesim::mark {

class ForecastGuard {
 public:
  static constexpr double kBoundOverLargestSample = 10.0;

  // The bound is kBoundOverLargestSample x the largest of `history` (0 for
  // an empty history).
  explicit ForecastGuard(std::span<const double> history);

  double upper_bound() const { return upper_bound_; }

  // Replaces every value of `forecast` outside [0, upper_bound()], or not
  // finite, by `last_sample`; returns how many it replaced.
  std::size_t apply(std::vector<double>& forecast, double last_sample) const;

 private:
  double upper_bound_ = 0;
};

}  // namespace servesim::mark
