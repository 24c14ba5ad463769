#include "sim/serving/batchers/timeout_batcher.hpp"

#include <algorithm>

namespace servesim {

BatchDecision TimeoutBatcher::decide(const BatchContext& context) {
  const std::uint32_t target = size_ == 0 ? context.max_batch : std::min(size_, context.max_batch);
  if (context.queue_length >= target) return BatchDecision::start(target);
  const SimTime deadline = context.head_enqueued + timeout_;
  if (context.now >= deadline) return BatchDecision::start(static_cast<std::uint32_t>(context.queue_length));
  return BatchDecision::wait_until(deadline);
}

BatcherSpec timeout_batcher(std::uint32_t max_batch, Duration timeout) {
  return settings_batcher<TimeoutBatcher>("timeout", max_batch, timeout);
}

BatcherKind timeout_batcher_kind() {
  return {"timeout",
          "start at max_batch queued or when the head waited timeout_ms (MArk)",
          {"timeout_ms"},
          [](const JsonNode& node, std::uint32_t max_batch) {
            return timeout_batcher(max_batch, node.at("timeout_ms").millis_in(0));
          }};
}

}  // namespace servesim
