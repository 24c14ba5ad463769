#include "sim/serving/batchers/nexus_batcher.hpp"

#include <algorithm>

namespace servesim {
namespace {

std::uint32_t window(std::size_t remaining, std::uint32_t max_batch) {
  return static_cast<std::uint32_t>(std::min<std::size_t>(remaining, max_batch));
}

}  // namespace

std::uint32_t early_drop_count(const BatchContext& context, std::uint32_t max_batch) {
  const std::size_t q = context.queue_length;
  if (context.queue == nullptr) {
    const bool head_fits = context.now + context.latency[window(q, max_batch)] <= context.head_deadline;
    return head_fits ? 0 : 1;
  }
  // Deadlines need not grow along the queue (pipelines, replayed deadlines), so
  // the scan tests each candidate head rather than bisecting.
  std::size_t i = 0;
  while (i < q && context.now + context.latency[window(q - i, max_batch)] > context.queue->deadline(i)) ++i;
  return static_cast<std::uint32_t>(i);
}

BatchDecision NexusBatcher::decide(const BatchContext& context) {
  const std::uint32_t b_star = max_batch_ == 0 ? context.max_batch : std::min(max_batch_, context.max_batch);
  if (const std::uint32_t drop = early_drop_count(context, b_star); drop > 0) return BatchDecision::drop(drop);
  // Work-conserving: what Proteus section 6.4 contrasts its own batching with.
  return BatchDecision::start(window(context.queue_length, b_star));
}

BatcherSpec nexus_batcher(std::uint32_t max_batch) { return settings_batcher<NexusBatcher>("nexus", max_batch); }

BatcherKind nexus_batcher_kind() {
  return {"nexus",
          "work-conserving; first drop head queries the batch would make late (Nexus)",
          {},
          [](const JsonNode&, std::uint32_t max_batch) { return nexus_batcher(max_batch); }};
}

}  // namespace servesim
