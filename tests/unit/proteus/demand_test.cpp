// The demand estimate (pandas ewm(com=1.6).mean() over the last 20
// one-second samples, as the artifact) and the solve trigger.
#include <gtest/gtest.h>

#include "policies/proteus/demand_estimator.hpp"
#include "policies/proteus/solve_trigger.hpp"

namespace servesim::proteus {
namespace {

// `counts[k]` arrivals of app 0 in second k, then the clock moves to the end
// of the last one.
DemandEstimator with_seconds(const std::vector<int>& counts, std::uint32_t window = 20) {
  DemandEstimator d(1, 1.6, window, 2);
  for (std::size_t k = 0; k < counts.size(); ++k) {
    for (int i = 0; i < counts[k]; ++i) d.count(0, at_seconds(static_cast<double>(k) + 0.5));
  }
  d.advance(at_seconds(static_cast<double>(counts.size())));
  return d;
}

// pandas (adjust=True): y = sum (1-a)^i x_(t-i) / sum (1-a)^i with a = 1/(1+com);
// for [1, 2, 3] and com 1.6 that is 2.3115727.
TEST(ProteusDemand, EwmaIsPandasEwmWithCom) {
  const DemandEstimator d = with_seconds({1, 2, 3});
  EXPECT_EQ(d.samples(), 3u);
  EXPECT_NEAR(d.estimate(0), 2.3115727002967357, 1e-12);
}

TEST(ProteusDemand, OnlyTheLastWindowSamplesCount) {
  std::vector<int> counts;
  for (int k = 1; k <= 25; ++k) counts.push_back(k);
  counts[0] = counts[1] = counts[2] = counts[3] = counts[4] = 100000;  // out of the window of 20
  const DemandEstimator d = with_seconds(counts);
  // The same formula over 6..25 (computed outside).
  EXPECT_NEAR(d.estimate(0), 23.401213358219046, 1e-9);
}

TEST(ProteusDemand, SecondsWithoutArrivalsAreZeroSamples) {
  DemandEstimator d(2, 1.6, 20, 2);
  d.count(0, at_seconds(0.2));
  d.count(1, at_seconds(0.3));
  d.count(1, at_seconds(3.5));
  d.advance(at_seconds(4.0));
  EXPECT_EQ(d.samples(), 4u);           // seconds 0, 1, 2, 3
  EXPECT_DOUBLE_EQ(d.recent(0, 4), 0.25);
  EXPECT_DOUBLE_EQ(d.recent(1, 2), 0.5);  // seconds 2 and 3
  EXPECT_DOUBLE_EQ(d.recent(0, 1), 0.0);
  d.advance(at_seconds(1000.0));          // a long gap: the window is all zeros
  EXPECT_DOUBLE_EQ(d.estimate(1), 0.0);
}

TEST(ProteusDemand, TheOpenSecondIsNotASample) {
  DemandEstimator d(1, 1.6, 20, 2);
  for (int i = 0; i < 50; ++i) d.count(0, at_seconds(0.5));
  EXPECT_EQ(d.samples(), 0u);
  EXPECT_DOUBLE_EQ(d.estimate(0), 0.0);
  d.advance(at_seconds(1.0));
  EXPECT_DOUBLE_EQ(d.estimate(0), 50.0);
}

SolveTrigger trigger(std::vector<double> warmups_s = {}) {
  std::vector<Duration> warmups;
  for (double w : warmups_s) warmups.push_back(from_seconds(w));
  return SolveTrigger(from_seconds(30), warmups, BurstRule{1.25, 2, from_seconds(2)});
}

TEST(ProteusSolveTrigger, PeriodicAfterTheIntervalSinceTheLastSolve) {
  SolveTrigger t = trigger();
  const DemandEstimator d = with_seconds({10, 10, 10});
  const std::vector<double> planned = {10};
  EXPECT_EQ(t.check(at_seconds(29), d, planned), SolveReason::kNone);
  EXPECT_EQ(t.check(at_seconds(30), d, planned), SolveReason::kPeriodic);
  t.solved(at_seconds(31));
  EXPECT_EQ(t.check(at_seconds(60), d, planned), SolveReason::kNone);
  EXPECT_EQ(t.check(at_seconds(61), d, planned), SolveReason::kPeriodic);
}

TEST(ProteusSolveTrigger, WarmupsFireOnceEach) {
  SolveTrigger t = trigger({5, 20});
  const DemandEstimator d = with_seconds({10, 10, 10});
  const std::vector<double> planned = {10};
  EXPECT_EQ(t.check(at_seconds(4), d, planned), SolveReason::kNone);
  EXPECT_EQ(t.check(at_seconds(5), d, planned), SolveReason::kWarmup);
  t.solved(at_seconds(5));
  EXPECT_EQ(t.check(at_seconds(19), d, planned), SolveReason::kNone);
  EXPECT_EQ(t.check(at_seconds(20), d, planned), SolveReason::kWarmup);
  t.solved(at_seconds(20));
  EXPECT_EQ(t.check(at_seconds(49), d, planned), SolveReason::kNone);
}

TEST(ProteusSolveTrigger, BurstWhenTheRecentRateExceedsTheFactorTimesThePlannedEstimate) {
  SolveTrigger t = trigger();
  const std::vector<double> planned = {100};
  EXPECT_EQ(t.check(at_seconds(10), with_seconds({100, 120, 124}), planned), SolveReason::kNone);  // 122 < 125
  EXPECT_EQ(t.check(at_seconds(10), with_seconds({100, 126, 126}), planned), SolveReason::kBurst);
  EXPECT_EQ(t.check(at_seconds(10), with_seconds({100, 100, 400}), planned), SolveReason::kBurst);  // mean 250
  // Not within the minimum gap of the last solve.
  t.solved(at_seconds(9));
  EXPECT_EQ(t.check(at_seconds(10), with_seconds({100, 400, 400}), planned), SolveReason::kNone);
  EXPECT_EQ(t.check(at_seconds(11), with_seconds({100, 400, 400}), planned), SolveReason::kBurst);
  // Not before the window has filled.
  SolveTrigger fresh = trigger();
  EXPECT_EQ(fresh.check(at_seconds(10), with_seconds({400}), planned), SolveReason::kNone);
}

}  // namespace
}  // namespace servesim::proteus
