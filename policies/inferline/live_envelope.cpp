#include "policies/inferline/live_envelope.hpp"

#include <algorithm>
#include <stdexcept>
#include <utility>

namespace servesim::inferline {

LiveEnvelope::LiveEnvelope(std::vector<Duration> widths)
    : widths_(std::move(widths)), widest_(Duration::zero()), oldest_(widths_.size(), 0), peaks_(widths_.size(), 0) {
  for (Duration w : widths_) {
    if (w <= Duration::zero()) throw std::invalid_argument("live envelope widths must be positive");
    widest_ = std::max(widest_, w);
  }
}

void LiveEnvelope::observe(const RecentArrivals& live) {
  if (live.recorded() == 0) throw std::invalid_argument("no arrival to observe");
  if (widest_ > live.horizon()) throw std::invalid_argument("a live envelope width exceeds the arrivals' horizon");
  const std::uint64_t end = live.recorded();  // one past the latest arrival
  const SimTime t = live.at(end - 1);
  for (std::size_t i = 0; i < widths_.size(); ++i) {
    // Forgotten arrivals are a horizon old, so outside (t - w, t] already.
    std::uint64_t& oldest = oldest_[i];
    oldest = std::max(oldest, live.first_kept());
    // Stops at the latest arrival at the latest: t + w > t.
    while (live.at(oldest) + widths_[i] <= t) ++oldest;
    peaks_[i] = std::max(peaks_[i], end - oldest);
  }
}

std::vector<std::uint64_t> LiveEnvelope::take_peaks() {
  std::vector<std::uint64_t> out(peaks_.size(), 0);
  std::swap(out, peaks_);
  return out;
}

}  // namespace servesim::inferline
