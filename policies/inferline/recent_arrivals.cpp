#include "policies/inferline/recent_arrivals.hpp"

#include <algorithm>
#include <cstddef>
#include <stdexcept>
#include <vector>

namespace servesim::inferline {

void RecentArrivals::record(SimTime t) {
  if (head_ < times_.size() && t < times_.back()) throw std::invalid_argument("arrival times must not decrease");
  times_.push_back(t);
  while (head_ < times_.size() && times_[head_] + horizon_ <= t) {
    ++head_;
    ++first_kept_;
  }
  if (head_ >= 1024 && 2 * head_ >= times_.size()) {
    times_.erase(times_.begin(), times_.begin() + static_cast<std::ptrdiff_t>(head_));
    head_ = 0;
  }
}

std::uint64_t RecentArrivals::count_within(SimTime now, Duration width) const {
  // (now - width, now]: after the first time above now - width, up to now.
  const auto kept = times_.begin() + static_cast<std::ptrdiff_t>(head_);
  const auto first = std::upper_bound(kept, times_.end(), now - width);
  const auto last = std::upper_bound(kept, times_.end(), now);
  return static_cast<std::uint64_t>(last - first);
}

double RecentArrivals::max_window_rate(SimTime now, Duration span, Duration window) const {
  if (window <= Duration::zero()) throw std::invalid_argument("window must be positive");
  double best = 0;
  for (Duration end = Duration::zero(); end + window <= span; end += window) {
    const std::uint64_t n = count_within(now - end, window);
    best = std::max(best, static_cast<double>(n) / window.seconds());
  }
  return best;
}

std::optional<double> rate_above_envelope(const TrafficEnvelope& sample, const RecentArrivals& live, SimTime now) {
  std::vector<std::uint64_t> counts;
  counts.reserve(sample.size());
  for (const EnvelopePoint& p : sample) counts.push_back(live.count_within(now, p.width));
  return rate_above_envelope(sample, counts);
}

}  // namespace servesim::inferline
