#pragma once
// The mean latency observed over the last few whole seconds, as a monitor
// would report it. Fixed memory: a count and a sum per second. (A per-second
// histogram for a 99th percentile was kept here until no policy read the
// percentile: it made a replica 11 KB and cost a bucket search per visit.)
#include <array>
#include <cstdint>

#include "sim/core/time.hpp"

namespace servesim {

class SlidingLatency {
 public:
  static constexpr int kSeconds = 10;

  void add(SimTime now, Duration latency);
  // Exact (the sum over the count), over the window including the current
  // second: a policy acting every second or two must see what just happened.
  Duration mean(SimTime now);

 private:
  struct Second {
    std::uint64_t n = 0;
    double sum_ns = 0;
  };
  void roll(SimTime now);

  std::array<Second, kSeconds> seconds_{};
  std::int64_t current_ = 0;
};

}  // namespace servesim
