#include "sim/serving/batchers/greedy_batcher.hpp"

#include <algorithm>

namespace servesim {

BatchDecision GreedyBatcher::decide(const BatchContext& context) {
  return BatchDecision::start(
      static_cast<std::uint32_t>(std::min<std::size_t>(context.queue_length, context.max_batch)));
}

BatcherKind greedy_batcher_kind() {
  return {"greedy",
          "work-conserving: take up to max_batch whenever the replica is free",
          {},
          [](const JsonNode&, std::uint32_t max_batch) { return BatcherSpec{max_batch, nullptr}; }};
}

}  // namespace servesim
