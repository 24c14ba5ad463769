#pragma once
#include "sim/core/time.hpp"
#include "sim/serving/batcher.hpp"

namespace servesim {

// Fixed size with timeout (MArk's Nbatch and Wbatch, section 4.3): start when
// `size` queries wait, or when the oldest has waited `timeout`, whichever comes
// first; a timed-out batch takes what is there.
class TimeoutBatcher final : public Batcher {
 public:
  TimeoutBatcher(std::uint32_t size, Duration timeout) : size_(size), timeout_(timeout) {}
  BatchDecision decide(const BatchContext& context) override;

 private:
  std::uint32_t size_;  // 0: the replica's maximum batch
  Duration timeout_;
};

}  // namespace servesim
