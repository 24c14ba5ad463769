#pragma once
// A latency histogram with bounded relative error (DDSketch-style): bucket i
// covers (b[i-1], b[i]] with b[i] = b[i-1] * g, so any quantile read from it is
// within a fixed fraction of the exact one, whatever the scale. Its size is
// fixed at construction: a day-long run costs no more memory than a minute.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "sim/core/time.hpp"

namespace servesim {

class LatencyHistogram {
 public:
  // Buckets alone are within 0.4 %; rounding the estimate to whole nanoseconds
  // adds at most 0.05 % at 1 us, so quantiles stay within 0.5 % overall.
  static constexpr double kBucketAccuracy = 0.004;
  static constexpr double kQuantileAccuracy = 0.005;
  // Latencies at or below kLowest share an underflow bucket, those above
  // kHighest an overflow bucket; there the error bound does not hold (but the
  // minimum and maximum are still exact).
  static constexpr Duration kLowest{1'000};                   // 1 us
  static constexpr Duration kHighest{10'000'000'000'000LL};  // 10^4 s

  LatencyHistogram();

  // O(1): a table read and at most a step of correction.
  void record(Duration latency);
  void merge(const LatencyHistogram& other);
  void reset();

  std::uint64_t count() const { return count_; }
  // Exact (from a running sum), rounded to the nanosecond; zero when empty.
  Duration mean() const;
  Duration min() const { return count_ ? min_ : Duration::zero(); }
  Duration max() const { return count_ ? max_ : Duration::zero(); }
  // The nearest-rank quantile (the smallest recorded latency with at least a
  // fraction q of all latencies at or below it, so p99 of 3 latencies is the
  // largest), within kQuantileAccuracy relative error; the minimum and the
  // maximum are exact. Zero when empty.
  Duration quantile(double q) const;

  // Regular buckets plus the underflow and overflow buckets.
  static std::size_t bucket_count();

 private:
  std::size_t bucket_of(std::int64_t ns) const;
  Duration estimate(std::size_t bucket, std::uint64_t rank) const;
  void add_to_sum(std::int64_t ns);

  // [0] underflow, [1..n] regular, [n + 1] overflow.
  std::vector<std::uint64_t> counts_;
  std::uint64_t count_ = 0;
  // The sum in two parts, carrying every 10^18 ns, so that billions of
  // latencies of seconds each never overflow.
  std::int64_t sum_low_ns_ = 0;
  std::uint64_t sum_high_ = 0;
  Duration min_ = Duration::infinite();
  Duration max_ = Duration::zero();
};

}  // namespace servesim
