#include "policies/mark/forecast_guard.hpp"

#include <algorithm>
#include <cmath>

namespace servesim::mark {

ForecastGuard::ForecastGuard(std::span<const double> history) {
  const double largest = history.empty() ? 0.0 : *std::max_element(history.begin(), history.end());
  upper_bound_ = kBoundOverLargestSample * largest;
}

std::size_t ForecastGuard::apply(std::vector<double>& forecast, double last_sample) const {
  std::size_t replaced = 0;
  for (double& f : forecast) {
    const bool in_range = std::isfinite(f) && f >= 0.0 && f <= upper_bound_;
    if (in_range) continue;
    f = last_sample;
    ++replaced;
  }
  return replaced;
}

}  // namespace servesim::mark
