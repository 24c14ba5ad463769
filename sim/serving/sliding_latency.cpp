#include "sim/serving/sliding_latency.hpp"

#include <algorithm>

namespace servesim {

int SlidingLatency::bucket_of(Duration latency) {
  const double us = static_cast<double>(latency.ns) / 1e3;
  if (us <= 1.0) return 0;
  return std::min(kBuckets - 1, static_cast<int>(std::ceil(std::log(us) / std::log(1.1))));
}

void SlidingLatency::roll(SimTime now) {
  const std::int64_t second = now.ns / 1'000'000'000;
  if (second == current_) return;
  for (std::int64_t s = std::max(current_ + 1, second - kSeconds + 1); s <= second; ++s) seconds_[s % kSeconds] = {};
  current_ = second;
}

void SlidingLatency::add(SimTime now, Duration latency) {
  roll(now);
  Second& s = seconds_[current_ % kSeconds];
  ++s.counts[bucket_of(latency)];
  ++s.n;
  s.sum_ns += static_cast<double>(latency.ns);
}

// Both read the window including the current second: a policy acting every
// second or two must see what just happened.
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

Duration SlidingLatency::quantile(SimTime now, double q) {
  roll(now);
  std::array<std::uint64_t, kBuckets> total{};
  std::uint64_t n = 0;
  for (const auto& s : seconds_) {
    for (int b = 0; b < kBuckets; ++b) total[b] += s.counts[b];
    n += s.n;
  }
  if (n == 0) return Duration::zero();
  const auto rank = static_cast<std::uint64_t>(std::ceil(q * static_cast<double>(n)));
  std::uint64_t seen = 0;
  for (int b = 0; b < kBuckets; ++b) {
    seen += total[b];
    if (seen >= rank) return from_nanos_double(1e3 * std::pow(1.1, b));  // the bucket's upper edge
  }
  return from_nanos_double(1e3 * std::pow(1.1, kBuckets - 1));
}

}  // namespace servesim
