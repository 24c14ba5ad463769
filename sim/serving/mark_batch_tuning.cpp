#include "sim/serving/mark_batch_tuning.hpp"

#include <algorithm>

namespace servesim {

MarkBatchTuning mark_batch_tuning(Duration rt_max, std::span<const Duration> latency, double nonbatched_rate_qps) {
  MarkBatchTuning best;
  if (latency.size() < 2) return best;
  // b / mu*_nb in nanoseconds; with the default rate it is exactly b * T_1.
  const auto sequential = [&](std::uint32_t b) {
    if (nonbatched_rate_qps <= 0) return Duration{latency[1].ns * b};
    return from_seconds(static_cast<double>(b) / nonbatched_rate_qps);
  };
  best.feasible = false;
  // "Gradually increase the batch size from 1 until at least one of the
  // constraints no longer holds" (section 4.3): stop at the first failure.
  for (std::uint32_t b = 1; b < latency.size(); ++b) {
    const Duration bound = std::min(rt_max, sequential(b));
    if (latency[b] > bound) break;
    best = {b, bound - latency[b], static_cast<double>(b) / latency[b].seconds(), true};
  }
  if (!best.feasible) best.max_rate_qps = 1.0 / latency[1].seconds();
  return best;
}

BatchDecision MarkBatcher::decide(const BatchContext& context) {
  if (!timeout_) {
    // The engine ends context.latency at the replica's batch cap; the batcher
    // applies its own max_batch too, so it holds when driven directly.
    std::span<const Duration> latency = context.latency;
    if (max_batch_ > 0 && max_batch_ + 1 < latency.size()) latency = latency.first(max_batch_ + 1);
    tuning_ = mark_batch_tuning(rt_max_, latency);
    timeout_ = std::make_unique<TimeoutBatcher>(tuning_->n_batch, tuning_->w_batch);
  }
  return timeout_->decide(context);
}

}  // namespace servesim
