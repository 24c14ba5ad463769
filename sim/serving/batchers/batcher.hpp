#pragma once
// When does an idle replica start a batch, and how large? Batchers are
// strategies: the replica asks its batcher whenever it has a free execution
// slot and the queue or the clock changed.
#include <cstdint>
#include <memory>
#include <span>
#include <string>

#include "sim/core/time.hpp"

namespace servesim {

// Read access to a replica's queue beyond its head, for batchers that look at
// more than the head (Nexus' early drop, Proteus' feasibility check).
class QueueView {
 public:
  virtual ~QueueView() = default;
  virtual std::size_t size() const = 0;
  virtual SimTime enqueued(std::size_t i) const = 0;  // i = 0 is the head
  virtual SimTime deadline(std::size_t i) const = 0;
};

struct BatchContext {
  SimTime now;
  std::size_t queue_length = 0;  // > 0 whenever decide() is called
  SimTime head_enqueued;
  SimTime head_deadline;
  std::uint32_t max_batch = 1;
  // latency[b] is the profiled latency of a batch of b (entry 0 unused).
  std::span<const Duration> latency;
  const QueueView* queue = nullptr;  // the whole queue, head first
  // How many visits this replica queued before the head: the i-th queued visit
  // is the (head_serial + i)-th the replica ever queued, an identity that
  // outlives a pop (the artifact batchers tell arrivals and timers apart by it).
  std::uint64_t head_serial = 0;
};

struct BatchDecision {
  std::uint32_t size = 0;              // > 0: start a batch of this size now
  SimTime wake_at = SimTime::never();  // size == 0: ask again then (or on the next enqueue)
  // Drop this many queries from the head first (counted as dropped); the
  // engine then asks again. Lets a batcher shed what can no longer be served.
  std::uint32_t drop_head = 0;
  // With size > 0: the batch takes the latency of a batch of `charge` (capped
  // at the replica's maximum) even if fewer queries were queued; 0 (every
  // batcher but the artifact ones): the latency of what it took.
  std::uint32_t charge = 0;

  static BatchDecision start(std::uint32_t size) { return {size, SimTime::never(), 0}; }
  static BatchDecision start_charged(std::uint32_t size, std::uint32_t charge) {
    return {size, SimTime::never(), 0, charge};
  }
  static BatchDecision wait_until(SimTime t) { return {0, t, 0}; }
  static BatchDecision drop(std::uint32_t n) { return {0, SimTime::never(), n}; }
};

class Batcher {
 public:
  virtual ~Batcher() = default;
  virtual BatchDecision decide(const BatchContext& context) = 0;
  // Feedback for adaptive batchers (AIMD): a batch finished, all on time or not.
  virtual void on_batch_done(std::uint32_t /*size*/, bool /*all_on_time*/) {}
  // When a batch of this replica started (after decide() asked for it and the
  // device took it), and when one ended (after on_batch_done), with
  // `serial_end`, how many visits the replica had queued by then (those with
  // head_serial + i below it came before the end). For batchers that replay an
  // event-driven simulator, which must know when their replica was busy; the
  // others ignore them.
  virtual void on_batch_start(SimTime /*now*/) {}
  virtual void on_batch_end(SimTime /*now*/, std::uint64_t /*serial_end*/) {}
};

// What makes each replica's batcher: every batcher but greedy reaches the
// engine this way, the engine's own (batcher_kind.hpp) and a policy's (the
// Proteus artifact's replays, infaas-v2's), so that the engine makes a batcher
// without knowing what it is. Each plug-in carries its own parameters;
// `max_batch` is the spec's, resolved by the engine as for every batcher.
class BatcherPlugin {
 public:
  virtual ~BatcherPlugin() = default;
  virtual std::string name() const = 0;  // as a scenario names it, for errors and docs
  virtual std::unique_ptr<Batcher> make(std::uint32_t max_batch) const = 0;
};

// A batcher as a scenario or a policy describes it. docs/batchers.md has the
// rules; each batcher's header has the function that builds its spec.
struct BatcherSpec {
  // 0: the variant's maximum on that device. For proteus and nexus this is B*,
  // the largest batch they will form (Proteus section 4: the largest batch whose
  // latency is at most half the SLO; the scenario or policy works it out).
  std::uint32_t max_batch = 0;
  // Null: greedy (greedy_batcher.hpp), the default.
  std::shared_ptr<const BatcherPlugin> plugin;
};

std::unique_ptr<Batcher> make_batcher(const BatcherSpec& spec);
// The batcher's name as a scenario writes it: its plug-in's name(), or "greedy".
std::string batcher_name(const BatcherSpec& spec);

}  // namespace servesim
