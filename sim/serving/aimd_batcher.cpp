#include "sim/serving/aimd_batcher.hpp"

#include <algorithm>
#include <cmath>

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

}  // namespace servesim
