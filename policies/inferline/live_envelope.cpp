#include "policies/inferline/live_envelope.hpp"

#include <algorithm>
#include <stdexcept>
#include <utility>

namespace servesim::inferline {

LiveEnvelope::LiveEnvelope(std::vector<Duration> widths)
    : widths_(std::move(widths)), widest_(Duration::zero()), windows_(widths_.size()), peaks_(widths_.size(), 0) {
  for (Duration w : widths_) {
    if (w <= Duration::zero()) throw std::invalid_argument("live envelope widths must be positive");
    widest_ = std::max(widest_, w);
  }
}

void LiveEnvelope::point_at(Window& window, std::uint64_t arrival, const RecentArrivals& live) const {
  window.oldest = arrival;
  window.oldest_time = live.at(arrival);
}

void LiveEnvelope::observe(const RecentArrivals& live) {
  if (live.recorded() == 0) throw std::invalid_argument("no arrival to observe");
  if (widest_ > live.horizon()) throw std::invalid_argument("a live envelope width exceeds the arrivals' horizon");
  const std::uint64_t end = live.recorded();  // one past the latest arrival
  const SimTime t = live.at(end - 1);
  for (std::size_t i = 0; i < widths_.size(); ++i) {
    Window& window = windows_[i];
    // Forgotten arrivals are a horizon old, so outside (t - w, t] already.
    if (!placed_ || window.oldest < live.first_kept()) point_at(window, live.first_kept(), live);
    // Leaves (t - w, t] at or before t - w; stops at the latest arrival at the latest.
    const SimTime out = t - widths_[i];
    while (window.oldest_time <= out) point_at(window, window.oldest + 1, live);
    peaks_[i] = std::max(peaks_[i], end - window.oldest);
  }
  placed_ = true;
}

std::vector<std::uint64_t> LiveEnvelope::take_peaks() {
  std::vector<std::uint64_t> out(peaks_.size(), 0);
  std::swap(out, peaks_);
  return out;
}

}  // namespace servesim::inferline
