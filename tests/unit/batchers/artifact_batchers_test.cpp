// The artifact batchers (the Proteus artifact's accscale and aimd batching,
// Proteus public code, core/predictor.py) driven decide() by decide() as the
// engine drives them: a queue with serial numbers, the batch start and end
// notifications. Every expected number is worked out from the artifact's rules
// in the comments, not from running the code.
#include <gtest/gtest.h>

#include <utility>
#include <vector>

#include "fake_queue.hpp"
#include "policies/proteus/artifact_accscale_batcher.hpp"
#include "policies/proteus/artifact_aimd_batcher.hpp"
#include "policies/proteus/artifact_batcher_plugin.hpp"

namespace servesim::test {
namespace {

// T(b) at the artifact's sizes: 1:5 2:6 4:8 8:12 ms (the GPU-like table).
const std::vector<Duration> kGpu = gpu_like_table();

// A slow table for long batches: 1:10 2:12 4:16 8:24 ms (others unused).
std::vector<Duration> slow_table() {
  std::vector<Duration> t(9, from_millis(30));
  t[1] = from_millis(10);
  t[2] = from_millis(12);
  t[4] = from_millis(16);
  t[8] = from_millis(24);
  return t;
}

// The replica's queue as the engine keeps it: FIFO, each visit numbered in
// arrival order (BatchContext::head_serial is the head's number).
class SerialQueue final : public QueueView {
 public:
  // Queues a query at `at_ms` with an SLO of `slo_ms`.
  void arrive(double at_ms_, double slo_ms) { entries_.push_back({at_ms(at_ms_), at_ms(at_ms_ + slo_ms)}); }
  void arrive_without_deadline(double at_ms_) { entries_.push_back({at_ms(at_ms_), SimTime::never()}); }
  void pop(std::size_t n) {
    entries_.erase(entries_.begin(), entries_.begin() + static_cast<std::ptrdiff_t>(n));
    head_serial_ += n;
  }
  std::size_t size() const override { return entries_.size(); }
  SimTime enqueued(std::size_t i) const override { return entries_.at(i).first; }
  SimTime deadline(std::size_t i) const override { return entries_.at(i).second; }
  std::uint64_t head_serial() const { return head_serial_; }
  std::uint64_t serial_end() const { return head_serial_ + entries_.size(); }

