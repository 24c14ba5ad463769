#pragma once
// Proteus' batching as the authors' simulator runs it (Proteus public code,
// core/predictor.py, batching algorithm "accscale", used by Proteus and by
// Sommelier), replayed event by event; the paper's reading is ProteusBatcher
// (proteus_batcher.hpp), and docs/batchers.md lists where the two differ.
//
// The artifact's predictor reacts to three events, and this batcher replays
// them in time order from what the engine shows it at each decide() (the
// queue with serial numbers, BatchContext::head_serial) and tells it
// (on_batch_start, on_batch_end):
//  - an arrival while idle: drop the heads that would miss their deadline in
//    the batch that would start now (pop_while_first_expires); with q queued,
//    take b = the largest allowed size that q fills, at most B*; set a timer
//    for the head at T_exp(head) - T(b) (SLO_EXPIRING) if that is still ahead,
//    else run a batch of the largest allowed size q - 1 fills at once;
//  - an arrival while busy: set the head's timer anew for the new q
//    (generate_head_slo_expiring);
//  - a timer: while busy it only raises a flag (any timer, even a stale one);
//    while idle it runs a batch of what q fills if it is the latest timer set
//    for the current head, and is ignored otherwise;
//  - a batch end: with the flag raised, lower it and run what q fills at once;
//    else run B* if more than B* are queued; else nothing (the head's timer
//    stands).
//  - every batch start sets the new head's timer; with drop_at_twice_deadline
//    (all but Sommelier) it first drops the queued queries more than twice
//    their SLO old (drop_expired_requests).
// Allowed sizes are {1, 2, 4, 8} (core/simulator.py). A batch runs as long as
// one of the size asked for, capped at B*, however many queries it took: the
// artifact's "q - 1" with one query queued asks for 8 (its find_batch_size(0)
// returns the last allowed size), and a queue thinned by the twice-deadline
// drop still runs at the full size.
//
// Where the engine differs from the artifact's event list:
//  - events at one instant: timers due then fire before an arrival or a batch
//    end at that instant (the artifact orders equal times by where a binary
//    search inserts them, which is arbitrary); an arrival at the instant a
//    batch ends counts as before the end if it was queued before the engine
//    ended the batch;
//  - a timer set in the past fires at once (the artifact's clock steps back
//    to it; the predictor is busy then in every case, so it only raises the
//    flag);
//  - drops are applied to the engine's queue when the batcher next decides
//    (a drop while the replica is busy waits for the batch end);
//  - the twice-deadline drop removes the expired queries at the head only
//    (the artifact removes them anywhere; with one SLO per replica, as there,
//    they are the head);
//  - one batch at a time, whatever the replica's concurrency.
// Relative deadlines are the visit's: deadline - enqueued. A head without a
// deadline (infinite SLO; the artifact has none) gets no timer: it is served
// at once with what fills a batch, on arrival or at a batch end.
#include <cstdint>
#include <vector>

#include "sim/serving/batchers/batcher.hpp"

namespace servesim {

// The artifact's batching arithmetic, shared with ArtifactAimdBatcher.
namespace artifact_batching {

inline constexpr std::uint32_t kAllowedSizes[] = {1, 2, 4, 8};

// B*: the spec's max_batch if given (the policy computes it: the largest
// allowed size whose latency is below half the SLO), else the largest allowed
// size; at most the replica's maximum.
std::uint32_t b_star(std::uint32_t spec_max, std::uint32_t replica_max);

// find_batch_size(requests): the largest allowed size that `requests` fills,
// at most b_star (1 if even 1 is above b_star); for 0 requests the last
// allowed size, 8 (the artifact indexes its list with -1).
std::uint32_t fill_size(std::size_t requests, std::uint32_t b_star);

// How many queries at the head the twice-deadline drop removes at `now`: those
// with now > enqueued + 2 x (deadline - enqueued).
std::uint32_t twice_deadline_drops(const BatchContext& context, std::size_t from);

}  // namespace artifact_batching

class ArtifactAccscaleBatcher final : public Batcher {
 public:
  // max_batch: B* (0: the largest allowed size the replica can run).
  ArtifactAccscaleBatcher(std::uint32_t max_batch, bool drop_at_twice_deadline)
      : max_batch_(max_batch), drop_twice_(drop_at_twice_deadline) {}
  BatchDecision decide(const BatchContext& context) override;
  void on_batch_start(SimTime now) override;
  void on_batch_end(SimTime now, std::uint64_t serial_end) override;

  // For tests: the flag a timer raises while the replica is busy.
  bool expiring_waiting() const { return waiting_; }

 private:
  struct Timer {
    SimTime at;
    std::uint64_t serial;  // the query it was set for
  };

  // The replay, over the queue of this decide().
  void advance(const BatchContext& context);
  void on_arrival(const BatchContext& context, SimTime t);
  void on_timer(const BatchContext& context, const Timer& timer);
  void on_end(const BatchContext& context);
  void process_batch(const BatchContext& context, SimTime clock, std::uint32_t size);
  void pop_while_first_expires(const BatchContext& context, SimTime clock);
  void generate_head_timer(const BatchContext& context);
  void set_timer(std::uint64_t serial, SimTime at);
  BatchDecision output(const BatchContext& context);

  std::size_t model_size() const { return static_cast<std::size_t>(seen_end_ - head_); }
  std::size_t index_of(const BatchContext& context, std::uint64_t serial) const {
    return static_cast<std::size_t>(serial - context.head_serial);
  }
  Duration latency(const BatchContext& context, std::uint32_t size) const;

  std::uint32_t max_batch_;
  bool drop_twice_;
  std::uint32_t b_star_ = 1;  // of the current decide()

  // The artifact predictor's state. Its queue is the serials [head_, seen_end_):
  // head_ may run ahead of the engine's head (pops not yet applied), seen_end_
  // behind its tail (arrivals not yet replayed).
  std::uint64_t head_ = 0;
  std::uint64_t seen_end_ = 0;
  bool busy_ = false;
  bool waiting_ = false;  // expiring_waiting
  std::vector<Timer> timers_;  // SLO_EXPIRING events not yet fired
  bool has_last_timer_ = false;  // slo_expiring_dict, for the head: its latest timer
  std::uint64_t last_timer_serial_ = 0;
  SimTime last_timer_at_;
  // The batch the model started and the engine has not: serials
  // [batch_first_, batch_first_ + batch_count_), running as `charge_`.
  bool batch_pending_ = false;
  std::uint64_t batch_first_ = 0;
  std::uint32_t batch_count_ = 0;
  std::uint32_t charge_ = 0;
  // A batch end the engine reported and the replay has not reached.
  bool end_pending_ = false;
  SimTime end_at_;
  std::uint64_t end_serial_ = 0;
};

}  // namespace servesim
