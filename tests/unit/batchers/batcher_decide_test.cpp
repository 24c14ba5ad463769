// The new batchers' defining rules, checked on hand-built BatchContexts and a
// fake queue (no engine): what each decides for a given queue and clock.
#include <gtest/gtest.h>

#include <random>

#include "fake_queue.hpp"
#include "sim/serving/batchers/aimd_batcher.hpp"
#include "sim/serving/batchers/nexus_batcher.hpp"
#include "sim/serving/batchers/proteus_batcher.hpp"

namespace servesim::test::batcher_decide_test {  // its own: unity builds join test files
namespace {

const std::vector<Duration> kGpu = gpu_like_table();

void expect_start(const BatchDecision& d, std::uint32_t size) {
  EXPECT_EQ(d.drop_head, 0u);
  EXPECT_EQ(d.size, size);
}
void expect_wait(const BatchDecision& d, double until_ms) {
  EXPECT_EQ(d.drop_head, 0u);
  EXPECT_EQ(d.size, 0u);
  EXPECT_EQ(d.wake_at, at_ms(until_ms));
}

TEST(GpuLikeTable, InterpolatesTheProfile) {
  ASSERT_EQ(kGpu.size(), 33u);
  EXPECT_EQ(kGpu[1], from_millis(5));
  EXPECT_EQ(kGpu[3], from_millis(7));
  EXPECT_EQ(kGpu[9], from_millis(13));
  EXPECT_EQ(kGpu[32], from_millis(36));
}

// ---- Proteus (section 5) -------------------------------------------------

TEST(ProteusBatcher, LoneQueryWaitsUntilExpiryMinusTheLatencyOfTwo) {
  // q = 1, T_exp(1) = 25 ms: T_max_wait(2) = 25 - T(2) = 19 ms.
  ProteusBatcher b;
  const FakeQueue q = same_time_queue(1, 0, 25);
  expect_wait(b.decide(context_of(0, q, kGpu)), 19);
  expect_wait(b.decide(context_of(18.9, q, kGpu)), 19);
}

TEST(ProteusBatcher, Case1NothingCameStartsTheQueueAtTheMaxWait) {
  ProteusBatcher b;
  const FakeQueue one = same_time_queue(1, 0, 25);
  expect_start(b.decide(context_of(19, one, kGpu)), 1);
  const FakeQueue three = same_time_queue(3, 0, 25);  // T_max_wait(4) = 25 - 8
  expect_wait(b.decide(context_of(10, three, kGpu)), 17);
  expect_start(b.decide(context_of(17, three, kGpu)), 3);
}

TEST(ProteusBatcher, Case2AnArrivalMovesTheWaitToThatOfOneMore) {
  // The head came at 0 (deadline 25), a second query at 5: now the limit is
  // T_max_wait(3) = 25 - T(3) = 18, earlier than T_max_wait(2) = 19.
  ProteusBatcher b;
  const FakeQueue q({{0, 25}, {5, 30}});
  expect_wait(b.decide(context_of(5, q, kGpu)), 18);
  // Past T_max_wait(3) already: run the two at once.
  expect_start(b.decide(context_of(18.5, q, kGpu)), 2);
}

TEST(ProteusBatcher, FullBatchStartsAtOnce) {
  ProteusBatcher b(8);  // B* = 8
  const FakeQueue eight = same_time_queue(8, 0, 100);
  expect_start(b.decide(context_of(0, eight, kGpu)), 8);
  const FakeQueue twelve = same_time_queue(12, 0, 100);
  expect_start(b.decide(context_of(0, twelve, kGpu)), 8);
  // Without a spec cap, B* is the replica's maximum.
  ProteusBatcher uncapped;
  expect_wait(uncapped.decide(context_of(0, twelve, kGpu)), 100 - 17);  // 100 - T(13)
}

TEST(ProteusBatcher, DropsHeadsThatWouldMissInTheBatchThatWouldStart) {
  // At 20 ms with four queued: the head (deadline 25) misses in a batch of 4
  // (28 ms); the next (deadline 27) meets it in a batch of 3 (27 ms).
  ProteusBatcher b;
  const FakeQueue q({{0, 25}, {2, 27}, {15, 40}, {16, 41}});
  const BatchDecision d = b.decide(context_of(20, q, kGpu));
  EXPECT_EQ(d.size, 0u);
  EXPECT_EQ(d.drop_head, 1u);
  // Without a queue view, only the head is judged.
  EXPECT_EQ(b.decide(context_of(20, q, kGpu, false)).drop_head, 1u);
}

TEST(ProteusBatcher, NeverWaitsPastTheHeadsLastFeasibleStart) {
  // Random queues and clocks: a wait never ends later than the moment a batch
  // of what is queued still meets the head's deadline, and a batch that starts
  // always meets it.
  std::mt19937_64 rng(7);
  ProteusBatcher b(16);
  for (int trial = 0; trial < 2000; ++trial) {
    const std::size_t n = 1 + rng() % 24;
    std::vector<std::pair<double, double>> entries;
    double t = 0;
    for (std::size_t i = 0; i < n; ++i) {
      t += static_cast<double>(rng() % 400) / 100.0;
      entries.push_back({t, t + 20 + static_cast<double>(rng() % 2000) / 100.0});
    }
    const FakeQueue q(entries);
    const double now = t + static_cast<double>(rng() % 2000) / 100.0;
    const BatchContext c = context_of(now, q, kGpu);
    const BatchDecision d = b.decide(c);
    if (d.drop_head > 0) {
      EXPECT_GT(c.now + kGpu[std::min<std::size_t>(n, 16)], c.head_deadline);
      continue;
    }
    const std::size_t take = std::min<std::size_t>(n, 16);
    if (d.size > 0) {
      EXPECT_EQ(d.size, take);
      EXPECT_LE(c.now + kGpu[d.size], c.head_deadline);
    } else {
      ASSERT_LT(n, 16u);
      EXPECT_GT(d.wake_at, c.now);
      EXPECT_EQ(d.wake_at + kGpu[n + 1], c.head_deadline);  // T_exp(1) - T_process(q+1)
    }
  }
}

// ---- Nexus (early drop, work-conserving) ---------------------------------

TEST(NexusBatcher, StartsWhateverIsQueuedAtOnce) {
  NexusBatcher b;
  const FakeQueue one = same_time_queue(1, 0, 25);
  expect_start(b.decide(context_of(0, one, kGpu)), 1);
  const FakeQueue three = same_time_queue(3, 0, 25);
  expect_start(b.decide(context_of(1, three, kGpu)), 3);
}

TEST(NexusBatcher, CapsTheBatchAtBStar) {
  NexusBatcher b(8);
  const FakeQueue twelve = same_time_queue(12, 0, 100);
  expect_start(b.decide(context_of(0, twelve, kGpu)), 8);
}

TEST(NexusBatcher, DropsUpToTheFirstWindowWhoseHeadMeetsItsDeadline) {
  // B* = 8, ten queued at now = 0. Windows of 8 take 12 ms: the first two
  // heads (deadlines 10 and 11.5) would miss; the third (13) meets it.
  NexusBatcher b(8);
  const FakeQueue q({{-10, 10}, {-9, 11.5}, {-8, 13}, {-7, 14}, {-6, 15},
                     {-5, 16}, {-4, 17}, {-3, 18}, {-2, 19}, {-1, 20}});
  const BatchDecision d = b.decide(context_of(0, q, kGpu));
  EXPECT_EQ(d.size, 0u);
  EXPECT_EQ(d.drop_head, 2u);
  // With the two gone, the batch of 8 starts.
  const FakeQueue rest({{-8, 13}, {-7, 14}, {-6, 15}, {-5, 16}, {-4, 17}, {-3, 18}, {-2, 19}, {-1, 20}});
  expect_start(b.decide(context_of(0, rest, kGpu)), 8);
}

TEST(NexusBatcher, TheWindowShrinksAtTheTailOfTheQueue) {
  // Three queued at 0, deadlines 6.5, 6.5, 9: in a batch of 3 (7 ms) the first
  // misses; the second in a batch of 2 (6 ms) meets 6.5. One drop.
  NexusBatcher b;
  const FakeQueue q({{-10, 6.5}, {-9, 6.5}, {-8, 9}});
  EXPECT_EQ(b.decide(context_of(0, q, kGpu)).drop_head, 1u);
  EXPECT_EQ(early_drop_count(context_of(0, q, kGpu), 32), 1u);
}

TEST(NexusBatcher, DropsTheWholeQueueWhenNoneCanMakeIt) {
  NexusBatcher b;
  const FakeQueue q({{-30, 1}, {-29, 2}, {-28, 3}});
  EXPECT_EQ(b.decide(context_of(0, q, kGpu)).drop_head, 3u);
}

// ---- AIMD (Clipper) ------------------------------------------------------

TEST(AimdBatcher, TakesUpToTheCurrentSizeAtOnce) {
  AimdBatcher b(0, 3, 1, 0.9);
  const FakeQueue five = same_time_queue(5, 0, 25);
  expect_start(b.decide(context_of(0, five, kGpu)), 3);
  const FakeQueue two = same_time_queue(2, 0, 25);
  expect_start(b.decide(context_of(0, two, kGpu)), 2);  // work-conserving, as Clipper
}

TEST(AimdBatcher, AdditiveIncreaseAfterOnTimeBatches) {
  AimdBatcher b(0, 1, 2, 0.5);
  const FakeQueue q = same_time_queue(40, 0, 100);
  b.decide(context_of(0, q, kGpu));
  for (std::uint32_t expected : {3u, 5u, 7u, 9u}) {
    b.on_batch_done(b.size(), true);
    EXPECT_EQ(b.size(), expected);
  }
  expect_start(b.decide(context_of(0, q, kGpu)), 9);
}

TEST(AimdBatcher, MultiplicativeDecreaseAfterALateBatch) {
  AimdBatcher half(0, 16, 1, 0.5);
  half.on_batch_done(16, false);
  EXPECT_EQ(half.size(), 8u);
  half.on_batch_done(8, false);
  EXPECT_EQ(half.size(), 4u);
  // Clipper's 10 % back-off floors to at least one size less, never below 1.
  AimdBatcher clipper(0, 16, 1, 0.9);
  std::vector<std::uint32_t> sizes;
  for (int i = 0; i < 6; ++i) {
    clipper.on_batch_done(clipper.size(), false);
    sizes.push_back(clipper.size());
  }
  EXPECT_EQ(sizes, (std::vector<std::uint32_t>{14, 12, 10, 9, 8, 7}));
  AimdBatcher one(0, 1, 1, 0.9);
  one.on_batch_done(1, false);
  EXPECT_EQ(one.size(), 1u);
}

TEST(AimdBatcher, NeverGrowsPastTheMaximumBatch) {
  AimdBatcher capped(4, 1, 1, 0.9);
  const FakeQueue q = same_time_queue(40, 0, 100);
  for (int i = 0; i < 10; ++i) {
    capped.decide(context_of(0, q, kGpu));
    capped.on_batch_done(capped.size(), true);
  }
  EXPECT_EQ(capped.size(), 4u);
  expect_start(capped.decide(context_of(0, q, kGpu)), 4);
  AimdBatcher uncapped(0, 30, 5, 0.9);
  uncapped.decide(context_of(0, q, kGpu));
  uncapped.on_batch_done(30, true);
  EXPECT_EQ(uncapped.size(), 32u);  // the replica's profile ends at 32
}

}  // namespace
}  // namespace servesim::test::batcher_decide_test
