#include "policies/mark/simple_predictors.hpp"

#include <algorithm>
#include <numeric>

namespace servesim::mark {

void MovingAveragePredictor::observe(double sample) {
  recent_.push_back(sample);
  if (recent_.size() > k_) recent_.pop_front();
}

std::vector<double> MovingAveragePredictor::forecast() const {
  if (recent_.empty()) return std::vector<double>(window_, 0.0);
  // Summed afresh each time (k is small): a running sum would drift by
  // rounding over a long run.
  const double sum = std::accumulate(recent_.begin(), recent_.end(), 0.0);
  return std::vector<double>(window_, sum / static_cast<double>(recent_.size()));
}

std::vector<double> OraclePredictor::forecast() const {
  std::vector<double> f(window_, truth_.empty() ? 0.0 : truth_.back());
  const std::size_t from = std::min(observed_, truth_.size());
  const std::size_t known = std::min(window_, truth_.size() - from);
  std::copy_n(truth_.begin() + static_cast<std::ptrdiff_t>(from), known, f.begin());
  return f;
}

void RunningMaxPredictor::observe(double sample) { largest_ = std::max(largest_, sample); }

}  // namespace servesim::mark
