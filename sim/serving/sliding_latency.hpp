#pragma once
// Latencies observed over the last few whole seconds, as a monitor would
// report them: mean and 99th percentile. Fixed memory: a coarse log-bucketed
// histogram per second (buckets 10 % apart, so the tail is within 10 %).
#include <array>
#include <cmath>
#include <cstdint>

#include "sim/core/time.hpp"

namespace servesim {

class SlidingLatency {
 public:
  static constexpr int kSeconds = 10;
  static constexpr int kBuckets = 220;  // 1 us * 1.1^220 ~ 1.3e3 s

  void add(SimTime now, Duration latency);
  Duration mean(SimTime now);
  Duration quantile(SimTime now, double q);

 private:
  struct Second {
    std::array<std::uint32_t, kBuckets> counts{};
    std::uint64_t n = 0;
    double sum_ns = 0;
    // The buckets this second touched lie in [lo, hi]: a second's latencies
    // span a few of the 220, and rolling a second out visits only those.
    int lo = kBuckets;
    int hi = -1;
  };
  static int bucket_of(Duration latency);
  void roll(SimTime now);

  std::array<Second, kSeconds> seconds_{};
  // The window's counts per bucket, kept as seconds come and go, so that a
  // quantile scans one array (a monitor asks for it far more often than a
  // second rolls); integers, so the same as summing the seconds.
  std::array<std::uint64_t, kBuckets> window_counts_{};
  std::uint64_t window_n_ = 0;
  std::int64_t current_ = 0;
};

}  // namespace servesim
