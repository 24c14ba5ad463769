#pragma once
// Events per second over the last few whole seconds, as a monitor that polls
// counters would report it. Fixed memory: one counter per second of window.
#include <algorithm>
#include <array>
#include <cstdint>

#include "sim/core/time.hpp"

namespace servesim {

class SlidingRate {
 public:
  static constexpr int kSeconds = 10;

  void add(SimTime now, std::uint32_t count = 1) {
    roll(now);
    buckets_[current_ % kBuckets] += count;
  }
  // Rate over the last kSeconds complete seconds (the current one excluded).
  double per_second(SimTime now) {
    roll(now);
    std::uint64_t sum = 0;
    for (int i = 1; i <= kSeconds; ++i) {
      if (current_ - i < 0) break;
      sum += buckets_[(current_ - i) % kBuckets];
    }
    const std::int64_t seconds = current_ < kSeconds ? current_ : kSeconds;
    return seconds == 0 ? 0.0 : static_cast<double>(sum) / static_cast<double>(seconds);
  }

 private:
  void roll(SimTime now) {
    const std::int64_t second = now.ns / 1'000'000'000;
    if (second == current_) return;
    const std::int64_t clear_from = std::max(current_ + 1, second - kSeconds);
    for (std::int64_t s = clear_from; s <= second; ++s) buckets_[s % kBuckets] = 0;
    current_ = second;
  }

  static constexpr int kBuckets = kSeconds + 1;  // the current second and kSeconds complete ones
  std::array<std::uint64_t, kBuckets> buckets_{};
  std::int64_t current_ = 0;
};

}  // namespace servesim