 private:
  std::vector<std::pair<SimTime, SimTime>> entries_;
  std::uint64_t head_serial_ = 0;
};

BatchContext context_at(double now_ms, const SerialQueue& q, const std::vector<Duration>& latency,
                        std::uint32_t max_batch) {
  BatchContext c;
  c.now = at_ms(now_ms);
  c.queue_length = q.size();
  c.head_enqueued = q.enqueued(0);
  c.head_deadline = q.deadline(0);
  c.max_batch = max_batch;
  c.latency = std::span<const Duration>(latency).first(max_batch + 1);
  c.queue = &q;
  c.head_serial = q.head_serial();
  return c;
}

// Asks the batcher as the engine does: drops are applied and it is asked again;
// a start takes the batch off the queue and notifies the batcher.
BatchDecision ask(Batcher& b, double now_ms, SerialQueue& q, const std::vector<Duration>& latency,
                  std::uint32_t max_batch, std::uint32_t* dropped = nullptr) {
  while (q.size() > 0) {
    const BatchDecision d = b.decide(context_at(now_ms, q, latency, max_batch));
    if (d.drop_head > 0) {
      q.pop(d.drop_head);
      if (dropped) *dropped += d.drop_head;
      continue;
    }
    if (d.size > 0) {
      q.pop(std::min<std::size_t>(d.size, q.size()));
      b.on_batch_start(at_ms(now_ms));
    }
    return d;
  }
  return BatchDecision::wait_until(SimTime::never());
}

void expect_wait(const BatchDecision& d, double until_ms) {
  EXPECT_EQ(d.size, 0u);
  EXPECT_EQ(d.wake_at, at_ms(until_ms));
}
void expect_never(const BatchDecision& d) {
  EXPECT_EQ(d.size, 0u);
  EXPECT_TRUE(d.wake_at.is_never());
}
void expect_start(const BatchDecision& d, std::uint32_t size, std::uint32_t charge) {
  EXPECT_EQ(d.size, size);
  EXPECT_EQ(d.charge, charge);
}

// ---- shared arithmetic ------------------------------------------------------

TEST(ArtifactBatching, FillSizeIsTheLargestAllowedSizeTheQueueFillsUpToBStar) {
  using artifact_batching::fill_size;
  EXPECT_EQ(fill_size(1, 8), 1u);
  EXPECT_EQ(fill_size(3, 8), 2u);
  EXPECT_EQ(fill_size(7, 8), 4u);
  EXPECT_EQ(fill_size(100, 8), 8u);
  EXPECT_EQ(fill_size(100, 4), 4u);
  EXPECT_EQ(fill_size(5, 3), 2u);  // a B* outside the list caps the search
  // find_batch_size(0) indexes the list with -1: the last allowed size.
  EXPECT_EQ(fill_size(0, 4), 8u);
}

TEST(ArtifactBatching, BStarIsTheSpecsElseTheLargestAllowedSize) {
  using artifact_batching::b_star;
  EXPECT_EQ(b_star(4, 32), 4u);
  EXPECT_EQ(b_star(0, 32), 8u);
  EXPECT_EQ(b_star(0, 6), 4u);
  EXPECT_EQ(b_star(8, 6), 6u);
}

// ---- accscale (Proteus, Sommelier) -----------------------------------------

TEST(ArtifactAccscale, LoneQueryWaitsUntilExpiryMinusItsOwnLatency) {
  // q = 1, deadline 25: the batch q fills is 1, so the timer is 25 - T(1) = 20
  // (the paper's rule, ProteusBatcher, waits until 25 - T(2) = 19).
  ArtifactAccscaleBatcher b(8, true);
  SerialQueue q;
  q.arrive(0, 25);
  expect_wait(ask(b, 0, q, kGpu, 8), 20);
  expect_start(ask(b, 20, q, kGpu, 8), 1, 1);
}

TEST(ArtifactAccscale, StaleTimerFiringWhileBusyRaisesAFlagThatOutlivesAnEmptyQueue) {
  ArtifactAccscaleBatcher b(8, true);
  SerialQueue q;
  q.arrive(0, 25);
  expect_wait(ask(b, 0, q, kGpu, 8), 20);
  // The second arrival re-times the head for a batch of 2: 25 - T(2) = 19. The
  // timer at 20 stays in the event list.
  q.arrive(5, 25);
  expect_wait(ask(b, 5, q, kGpu, 8), 19);
  expect_start(ask(b, 19, q, kGpu, 8), 2, 2);  // runs 19..25
  EXPECT_FALSE(b.expiring_waiting());
  // At 20 the stale timer fires while busy: expiring_waiting. The batch ends at
  // 25 with nothing queued, so the flag stays up.
  b.on_batch_end(at_ms(25), q.serial_end());
  // A lone query at 100 times itself to 120 and runs 120..125.
  q.arrive(100, 25);
  expect_wait(ask(b, 100, q, kGpu, 8), 120);
  EXPECT_TRUE(b.expiring_waiting());
  expect_start(ask(b, 120, q, kGpu, 8), 1, 1);
  // One arriving at 121, while busy, is timed to 146 - T(1) = 141, but at the
  // end (125) the flag starts it at once.
  q.arrive(121, 25);
  b.on_batch_end(at_ms(125), q.serial_end());
  expect_start(ask(b, 125, q, kGpu, 8), 1, 1);
  EXPECT_FALSE(b.expiring_waiting());
}

TEST(ArtifactAccscale, ArrivalDropsAHeadTheLargerBatchWouldMakeLate) {
  ArtifactAccscaleBatcher b(8, true);
  SerialQueue q;
  q.arrive(0, 25);  // head, expires 25, timed to 20
  expect_wait(ask(b, 0, q, kGpu, 8), 20);
  // At 19.5 a second arrives: a batch of 2 now ends at 25.5 > 25, so the head
  // is dropped (pop_while_first_expires); the newcomer alone is timed to
  // 44.5 - T(1) = 39.5.
  q.arrive(19.5, 25);
  std::uint32_t dropped = 0;
  expect_wait(ask(b, 19.5, q, kGpu, 8, &dropped), 39.5);
  EXPECT_EQ(dropped, 1u);
  EXPECT_EQ(q.size(), 1u);
  // At 20 the dropped head's timer fires on an idle replica: stale, ignored.
  // A third query arriving then makes a batch of 2: 44.5 - T(2) = 38.5.
  q.arrive(20, 25);
  expect_wait(ask(b, 20, q, kGpu, 8), 38.5);
  EXPECT_FALSE(b.expiring_waiting());
}

TEST(ArtifactAccscale, AtItsLastMomentAnArrivalRunsTheBatchOneSmaller) {
  ArtifactAccscaleBatcher b(8, true);
  SerialQueue q;
  q.arrive(0, 25);
  expect_wait(ask(b, 0, q, kGpu, 8), 20);
  // At 19 exactly: 19 + T(2) = 25 keeps the head, but the wait for a batch
  // of 2 ends at 25 - T(2) = 19, now: run what q - 1 = 1 fills, the head alone.
  // The head timer just set for 19 fires at once, while busy: flag up.
  q.arrive(19, 25);
  expect_start(ask(b, 19, q, kGpu, 8), 1, 1);
  EXPECT_TRUE(b.expiring_waiting());
  // So at the end (24) the second (timed to 44 - 5 = 39) starts at once.
  b.on_batch_end(at_ms(24), q.serial_end());
  expect_start(ask(b, 24, q, kGpu, 8), 1, 1);
}

TEST(ArtifactAccscale, QMinusOneOfNothingAsksForEightAndRunsAsBStar) {
  // A lone query whose SLO is T(1) = 10 on the slow table: 0 + 10 <= 10 keeps
  // it, the wait ends at 10 - 10 = 0, now; q - 1 = 0 and find_batch_size(0)
  // is 8: process_batch(8) caps it at B* and runs one query as a batch of B*.
  {
    ArtifactAccscaleBatcher b(8, true);
    SerialQueue q;
    q.arrive(0, 10);
    expect_start(ask(b, 0, q, slow_table(), 8), 1, 8);
  }
  {
    ArtifactAccscaleBatcher b(4, true);
    SerialQueue q;
    q.arrive(0, 10);
    expect_start(ask(b, 0, q, slow_table(), 8), 1, 4);
  }
}

TEST(ArtifactAccscale, TwiceDeadlineDropAtBatchStartAndTheBatchKeepsItsSize) {
  // Slow table, B* = 8. X (0, SLO 10) runs alone as a batch of 8: 0..24, and
  // its timer (at 0) raises the flag. While busy: Y (1, SLO 11: expires 12,
  // twice-deadline point 23) is timed to 12 - 10 = 2; Z (2, SLO 50) re-times
  // Y to 12 - T(2) = 0. At 24 the flag asks for a batch of what 2 fills, 2.
  for (const bool drop_twice : {true, false}) {
    ArtifactAccscaleBatcher b(8, drop_twice);
    SerialQueue q;
    const std::vector<Duration> slow = slow_table();
    q.arrive(0, 10);
    expect_start(ask(b, 0, q, slow, 8), 1, 8);
    q.arrive(1, 11);
    q.arrive(2, 50);
    b.on_batch_end(at_ms(24), q.serial_end());
    std::uint32_t dropped = 0;
    const BatchDecision d = ask(b, 24, q, slow, 8, &dropped);
    if (drop_twice) {
      // Proteus: 24 > 23 drops Y; Z alone still runs as a batch of 2.
      EXPECT_EQ(dropped, 1u);
      expect_start(d, 1, 2);
    } else {
      // Sommelier: no such drop, Y and Z together.
      EXPECT_EQ(dropped, 0u);
      expect_start(d, 2, 2);
    }
  }
}

TEST(ArtifactAccscale, AtABatchEndMoreThanBStarQueuedStartsBStarElseTheTimerStands) {
  // B* = 2. A (0, SLO 25) runs 20..25. While busy: B (21), C (22), D (23),
  // all SLO 25. B is the new head: timed 46 - T(1) = 41 at 21, then
  // 46 - T(2) = 40 at 22 (and at 23, the same time: no new timer). No timer
  // fires before 25, so no flag; at 25, 3 > B* queued: a batch of 2 (B, C)
  // runs 25..31, and D is timed 48 - T(1) = 43.
  ArtifactAccscaleBatcher b(2, true);
  SerialQueue q;
  q.arrive(0, 25);
  expect_wait(ask(b, 0, q, kGpu, 2), 20);
  expect_start(ask(b, 20, q, kGpu, 2), 1, 1);
  q.arrive(21, 25);
  q.arrive(22, 25);
  q.arrive(23, 25);
  b.on_batch_end(at_ms(25), q.serial_end());
  expect_start(ask(b, 25, q, kGpu, 2), 2, 2);
  // At 31 one (D) is queued, not more than B*, no flag: wait for D's timer. The
  // stale timers at 40 and 41 fire on an idle replica and are ignored.
  b.on_batch_end(at_ms(31), q.serial_end());
  expect_wait(ask(b, 31, q, kGpu, 2), 43);
  expect_start(ask(b, 43, q, kGpu, 2), 1, 1);
}

TEST(ArtifactAccscale, AtABatchEndBStarQueuedWaits) {
  // As above with only B and C: at 25, 2 = B* queued is not more than B*:
  // the head's timer (40) stands.
  ArtifactAccscaleBatcher b(2, true);
  SerialQueue q;
  q.arrive(0, 25);
  expect_wait(ask(b, 0, q, kGpu, 2), 20);
  expect_start(ask(b, 20, q, kGpu, 2), 1, 1);
  q.arrive(21, 25);
  q.arrive(22, 25);
  b.on_batch_end(at_ms(25), q.serial_end());
  expect_wait(ask(b, 25, q, kGpu, 2), 40);
  expect_start(ask(b, 40, q, kGpu, 2), 2, 2);
}

TEST(ArtifactAccscale, AHeadWithoutDeadlineIsServedAtOnce) {
  // No deadline, no timer to wait for: what fills a batch starts at once, on
  // arrival (1 at 0, 0..5) and at a batch end (2 queued at 5: a batch of 2).
  ArtifactAccscaleBatcher b(8, true);
  SerialQueue q;
  q.arrive_without_deadline(0);
  expect_start(ask(b, 0, q, kGpu, 8), 1, 1);
  q.arrive_without_deadline(1);
  q.arrive_without_deadline(2);
  b.on_batch_end(at_ms(5), q.serial_end());
  expect_start(ask(b, 5, q, kGpu, 8), 2, 2);
}

// ---- aimd (Clipper-HA, Clipper-HT) -------------------------------------------

TEST(ArtifactAimd, StartsOnlyAFullAimdBatch) {
  ArtifactAimdBatcher b(8, true);
  SerialQueue q;
  q.arrive(0, 25);
  expect_start(ask(b, 0, q, kGpu, 8), 1, 1);  // size 1: one is enough
  b.on_batch_done(1, true);                    // on time: size 2
  b.on_batch_end(at_ms(5), q.serial_end());
  EXPECT_EQ(b.size(), 2u);
  q.arrive(10, 25);
  expect_never(ask(b, 10, q, kGpu, 8));  // never: one query waits for a second
  q.arrive(30, 25);
  expect_start(ask(b, 30, q, kGpu, 8), 2, 2);
}

TEST(ArtifactAimd, MovesOneAllowedSizeUpOrDownUncappedByBStar) {
  ArtifactAimdBatcher b(4, true);
  EXPECT_EQ(b.size(), 1u);
  for (const std::uint32_t want : {2u, 4u, 8u, 8u}) {
    b.on_batch_done(1, true);
    EXPECT_EQ(b.size(), want);
  }
  // Size 8 with B* = 4: five queued is not enough; eight run as a batch of 4.
  SerialQueue q;
  for (int i = 0; i < 5; ++i) q.arrive(0, 100);
  expect_never(ask(b, 0, q, kGpu, 4));
  for (int i = 0; i < 3; ++i) q.arrive(1, 100);
  expect_start(ask(b, 1, q, kGpu, 4), 4, 4);
  for (const std::uint32_t want : {4u, 2u, 1u, 1u}) {
    b.on_batch_done(4, false);
    EXPECT_EQ(b.size(), want);
  }
}

TEST(ArtifactAimd, TwiceDeadlineDropThenTheBatchKeepsItsSize) {
  // Size 2; queries at 0 and 60 with SLO 25: at 60 two are queued, and the
  // first is past 0 + 2 x 25 = 50: dropped; the second runs as a batch of 2.
  for (const bool drop_twice : {true, false}) {
    ArtifactAimdBatcher b(8, drop_twice);
    b.on_batch_done(1, true);
    SerialQueue q;
    q.arrive(0, 25);
    expect_never(ask(b, 0, q, kGpu, 8));
    q.arrive(60, 25);
    std::uint32_t dropped = 0;
    const BatchDecision d = ask(b, 60, q, kGpu, 8, &dropped);
    EXPECT_EQ(dropped, drop_twice ? 1u : 0u);
    expect_start(d, drop_twice ? 1 : 2, 2);
  }
}

}  // namespace
}  // namespace servesim::test

namespace servesim {
namespace {

// The artifact's predictor with a largest batch of 0 (idle_batcher.hpp): it
// never serves; under aimd it drops what arrives, under accscale it keeps it.
TEST(IdleBatcher, NeverStartsABatchAndDropsArrivalsOnlyWhenAsked) {
  BatchContext context;
  context.now = SimTime::zero();
  context.queue_length = 3;
  const BatchDecision keep =
      make_batcher(artifact_batcher(ArtifactBatching::kAccscale, 1, true, /*never_serves=*/true))->decide(context);
  EXPECT_EQ(keep.size, 0u);
  EXPECT_EQ(keep.drop_head, 0u);
  EXPECT_EQ(keep.wake_at, SimTime::never());
  const BatchDecision drop =
      make_batcher(artifact_batcher(ArtifactBatching::kAimd, 1, true, /*never_serves=*/true))->decide(context);
  EXPECT_EQ(drop.size, 0u);
  EXPECT_EQ(drop.drop_head, 3u);
}

}  // namespace
}  // namespace servesim
