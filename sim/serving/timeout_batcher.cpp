#include "sim/serving/timeout_batcher.hpp"

#include <algorithm>

namespace servesim {

BatchDecision TimeoutBatcher::decide(const BatchContext& context) {
  const std::uint32_t target = size_ == 0 ? context.max_batch : std::min(size_, context.max_batch);
  if (context.queue_length >= target) return BatchDecision::start(target);
  const SimTime deadline = context.head_enqueued + timeout_;
  if (context.now >= deadline) return BatchDecision::start(static_cast<std::uint32_t>(context.queue_length));
  return BatchDecision::wait_until(deadline);
}

}  // namespace servesim
