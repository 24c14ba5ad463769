#include "sim/serving/sliding_latency.hpp"

#include <algorithm>

namespace servesim {

void SlidingLatency::roll(SimTime now) {
  const std::int64_t second = now.ns / 1'000'000'000;
  if (second == current_) return;
  for (std::int64_t s = std::max(current_ + 1, second - kSeconds + 1); s <= second; ++s) {
    seconds_[s % kSeconds] = Second{};
  }
  current_ = second;
}

void SlidingLatency::add(SimTime now, Duration latency) {
  roll(now);
  Second& s = seconds_[current_ % kSeconds];
  ++s.n;
  s.sum_ns += static_cast<double>(latency.ns);
}

Duration SlidingLatency::mean(SimTime now) {
  roll(now);
  std::uint64_t n = 0;
  double sum = 0;
  for (const auto& s : seconds_) {
    n += s.n;
    sum += s.sum_ns;
  }
  return n == 0 ? Duration::zero() : Duration{static_cast<std::int64_t>(sum / static_cast<double>(n))};
}

}  // namespace servesim
