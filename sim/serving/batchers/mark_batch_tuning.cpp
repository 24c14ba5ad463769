#include "sim/serving/batchers/mark_batch_tuning.hpp"

#include <algorithm>

namespace servesim {
namespace {

// The shortest window in which a batch of b fills when requests come at the
// rate the batch serves them, b / T_b: the b - 1 after the first take
// (b - 1) / b x T_b. A shorter window closes batches before they fill, so the
// instance serves below the rate the planner counts it at; a longer one only
// adds waiting.
Duration filling_window(std::uint32_t b, Duration batch_latency) {
  return Duration{batch_latency.ns / b * (b - 1) + batch_latency.ns % b * (b - 1) / b};
}

}  // namespace

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
  // Each b is checked with the window its batch needs to fill: a shorter one
  // closes it before it fills, and it would not serve b per T_b.
  for (std::uint32_t b = 1; b < latency.size(); ++b) {
    const Duration window = filling_window(b, latency[b]);
    if (window + latency[b] > std::min(rt_max, sequential(b))) break;
    best = {b, window, static_cast<double>(b) / latency[b].seconds(), true};
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

BatcherSpec mark_batcher(std::uint32_t max_batch, Duration rt_max) {
  return settings_batcher<MarkBatcher>("mark", max_batch, rt_max);
}

BatcherKind mark_batcher_kind() {
  return {"mark",
          "timeout batcher with Nbatch, Wbatch from slo_ms and the profile (MArk s4.3)",
          {"slo_ms"},
          [](const JsonNode& node, std::uint32_t max_batch) {
            return mark_batcher(max_batch, node.at("slo_ms").millis_in(1e-3));
          }};
}

}  // namespace servesim
