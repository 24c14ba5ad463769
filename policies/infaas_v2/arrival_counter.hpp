#pragma once
// The artifact's total_requests_arr: a family's arrivals in the last 1-s step
// before a scaling pass. Its step s holds the arrivals in (s, s + 1] seconds
// (its loop simulates up to and including each whole second; time 0 is step 0).
#include <cstdint>

#include "sim/core/time.hpp"

namespace servesim::infaas_v2 {

class ArrivalCounter {
 public:
  static std::int64_t step_of(SimTime t) {
    constexpr std::int64_t kSecond = 1'000'000'000;
    return t.ns <= 0 ? 0 : (t.ns - 1) / kSecond;
  }
  void count(SimTime arrival) {
    const std::int64_t step = step_of(arrival);
    if (step != step_) {
      previous_ = step == step_ + 1 ? current_ : 0;
      step_ = step;
      current_ = 0;
    }
    ++current_;
  }
  // Arrivals in step `step` (0 when it is neither the current nor the last).
  std::uint64_t in_step(std::int64_t step) const {
    if (step == step_) return current_;
    if (step == step_ - 1) return previous_;
    return 0;
  }

 private:
  std::int64_t step_ = 0;
  std::uint64_t current_ = 0;
  std::uint64_t previous_ = 0;
};

}  // namespace servesim::infaas_v2
