#include "sim/serving/sliding_latency.hpp"

#include <algorithm>
#include <bit>

namespace servesim {

namespace {

using Edges = std::array<double, SlidingLatency::kBuckets>;

// Bucket upper edges in ns, 1 us x 1.1^b, built by multiplication: exact to the
// bit on every machine (libm's log is not).
const Edges& upper_edges() {
  static const Edges edges = [] {
    Edges e{};
    e[0] = 1e3;
    for (int b = 1; b < SlidingLatency::kBuckets; ++b) e[b] = e[b - 1] * 1.1;
    return e;
  }();
  return edges;
}

// A latency's bucket is the first edge at or above it. Latencies are sorted
// into cells by their double's exponent and top 4 mantissa bits: a cell spans
// at most a factor 1 + 1/16, less than the 1.1 between edges, so it holds at
// most one edge, and the first edge at or above the cell's low end, or the
// next, is the answer: one table read and one comparison where a binary
// search over 220 edges mispredicted about every other step.
constexpr int kCellShift = 52 - 4;  // drop all but the top 4 of 52 mantissa bits
constexpr std::uint64_t kFirstCell = std::bit_cast<std::uint64_t>(1e3) >> kCellShift;  // cell of edge 0
constexpr std::uint64_t kCellCount = (std::bit_cast<std::uint64_t>(9.3e18) >> kCellShift) - kFirstCell + 1;  // to int64's max

static_assert(SlidingLatency::kBuckets <= 255, "a cell's first edge, or the end, fits a byte");

const std::array<std::uint8_t, kCellCount>& first_edge_of_cell() {
  static const auto table = [] {
    std::array<std::uint8_t, kCellCount> t{};
    const Edges& edges = upper_edges();
    for (std::uint64_t c = 0; c < kCellCount; ++c) {
      const double low = std::bit_cast<double>((kFirstCell + c) << kCellShift);
      t[c] = static_cast<std::uint8_t>(std::lower_bound(edges.begin(), edges.end(), low) - edges.begin());
    }
    return t;
  }();
  return table;
}

}  // namespace

int SlidingLatency::bucket_of(Duration latency) {
  const double ns = static_cast<double>(latency.ns);
  if (!(ns > 1e3)) return 0;  // at or below the first edge
  const int first = first_edge_of_cell()[(std::bit_cast<std::uint64_t>(ns) >> kCellShift) - kFirstCell];
  if (first >= kBuckets) return kBuckets - 1;
  const int bucket = ns <= upper_edges()[first] ? first : first + 1;
  return std::min(kBuckets - 1, bucket);
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
