#include "policies/proteus/artifact_aimd_batcher.hpp"

#include <algorithm>
#include <iterator>

#include "policies/proteus/artifact_accscale_batcher.hpp"

namespace servesim {

BatchDecision ArtifactAimdBatcher::decide(const BatchContext& context) {
  const std::size_t q = context.queue_length;
  if (pending_) {
    pending_ = false;
    if (context.now == pending_at_ && context.head_serial == pending_head_) {
      return BatchDecision::start_charged(static_cast<std::uint32_t>(std::min<std::size_t>(pending_charge_, q)),
                                          pending_charge_);
    }
  }
  if (busy_ || q < size_) return BatchDecision::wait_until(SimTime::never());
  const std::uint32_t charge = std::min(size_, artifact_batching::b_star(max_batch_, context.max_batch));
  if (drop_twice_ && context.queue != nullptr) {
    if (const std::uint32_t expired = artifact_batching::twice_deadline_drops(context, 0); expired > 0) {
      pending_ = expired < q;  // all expired: no batch (process_batch dequeues nothing)
      pending_at_ = context.now;
      pending_head_ = context.head_serial + expired;
      pending_charge_ = charge;
      return BatchDecision::drop(expired);
    }
  }
  return BatchDecision::start_charged(static_cast<std::uint32_t>(std::min<std::size_t>(charge, q)), charge);
}

void ArtifactAimdBatcher::on_batch_done(std::uint32_t /*size*/, bool all_on_time) {
  const auto* sizes = std::begin(artifact_batching::kAllowedSizes);
  const auto count = static_cast<std::ptrdiff_t>(std::size(artifact_batching::kAllowedSizes));
  const std::ptrdiff_t at = std::find(sizes, sizes + count, size_) - sizes;
  if (all_on_time) {
    if (at + 1 < count) size_ = sizes[at + 1];
  } else if (at > 0) {
    size_ = sizes[at - 1];
  }
}

void ArtifactAimdBatcher::on_batch_start(SimTime /*now*/) { busy_ = true; }

void ArtifactAimdBatcher::on_batch_end(SimTime /*now*/, std::uint64_t /*serial_end*/) { busy_ = false; }

}  // namespace servesim
