#pragma once
#include "sim/serving/batchers/batcher.hpp"
#include "sim/serving/batchers/batcher_kind.hpp"

namespace servesim {

// Work-conserving: whenever the replica is free, take everything queued up to
// the maximum batch.
class GreedyBatcher final : public Batcher {
 public:
  BatchDecision decide(const BatchContext& context) override;
};

// {"kind": "greedy"}, the default: a BatcherSpec without a plug-in.
BatcherKind greedy_batcher_kind();

}  // namespace servesim
