#include "sim/serving/batchers/proteus_batcher.hpp"

#include <algorithm>

#include "sim/serving/batchers/nexus_batcher.hpp"

namespace servesim {

BatchDecision ProteusBatcher::decide(const BatchContext& context) {
  const std::uint32_t b_star = max_batch_ == 0 ? context.max_batch : std::min(max_batch_, context.max_batch);
  if (const std::uint32_t drop = early_drop_count(context, b_star); drop > 0) return BatchDecision::drop(drop);
  const std::size_t q = context.queue_length;
  if (q >= b_star) return BatchDecision::start(b_star);
  const auto size = static_cast<std::uint32_t>(q);
  // A head that never expires never forces a batch: wait for the next arrival.
  if (context.head_deadline.is_never()) return BatchDecision::wait_until(SimTime::never());
  // T_max_wait(q+1) = T_exp(1) - T_process(q+1); q + 1 <= B* <= max_batch here,
  // so the profile has that entry.
  const SimTime max_wait = context.head_deadline - context.latency[size + 1];
  if (context.now < max_wait) return BatchDecision::wait_until(max_wait);
  // Past T_max_wait(q+1) a batch of q+1 would make the head late: run q now
  // (the early-drop scan above has checked that q itself is still in time).
  return BatchDecision::start(size);
}

BatcherSpec proteus_batcher(std::uint32_t max_batch) { return settings_batcher<ProteusBatcher>("proteus", max_batch); }

BatcherKind proteus_batcher_kind() {
  return {"proteus",
          "wait until the head's deadline minus the latency of one more query (Proteus s5)",
          {},
          [](const JsonNode&, std::uint32_t max_batch) { return proteus_batcher(max_batch); }};
}

}  // namespace servesim
