// The critical path and the coarse-grained baselines' plan (InferLine
// section 6) on hand-computed pipelines.
#include <gtest/gtest.h>

#include <vector>

#include "policies/inferline/coarse_grained_plan.hpp"
#include "policies/inferline/critical_path.hpp"

namespace servesim::inferline {
namespace {

Pipeline chain(std::size_t n) {
  std::vector<Stage> stages;
  std::vector<PipelineEdge> edges;
  for (std::size_t i = 0; i < n; ++i) {
    stages.push_back({"s" + std::to_string(i), 0});
    if (i > 0) edges.push_back({static_cast<StageId>(i - 1), static_cast<StageId>(i), 1.0});
  }
  return Pipeline(stages, edges);
}

// a -> b -> d and a -> c -> d, c taken with probability p.
Pipeline diamond(double p) {
  return Pipeline({{"a", 0}, {"b", 0}, {"c", 0}, {"d", 0}}, {{0, 1, 1.0}, {0, 2, p}, {1, 3, 1.0}, {2, 3, 1.0}});
}

std::vector<Duration> ms(const std::vector<double>& values) {
  std::vector<Duration> out;
  for (double v : values) out.push_back(from_millis(v));
  return out;
}

// T(b) = 10 + 5 b ms for b = 1..8 (entry 0 unused).
std::vector<Duration> linear_table() {
  std::vector<Duration> t{Duration::zero()};
  for (int b = 1; b <= 8; ++b) t.push_back(from_millis(10 + 5 * b));
  return t;
}

TEST(CriticalPath, LongestTakeablePathThroughTheDag) {
  EXPECT_EQ(critical_path(chain(2), ms({10, 20})), from_millis(30));
  EXPECT_EQ(critical_path(diamond(0.3), ms({10, 20, 50, 5})), from_millis(65));  // a, c, d
  EXPECT_EQ(critical_path(diamond(0.0), ms({10, 20, 50, 5})), from_millis(35));  // c is never visited
  EXPECT_THROW(critical_path(chain(2), ms({10})), std::invalid_argument);
}

TEST(CoarseGrainedPlan, TheLargestPowerOfTwoBatchWhosePathMeetsTheSlo) {
  const StageLatencies two{linear_table(), linear_table()};
  // Path 2 T(B): B 1, 2, 4, 8 -> 30, 40, 60, 100 ms.
  EXPECT_EQ(coarse_batch(chain(2), two, from_millis(100)), 8u);
  EXPECT_EQ(coarse_batch(chain(2), two, from_millis(99)), 4u);
  EXPECT_EQ(coarse_batch(chain(2), two, from_millis(30)), 1u);
  EXPECT_FALSE(coarse_batch(chain(2), two, from_millis(29)).has_value());
  // A stage profiled only to batch 4 caps B at 4.
  StageLatencies capped = two;
  capped[1].resize(5);
  EXPECT_EQ(coarse_batch(chain(2), capped, from_millis(100)), 4u);
}

TEST(CoarseGrainedPlan, UnitThroughputIsTheSlowestStagePerQuery) {
  // At B = 4 every stage does 4 / 30 ms = 133.3 QPS; c sees 30 % of the
  // queries, so it would carry 444 QPS of pipeline load; the unit does 133.3.
  const StageLatencies four{linear_table(), linear_table(), linear_table(), linear_table()};
  EXPECT_NEAR(unit_throughput_qps(diamond(0.3), four, 4), 4 / 0.030, 1e-9);
  // Make the conditional stage slower: T_c(4) = 120 ms, 33.3 QPS / 0.3 = 111.1.
  StageLatencies slow_c = four;
  slow_c[2][4] = from_millis(120);
  EXPECT_NEAR(unit_throughput_qps(diamond(0.3), slow_c, 4), 4 / 0.120 / 0.3, 1e-9);
  EXPECT_EQ(units_for_rate(300, 4 / 0.030), 3u);  // 300 / 133.3 = 2.25
  EXPECT_EQ(units_for_rate(400, 400), 1u);
  EXPECT_EQ(units_for_rate(0, 400), 1u);
}

TEST(CoarseGrainedPlan, MeanAndPeakRatesOfTheSample) {
  std::vector<SimTime> trace;
  for (int i = 0; i <= 100; ++i) trace.push_back(SimTime::zero() + from_millis(100 * i));  // 10 QPS for 10 s
  for (int i = 0; i < 5; ++i) trace.push_back(SimTime::zero() + from_millis(10000 + i));  // 5 more at 10 s
  std::sort(trace.begin(), trace.end());
  EXPECT_NEAR(mean_rate_qps(trace), 105.0 / 10.004, 1e-9);
  // Within 100 ms: the burst of 5 plus the arrival at 10 s = 6, i.e. 60 QPS.
  EXPECT_DOUBLE_EQ(peak_rate_qps(trace, from_millis(100)), 60.0);
}

}  // namespace
}  // namespace servesim::inferline
