// MArk's Nbatch / Wbatch rule (ATC'19 section 4.3) as a pure function, and the
// "mark" batcher that applies it to the replica's profile.
#include <gtest/gtest.h>

#include "fake_queue.hpp"
#include "sim/serving/batchers/mark_batch_tuning.hpp"

namespace servesim::test {
namespace {

std::vector<Duration> table_ms(std::initializer_list<double> ms) {
  std::vector<Duration> t{Duration::zero()};
  for (double m : ms) t.push_back(from_millis(m));
  return t;
}

TEST(MarkBatchTuning, BatchOfOneNeverWaits) {
  // b = 1: W + T_1 <= 1 / mu*_nb = T_1 forces W = 0.
  const MarkBatchTuning t = mark_batch_tuning(from_millis(100), table_ms({5}));
  EXPECT_TRUE(t.feasible);
  EXPECT_EQ(t.n_batch, 1u);
  EXPECT_EQ(t.w_batch, Duration::zero());
  EXPECT_DOUBLE_EQ(t.max_rate_qps, 200);
}

TEST(MarkBatchTuning, GrowsUntilTheSloBoundBreaks) {
  // GPU-like profile, RT_max = 25 ms: T_b = 4 + b ms, and each b is checked
  // with its filling window (b - 1) / b x T_b, so W + T_b = (2b - 1) / b x
  // (4 + b): 24.6 ms at b = 9 (W = 8/9 x 13 ms), 26.6 at b = 10, which breaks
  // the SLO bound.
  const MarkBatchTuning t = mark_batch_tuning(from_millis(25), gpu_like_table());
  EXPECT_EQ(t.n_batch, 9u);
  EXPECT_EQ(t.w_batch, Duration{13'000'000 * 8 / 9});
  EXPECT_NEAR(t.max_rate_qps, 9 / 0.013, 1e-6);
}

TEST(MarkBatchTuning, TheWindowFillsABatchAtTheRateItServes) {
  // Searched only up to 8 (a max_batch cut of the table): N = 8 and W = 7/8 x
  // T_8 = 10.5 ms, the time seven more queries take at the batch's own rate
  // (8 per 12 ms), whether RT_max leaves 88 ms or 18 beside T_8.
  std::vector<Duration> table = gpu_like_table();
  table.resize(9);
  const MarkBatchTuning t = mark_batch_tuning(from_millis(100), table);
  EXPECT_EQ(t.n_batch, 8u);
  EXPECT_EQ(t.w_batch, from_millis(10.5));
  EXPECT_EQ(mark_batch_tuning(from_millis(30), table).w_batch, from_millis(10.5));
}

TEST(MarkBatchTuning, ACpuWhoseLatencyGrowsWithTheBatchNeverBatches) {
  // Latency in proportion to the batch (MArk section 3.4, c5.large): a batch
  // of 2 waits T_1 to fill and runs 2 T_1, more than two singles.
  const MarkBatchTuning t = mark_batch_tuning(from_millis(1000), table_ms({100, 200, 300, 400}));
  EXPECT_EQ(t.n_batch, 1u);
  EXPECT_EQ(t.w_batch, Duration::zero());
}

TEST(MarkBatchTuning, NoBatchingWhenItDoesNotPay) {
  // A CPU-like profile where two take longer than two singles: the throughput
  // bound fails at b = 2 (MArk does not batch on such CPUs, section 6.1).
  const MarkBatchTuning t = mark_batch_tuning(from_millis(500), table_ms({10, 21, 30}));
  EXPECT_EQ(t.n_batch, 1u);
  EXPECT_EQ(t.w_batch, Duration::zero());
}

TEST(MarkBatchTuning, StopsAtTheFirstFailureNotTheBestLaterSize) {
  // b = 2 breaks the throughput bound, b = 3 would satisfy it again: the rule
  // grows b "until at least one constraint no longer holds", so N = 1.
  const MarkBatchTuning t = mark_batch_tuning(from_millis(500), table_ms({10, 21, 22}));
  EXPECT_EQ(t.n_batch, 1u);
}

TEST(MarkBatchTuning, ExplicitNonBatchedRate) {
  // mu*_nb is per execution slot: a rate above 1 / T_1 (two threads' worth,
  // 400 q/s) leaves no batch size, not even 1, within b / mu*_nb.
  EXPECT_FALSE(mark_batch_tuning(from_millis(100), gpu_like_table(), 400).feasible);
  // A slower reference rate loosens the bound: 100 q/s gives b x 10 ms, and
  // RT_max 30 binds: (2b - 1) / b x (4 + b) is 28.6 ms at b = 11, 30.7 at 12.
  const MarkBatchTuning t = mark_batch_tuning(from_millis(30), gpu_like_table(), 100);
  EXPECT_EQ(t.n_batch, 11u);
}

TEST(MarkBatchTuning, InfeasibleWhenEvenOneQueryMissesTheSlo) {
  const MarkBatchTuning t = mark_batch_tuning(from_millis(4), gpu_like_table());
  EXPECT_FALSE(t.feasible);
  EXPECT_EQ(t.n_batch, 1u);
  EXPECT_EQ(t.w_batch, Duration::zero());
}

TEST(MarkBatcher, ActsAsATimeoutBatcherWithTheTunedNumbers) {
  // max_batch 8, RT_max 100 ms: N = 8, W = 10.5 ms (above).
  MarkBatcher b(8, from_millis(100));
  const std::vector<Duration> gpu = gpu_like_table();
  const FakeQueue one = same_time_queue(1, 10, 100);
  const BatchDecision wait = b.decide(context_of(10, one, gpu));
  EXPECT_EQ(wait.size, 0u);
  EXPECT_EQ(wait.wake_at, at_ms(20.5));
  ASSERT_TRUE(b.tuning().has_value());
  EXPECT_EQ(b.tuning()->n_batch, 8u);
  EXPECT_EQ(b.decide(context_of(20.5, one, gpu)).size, 1u);
  const FakeQueue nine = same_time_queue(9, 10, 100);
  EXPECT_EQ(b.decide(context_of(11, nine, gpu)).size, 8u);
}

}  // namespace
}  // namespace servesim::test
