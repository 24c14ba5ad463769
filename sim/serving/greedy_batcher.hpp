#pragma once
#include "sim/serving/batcher.hpp"

namespace servesim {

// Work-conserving: whenever the replica is free, take everything queued up to
// the maximum batch.
class GreedyBatcher final : public Batcher {
 public:
  BatchDecision decide(const BatchContext& context) override;
};

}  // namespace servesim
