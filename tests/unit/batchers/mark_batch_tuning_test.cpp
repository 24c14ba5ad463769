// MArk's Nbatch / Wbatch rule (ATC'19 section 4.3) as a pure function, and the
// "mark" batcher that applies it to the replica's profile.
#include <gtest/gtest.h>

#include "fake_queue.hpp"
#include "sim/serving/mark_batch_tuning.hpp"

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
  // GPU-like profile, RT_max = 25 ms: T_b = 4 + b ms up to b = 16, so the SLO
  // bound W + T_b <= 25 holds up to b = 21 (T = 25, W = 0); b = 22 breaks it.
  const MarkBatchTuning t = mark_batch_tuning(from_millis(25), gpu_like_table());
  EXPECT_EQ(t.n_batch, 21u);
  EXPECT_EQ(t.w_batch, Duration::zero());
  EXPECT_NEAR(t.max_rate_qps, 21 / 0.025, 1e-6);
}

TEST(MarkBatchTuning, WindowIsWhatTheTighterBoundLeaves) {
  // Searched only up to 8 (a max_batch cut of the table), RT_max = 100 ms:
  // at b = 8 the throughput bound 8 x 5 = 40 ms is the tighter: W = 40 - 12.
  std::vector<Duration> table = gpu_like_table();
  table.resize(9);
  const MarkBatchTuning t = mark_batch_tuning(from_millis(100), table);
  EXPECT_EQ(t.n_batch, 8u);
  EXPECT_EQ(t.w_batch, from_millis(28));
  // At RT_max = 30 ms the SLO bound is the tighter: W = 30 - 12.
  EXPECT_EQ(mark_batch_tuning(from_millis(30), table).w_batch, from_millis(18));
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
  // A slower reference rate loosens the bound: 100 q/s gives b x 10 ms.
  const MarkBatchTuning t = mark_batch_tuning(from_millis(30), gpu_like_table(), 100);
  EXPECT_EQ(t.n_batch, 26u);  // T_26 = 4 + 26 = 30 = RT_max
}

TEST(MarkBatchTuning, InfeasibleWhenEvenOneQueryMissesTheSlo) {
  const MarkBatchTuning t = mark_batch_tuning(from_millis(4), gpu_like_table());
  EXPECT_FALSE(t.feasible);
  EXPECT_EQ(t.n_batch, 1u);
  EXPECT_EQ(t.w_batch, Duration::zero());
}

TEST(MarkBatcher, ActsAsATimeoutBatcherWithTheTunedNumbers) {
  // max_batch 8, RT_max 100 ms: N = 8, W = 28 ms (above).
  MarkBatcher b(from_millis(100), 8);
  const std::vector<Duration> gpu = gpu_like_table();
  const FakeQueue one = same_time_queue(1, 10, 100);
  const BatchDecision wait = b.decide(context_of(10, one, gpu));
  EXPECT_EQ(wait.size, 0u);
  EXPECT_EQ(wait.wake_at, at_ms(38));
  ASSERT_TRUE(b.tuning().has_value());
  EXPECT_EQ(b.tuning()->n_batch, 8u);
  EXPECT_EQ(b.decide(context_of(38, one, gpu)).size, 1u);
  const FakeQueue nine = same_time_queue(9, 10, 100);
  EXPECT_EQ(b.decide(context_of(11, nine, gpu)).size, 8u);
}

}  // namespace
}  // namespace servesim::test
