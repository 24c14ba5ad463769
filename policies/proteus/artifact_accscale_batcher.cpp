#include "policies/proteus/artifact_accscale_batcher.hpp"

#include <algorithm>

namespace servesim {
namespace artifact_batching {

std::uint32_t b_star(std::uint32_t spec_max, std::uint32_t replica_max) {
  const std::uint32_t cap = std::max(1u, replica_max);
  if (spec_max > 0) return std::min(spec_max, cap);
  std::uint32_t largest = 1;
  for (std::uint32_t s : kAllowedSizes) {
    if (s <= cap) largest = s;
  }
  return largest;
}

std::uint32_t fill_size(std::size_t requests, std::uint32_t b_star) {
  if (requests == 0) return kAllowedSizes[std::size(kAllowedSizes) - 1];
  std::uint32_t chosen = kAllowedSizes[0];
  for (std::uint32_t s : kAllowedSizes) {
    if (s > b_star || s > requests) break;
    chosen = s;
  }
  return chosen;
}

std::uint32_t twice_deadline_drops(const BatchContext& context, std::size_t from) {
  std::uint32_t n = 0;
  for (std::size_t i = from; i < context.queue->size(); ++i) {
    const SimTime deadline = context.queue->deadline(i);
    if (deadline.is_never()) break;
    const SimTime limit = deadline + (deadline - context.queue->enqueued(i));
    if (!(context.now > limit)) break;
    ++n;
  }
  return n;
}

}  // namespace artifact_batching

namespace {

// The artifact's request.deadline: the SLO, here the visit's time left at enqueue.
Duration relative_deadline(const BatchContext& context, std::size_t i) {
  const SimTime deadline = context.queue->deadline(i);
  if (deadline.is_never()) return Duration::infinite();
  return deadline - context.queue->enqueued(i);
}

}  // namespace

Duration ArtifactAccscaleBatcher::latency(const BatchContext& context, std::uint32_t size) const {
  return context.latency[std::min<std::size_t>(size, context.latency.size() - 1)];
}

void ArtifactAccscaleBatcher::on_batch_start(SimTime /*now*/) {
  if (!batch_pending_) return;
  batch_pending_ = false;  // the engine took the model's batch off its queue
}

void ArtifactAccscaleBatcher::on_batch_end(SimTime now, std::uint64_t serial_end) {
  end_pending_ = true;
  end_at_ = now;
  end_serial_ = serial_end;
}

void ArtifactAccscaleBatcher::set_timer(std::uint64_t serial, SimTime at) {
  if (at.is_never()) return;
  // generate_slo_expiring: no second event at the time already set for this query.
  if (has_last_timer_ && last_timer_serial_ == serial && last_timer_at_ == at) return;
  timers_.push_back({at, serial});
  has_last_timer_ = true;
  last_timer_serial_ = serial;
  last_timer_at_ = at;
}

// generate_head_slo_expiring: drop heads that cannot make it even alone, then
// time the head for the batch its queue fills.
void ArtifactAccscaleBatcher::generate_head_timer(const BatchContext& context) {
  while (model_size() > 0 && latency(context, 1) > relative_deadline(context, index_of(context, head_))) ++head_;
  if (model_size() == 0) return;
  const SimTime deadline = context.queue->deadline(index_of(context, head_));
  if (deadline.is_never()) return;
  const std::uint32_t size = artifact_batching::fill_size(model_size(), b_star_);
  set_timer(head_, deadline - latency(context, size));
}

void ArtifactAccscaleBatcher::pop_while_first_expires(const BatchContext& context, SimTime clock) {
  while (model_size() > 0) {
    const SimTime deadline = context.queue->deadline(index_of(context, head_));
    const std::uint32_t size = artifact_batching::fill_size(model_size(), b_star_);
    if (deadline.is_never() || !(clock + latency(context, size) > deadline)) break;
    ++head_;
  }
  generate_head_timer(context);
}

void ArtifactAccscaleBatcher::process_batch(const BatchContext& context, SimTime clock, std::uint32_t size) {
  if (drop_twice_) {
    BatchContext at_clock = context;
    at_clock.now = clock;
    const std::size_t from = index_of(context, head_);
    const std::uint32_t expired = artifact_batching::twice_deadline_drops(at_clock, from);
    head_ += std::min<std::uint64_t>(expired, model_size());
  }
  const std::uint32_t charge = std::min(size, b_star_);
  const auto taken = static_cast<std::uint32_t>(std::min<std::size_t>(charge, model_size()));
  if (taken == 0) return;
  batch_pending_ = true;
  batch_first_ = head_;
  batch_count_ = taken;
  charge_ = charge;
  head_ += taken;
  busy_ = true;
  generate_head_timer(context);
}

void ArtifactAccscaleBatcher::on_arrival(const BatchContext& context, SimTime t) {
  ++seen_end_;
  if (busy_) {
    generate_head_timer(context);
    return;
  }
  pop_while_first_expires(context, t);
  if (model_size() == 0) return;
  const std::size_t q = model_size();
  const std::uint32_t size = artifact_batching::fill_size(q, b_star_);
  const SimTime deadline = context.queue->deadline(index_of(context, head_));
  if (deadline.is_never()) {
    // No deadline, no timer (the artifact has none such): serve what fills at once.
    process_batch(context, t, artifact_batching::fill_size(q, b_star_));
    return;
  }
  const SimTime max_wait = deadline - latency(context, size);
  if (t < max_wait) {
    set_timer(head_, max_wait);
  } else {
    process_batch(context, t, artifact_batching::fill_size(q - 1, b_star_));
  }
}

void ArtifactAccscaleBatcher::on_timer(const BatchContext& context, const Timer& timer) {
  if (busy_) {
    waiting_ = true;
    return;
  }
  const bool latest = has_last_timer_ && last_timer_serial_ == timer.serial && last_timer_at_ == timer.at;
  if (!latest || model_size() == 0 || head_ != timer.serial) return;
  process_batch(context, timer.at, artifact_batching::fill_size(model_size(), b_star_));
}

void ArtifactAccscaleBatcher::on_end(const BatchContext& context) {
  end_pending_ = false;
  busy_ = false;
  if (model_size() == 0) return;
  if (waiting_) {
    waiting_ = false;
    process_batch(context, end_at_, artifact_batching::fill_size(model_size(), b_star_));
  } else if (model_size() > b_star_) {
    process_batch(context, end_at_, b_star_);
  } else if (context.queue->deadline(index_of(context, head_)).is_never()) {
    process_batch(context, end_at_, artifact_batching::fill_size(model_size(), b_star_));  // no timer to wait for
  }
}

// Replays, in time order, the arrivals, the batch end and the timers up to now.
void ArtifactAccscaleBatcher::advance(const BatchContext& context) {
  const std::uint64_t engine_head = context.head_serial;
  const std::uint64_t tail = engine_head + context.queue_length;
  // The engine dropped what the model still held (its drop policy): forget it.
  if (head_ < engine_head) head_ = engine_head;
  if (seen_end_ < head_) seen_end_ = head_;
  if (batch_pending_ && engine_head > batch_first_) {
    // The model's batch left the queue without starting (the engine dropped
    // it all as late): the replica never became busy.
    batch_pending_ = false;
    busy_ = false;
  }
  while (true) {
    // The next engine event: an arrival queued before the pending end, the
    // end, or a later arrival.
    bool arrival = false, end = false;
    SimTime t = SimTime::never();
    if (seen_end_ < tail && (!end_pending_ || seen_end_ < end_serial_)) {
      arrival = true;
      t = context.queue->enqueued(index_of(context, seen_end_));
    } else if (end_pending_) {
      end = true;
      t = end_at_;
    }
    // Timers due by then fire first (at once if set in the past).
    const SimTime horizon = (arrival || end) ? t : context.now;
    auto next = std::min_element(timers_.begin(), timers_.end(),
                                 [](const Timer& a, const Timer& b) { return a.at < b.at; });
    if (next != timers_.end() && next->at <= horizon) {
      const Timer fired = *next;
      timers_.erase(next);
      on_timer(context, fired);
      continue;
    }
    if (arrival) {
      on_arrival(context, t);
    } else if (end) {
      on_end(context);
    } else {
      break;
    }
  }
}

BatchDecision ArtifactAccscaleBatcher::output(const BatchContext& context) {
  const std::uint64_t engine_head = context.head_serial;
  if (engine_head < head_) {
    if (batch_pending_ && engine_head == batch_first_) return BatchDecision::start_charged(batch_count_, charge_);
    const std::uint64_t until = batch_pending_ && engine_head < batch_first_ ? batch_first_ : head_;
    return BatchDecision::drop(static_cast<std::uint32_t>(until - engine_head));
  }
  if (busy_) return BatchDecision::wait_until(SimTime::never());  // one batch at a time
  // Idle: only the head's latest timer can start a batch.
  if (has_last_timer_ && model_size() > 0 && last_timer_serial_ == head_) {
    for (const Timer& timer : timers_) {
      if (timer.serial == head_ && timer.at == last_timer_at_) return BatchDecision::wait_until(timer.at);
    }
  }
  return BatchDecision::wait_until(SimTime::never());
}

BatchDecision ArtifactAccscaleBatcher::decide(const BatchContext& context) {
  b_star_ = artifact_batching::b_star(max_batch_, context.max_batch);
  if (context.queue == nullptr) {
    // No view of the queue: nothing to replay; serve what fills a batch.
    return BatchDecision::start(artifact_batching::fill_size(context.queue_length, b_star_));
  }
  advance(context);
  return output(context);
}

}  // namespace servesim
