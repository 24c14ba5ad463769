#include "policies/infaas_v2/infaas_v2_batcher.hpp"

#include <algorithm>
#include <array>

namespace servesim {
namespace {

constexpr std::array<std::uint32_t, 4> kAllowedBatches = {1, 2, 4, 8};

}  // namespace

std::uint32_t InfaasV2Batcher::filled_batch(std::size_t queued, std::uint32_t cap) {
  std::uint32_t best = 0;
  for (const std::uint32_t b : kAllowedBatches) {
    if (b > cap || b > queued) break;
    best = b;
  }
  return best;
}

Duration InfaasV2Batcher::latency_of(const BatchContext& context, std::uint32_t size) const {
  if (context.latency.size() < 2) return Duration::zero();
  const std::size_t b = std::min<std::size_t>(std::max<std::uint32_t>(size, 1), context.latency.size() - 1);
  return context.latency[b];
}

// The first query that came while the last batch ran sets the timer (the
// artifact sets it in enqueue_request when the predictor is busy). The engine
// asks only an idle replica, so the queue is read once after each batch.
void InfaasV2Batcher::arm_timer_from_busy_arrivals(const BatchContext& context) {
  if (!scan_pending_) return;
  scan_pending_ = false;
  if (timer_spent_ || context.queue == nullptr) return;
  for (std::size_t i = 0; i < context.queue->size(); ++i) {
    const SimTime enqueued = context.queue->enqueued(i);
    if (enqueued >= busy_until_) break;
    if (enqueued < busy_from_) continue;  // was waiting before the batch started
    const Duration slo = context.queue->deadline(i) - enqueued;
    timer_at_ = enqueued + slo - latency_of(context, batch_);
    timer_spent_ = true;
    return;
  }
}

// process_batch's drop_expired_requests: older than expiry x the query's SLO.
std::uint32_t InfaasV2Batcher::expired_at_head(const BatchContext& context) const {
  if (context.queue == nullptr) return 0;
  std::uint32_t n = 0;
  for (std::size_t i = 0; i < context.queue->size(); ++i) {
    const SimTime enqueued = context.queue->enqueued(i);
    const Duration slo = context.queue->deadline(i) - enqueued;
    if (context.now <= enqueued + scaled(slo, expiry_)) break;
    ++n;
  }
  return n;
}

BatchDecision InfaasV2Batcher::decide(const BatchContext& context) {
  if (batch_ == 0) return BatchDecision::drop(static_cast<std::uint32_t>(context.queue_length));
  arm_timer_from_busy_arrivals(context);
  if (!timer_at_.is_never() && context.now > timer_at_) timer_at_ = SimTime::never();  // rang while busy or empty

  std::uint32_t size = 0;
  if (committed_ > 0 && committed_at_ == context.now) {
    size = committed_;
  } else if (context.queue_length >= batch_) {
    size = batch_;
  } else if (timer_at_ == context.now) {
    size = filled_batch(context.queue_length, batch_);
    timer_at_ = SimTime::never();
  }
  committed_ = 0;
  if (size == 0) return BatchDecision::wait_until(timer_at_);

  if (const std::uint32_t expired = expired_at_head(context); expired > 0) {
    committed_ = size;  // the engine asks again at once, with the rest
    committed_at_ = context.now;
    return BatchDecision::drop(expired);
  }
  const auto taken = static_cast<std::uint32_t>(std::min<std::size_t>(size, context.queue_length));
  busy_from_ = context.now;
  busy_until_ = context.now + latency_of(context, taken);
  scan_pending_ = true;
  return BatchDecision::start(size);
}

}  // namespace servesim
