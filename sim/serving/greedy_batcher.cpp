#include "sim/serving/greedy_batcher.hpp"

#include <algorithm>

namespace servesim {

BatchDecision GreedyBatcher::decide(const BatchContext& context) {
  return BatchDecision::start(
      static_cast<std::uint32_t>(std::min<std::size_t>(context.queue_length, context.max_batch)));
}

}  // namespace servesim
