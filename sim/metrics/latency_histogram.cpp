#include "sim/metrics/latency_histogram.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstddef>

#include "sim/metrics/nearest_rank.hpp"

namespace servesim {
namespace {

constexpr std::int64_t kSumCarry = 1'000'000'000'000'000'000LL;

// Bucket bounds built by repeated multiplication, not std::log/std::pow: IEEE
// multiplication is exact to the bit on every machine, libm is not, and the
// bounds decide which bucket (hence which reported quantile) a latency lands in.
// A latency's bucket is guessed from its double's exponent and top 8
// mantissa bits (a cell spans at most a factor 1 + 1/256, less than gamma,
// so it holds at most one bound) and the bounds have the final word: one
// table read and at most a step, where a logarithm per recorded latency was.
constexpr int kCellShift = 52 - 8;
std::uint64_t cell_of(double v) { return std::bit_cast<std::uint64_t>(v) >> kCellShift; }

struct BucketBounds {
  std::vector<double> upper;  // upper[0] = kLowest; upper[i] = upper[i - 1] * gamma
  double gamma;
  std::uint64_t first_cell;                  // cell_of(upper[0])
  std::vector<std::uint32_t> first_of_cell;  // by cell - first_cell: the first i >= 1 with upper[i] >= the cell's low end
};

const BucketBounds& bounds() {
  static const BucketBounds table = [] {
    BucketBounds b;
    constexpr double a = LatencyHistogram::kBucketAccuracy;
    b.gamma = (1 + a) / (1 - a);
    b.upper.push_back(static_cast<double>(LatencyHistogram::kLowest.ns));
    while (b.upper.back() < static_cast<double>(LatencyHistogram::kHighest.ns)) {
      b.upper.push_back(b.upper.back() * b.gamma);
    }
    b.first_cell = cell_of(b.upper.front());
    for (std::uint64_t c = b.first_cell; c <= cell_of(b.upper.back()); ++c) {
      const double low = std::bit_cast<double>(c << kCellShift);
      const auto at_or_above = std::lower_bound(b.upper.begin() + 1, b.upper.end(), low);
      b.first_of_cell.push_back(static_cast<std::uint32_t>(std::min(at_or_above - b.upper.begin(), static_cast<std::ptrdiff_t>(b.upper.size() - 1))));
    }
    return b;
  }();
  return table;
}

std::size_t regular_buckets() { return bounds().upper.size() - 1; }

}  // namespace

std::size_t LatencyHistogram::bucket_count() { return regular_buckets() + 2; }

LatencyHistogram::LatencyHistogram() : counts_(bucket_count(), 0) {}

std::size_t LatencyHistogram::bucket_of(std::int64_t ns) const {
  const auto& b = bounds();
  const std::size_t n = regular_buckets();
  const double v = static_cast<double>(ns);
  if (v <= b.upper[0]) return 0;
  if (v > b.upper[n]) return n + 1;
  // The cell only guesses; the bounds have the final word.
  std::size_t i = b.first_of_cell[cell_of(v) - b.first_cell];
  while (i > 1 && v <= b.upper[i - 1]) --i;
  while (i < n && v > b.upper[i]) ++i;
  return i;
}

void LatencyHistogram::record(Duration latency) {
  ++counts_[bucket_of(latency.ns)];
  ++count_;
  add_to_sum(latency.ns);
  min_ = std::min(min_, latency);
  max_ = std::max(max_, latency);
}

void LatencyHistogram::add_to_sum(std::int64_t ns) {
  sum_low_ns_ += ns;
  while (sum_low_ns_ >= kSumCarry) {
    sum_low_ns_ -= kSumCarry;
    ++sum_high_;
  }
}

void LatencyHistogram::merge(const LatencyHistogram& other) {
  if (other.count_ == 0) return;
  for (std::size_t i = 0; i < counts_.size(); ++i) counts_[i] += other.counts_[i];
  count_ += other.count_;
  sum_high_ += other.sum_high_;
  add_to_sum(other.sum_low_ns_);
  min_ = std::min(min_, other.min_);
  max_ = std::max(max_, other.max_);
}

void LatencyHistogram::reset() {
  std::fill(counts_.begin(), counts_.end(), 0);
  count_ = 0;
  sum_low_ns_ = 0;
  sum_high_ = 0;
  min_ = Duration::infinite();
  max_ = Duration::zero();
}

Duration LatencyHistogram::mean() const {
  if (count_ == 0) return Duration::zero();
  const double n = static_cast<double>(count_);
  const double ns = static_cast<double>(sum_high_) / n * static_cast<double>(kSumCarry) +
                    static_cast<double>(sum_low_ns_) / n;
  return Duration{std::llround(ns)};
}

Duration LatencyHistogram::quantile(double q) const {
  if (count_ == 0) return Duration::zero();
  const std::uint64_t rank = nearest_rank(q, count_);
  std::uint64_t below = 0;
  for (std::size_t i = 0; i < counts_.size(); ++i) {
    below += counts_[i];
    if (below > rank) return estimate(i, rank);
  }
  return max_;  // unreachable: the buckets hold count_ latencies
}

Duration LatencyHistogram::estimate(std::size_t bucket, std::uint64_t rank) const {
  // The extremes are known exactly; no need to estimate them.
  if (rank == 0) return min_;
  if (rank == count_ - 1) return max_;
  const auto& b = bounds();
  if (bucket == 0) return std::clamp(kLowest, min_, max_);
  if (bucket == counts_.size() - 1) return max_;
  // The point of (lo, hi] with equal relative distance to both ends.
  const double lo = b.upper[bucket - 1];
  const double hi = b.upper[bucket];
  const Duration mid{std::llround(2 * lo * hi / (lo + hi))};
  return std::clamp(mid, min_, max_);
}

}  // namespace servesim
