#include "sim/serving/batchers/aimd_batcher.hpp"

#include <algorithm>
#include <cmath>
#include <string>

namespace servesim {

AimdBatcher::AimdBatcher(std::uint32_t max_batch, std::uint32_t initial, std::uint32_t step, double decrease)
    : max_batch_(max_batch), step_(std::max(1u, step)), decrease_(decrease), size_(std::max(1u, initial)) {}

std::uint32_t AimdBatcher::cap(std::uint32_t replica_max) const {
  return max_batch_ == 0 ? replica_max : std::min(max_batch_, replica_max);
}

BatchDecision AimdBatcher::decide(const BatchContext& context) {
  replica_max_ = context.max_batch;
  size_ = std::min(size_, cap(replica_max_));
  return BatchDecision::start(static_cast<std::uint32_t>(std::min<std::size_t>(context.queue_length, size_)));
}

void AimdBatcher::on_batch_done(std::uint32_t /*size*/, bool all_on_time) {
  if (all_on_time) {
    size_ += step_;
    // Before the first decide() the replica's maximum is unknown; decide() clamps.
    if (replica_max_ > 0) size_ = std::min(size_, cap(replica_max_));
    else if (max_batch_ > 0) size_ = std::min(size_, max_batch_);
  } else {
    // floor(size * decrease) < size for decrease < 1: a late batch always backs off.
    const auto shrunk = static_cast<std::uint32_t>(std::floor(static_cast<double>(size_) * decrease_));
    size_ = std::max(1u, std::min(shrunk, size_ - 1));
  }
}

BatcherSpec aimd_batcher(std::uint32_t max_batch, std::uint32_t initial, std::uint32_t step, double decrease) {
  return settings_batcher<AimdBatcher>("aimd", max_batch, initial, step, decrease);
}

namespace {

BatcherSpec parse_aimd(const JsonNode& node, std::uint32_t max_batch) {
  const std::uint32_t initial = batch_count_or(node, "initial", 1);
  if (max_batch > 0 && initial > max_batch) {
    node.at("initial").fail("expected at most max_batch (" + std::to_string(max_batch) + ")");
  }
  const std::uint32_t step = batch_count_or(node, "step", 1);
  double decrease = 0.9;
  if (node.has("decrease")) {
    decrease = node.at("decrease").positive();
    if (decrease >= 1) node.at("decrease").fail("expected a factor in (0, 1)");
  }
  return aimd_batcher(max_batch, initial, step, decrease);
}

}  // namespace

BatcherKind aimd_batcher_kind() {
  return {"aimd",
          "batch size +step after an on-time batch, x decrease after a late one (Clipper)",
          {"initial", "step", "decrease"},
          parse_aimd};
}

}  // namespace servesim
