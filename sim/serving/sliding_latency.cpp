#include "sim/serving/sliding_latency.hpp"

#include <algorithm>

namespace servesim {

namespace {

// Bucket upper edges in ns, 1 us x 1.1^b, built by multiplication: exact to the
// bit on every machine (libm's log is not), and found by binary search, which
// also costs less than a logarithm per visit.
const std::array<double, SlidingLatency::kBuckets>& upper_edges() {
  static const std::array<double, SlidingLatency::kBuckets> edges = [] {
    std::array<double, SlidingLatency::kBuckets> e{};
    e[0] = 1e3;
    for (int b = 1; b < SlidingLatency::kBuckets; ++b) e[b] = e[b - 1] * 1.1;
    return e;
  }();
  return edges;
}

}  // namespace

int SlidingLatency::bucket_of(Duration latency) {
  const auto& edges = upper_edges();
  const auto it = std::lower_bound(edges.begin(), edges.end(), static_cast<double>(latency.ns));
  return std::min(kBuckets - 1, static_cast<int>(it - edges.begin()));
}

void SlidingLatency::roll(SimTime now) {
  const std::int64_t second = now.ns / 1'000'000'000;
  if (second == current_) return;
  for (std::int64_t s = std::max(current_ + 1, second - kSeconds + 1); s <= second; ++s) {
    Second& gone = seconds_[s % kSeconds];
    for (int b = gone.lo; b <= gone.hi; ++b) {
      window_counts_[b] -= gone.counts[b];
      gone.counts[b] = 0;
    }
    window_n_ -= gone.n;
    gone.n = 0;
    gone.sum_ns = 0;
    gone.lo = kBuckets;
    gone.hi = -1;
  }
  current_ = second;
}

void SlidingLatency::add(SimTime now, Duration latency) {
  roll(now);
  Second& s = seconds_[current_ % kSeconds];
  const int b = bucket_of(latency);
  ++s.counts[b];
  s.lo = std::min(s.lo, b);
  s.hi = std::max(s.hi, b);
  ++s.n;
  s.sum_ns += static_cast<double>(latency.ns);
  ++window_counts_[b];
  ++window_n_;
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
  const std::uint64_t n = window_n_;
  if (n == 0) return Duration::zero();
  const auto rank = static_cast<std::uint64_t>(std::ceil(q * static_cast<double>(n)));
  std::uint64_t seen = 0;
  for (int b = 0; b < kBuckets; ++b) {
    seen += window_counts_[b];
    if (seen >= rank) return from_nanos_double(upper_edges()[b]);  // the bucket's upper edge
  }
  return from_nanos_double(upper_edges()[kBuckets - 1]);
}

}  // namespace servesim
