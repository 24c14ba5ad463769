// InferLine's Tuner arithmetic (section 5) on hand-computed stages.
#include <gtest/gtest.h>

#include <vector>

#include "policies/inferline/tuner_rules.hpp"

namespace servesim::inferline {
namespace {

TEST(TunerRules, TheRatioIsThePlannedReplicasLoadAtTheSampleRate) {
  // 150 QPS, every query visits; 4 replicas of 50 QPS: 150 / 200 = 0.75.
  EXPECT_DOUBLE_EQ(max_provisioning_ratio(150, 1.0, 4, 50), 0.75);
  // A conditional stage seeing 30 % of 150 QPS on 2 replicas of 40 QPS: 45 / 80.
  EXPECT_DOUBLE_EQ(max_provisioning_ratio(150, 0.3, 2, 40), 45.0 / 80.0);
  EXPECT_THROW(max_provisioning_ratio(150, 1.0, 0, 50), std::invalid_argument);
}

TEST(TunerRules, AtThePlannedRateTheReplicasAreThePlannedOnes) {
  // Replanning at the sample's rate with the stage's own ratio gives back the
  // Planner's k: ceil(lambda s / (mu rho)) with rho = lambda s / (k mu).
  for (std::uint32_t k = 1; k <= 200; ++k) {
    const StageProvision stage{40, 0.3, max_provisioning_ratio(150, 0.3, k, 40)};
    EXPECT_EQ(replicas_for_rate(150, stage, stage.max_provisioning_ratio), k);
  }
}

TEST(TunerRules, ScaleUpToTheRateThatBrokeTheEnvelope) {
  // Planned: 4 replicas of 50 QPS at 150 QPS (rho 0.75). r_max = 240 QPS:
  // ceil(240 / (50 x 0.75)) = ceil(6.4) = 7.
  const StageProvision stage{50, 1.0, 0.75};
  EXPECT_EQ(replicas_for_rate(240, stage, stage.max_provisioning_ratio), 7u);
}

TEST(TunerRules, ScaleDownUsesThePipelinesLowestRatioAndKeepsOne) {
  const std::vector<StageProvision> stages{{50, 1.0, 0.75}, {40, 0.3, 0.5}, {100, 1.0, 0.9}};
  EXPECT_DOUBLE_EQ(lowest_ratio(stages), 0.5);
  // lambda_new 60 QPS: the first stage ceil(60 / (50 x 0.5)) = 3, not ceil(60 / 37.5) = 2.
  EXPECT_EQ(replicas_for_rate(60, stages[0], lowest_ratio(stages)), 3u);
  EXPECT_EQ(replicas_for_rate(0, stages[0], lowest_ratio(stages)), 1u);
  EXPECT_THROW(replicas_for_rate(60, stages[0], 0), std::invalid_argument);
}

TEST(TunerRules, APlansThroughputIsItsBottleneckInPipelineQueries) {
  // 3 x 50 = 150 QPS on a stage every query visits; 2 x 40 = 80 QPS on a
  // stage 30 % visit, 266.7 pipeline QPS; 1 x 100 = 100 QPS: the bottleneck.
  const std::vector<StageProvision> stages{{50, 1.0, 1}, {40, 0.3, 1}, {100, 1.0, 1}};
  const std::vector<std::uint32_t> replicas{3, 2, 1};
  EXPECT_DOUBLE_EQ(plan_throughput_qps(stages, replicas), 100);
  // A stage no query visits is never the bottleneck.
  const std::vector<StageProvision> unvisited{{50, 1.0, 1}, {1, 0.0, 1}};
  const std::vector<std::uint32_t> one_each{1, 1};
  EXPECT_DOUBLE_EQ(plan_throughput_qps(unvisited, one_each), 50);
  EXPECT_THROW(plan_throughput_qps(stages, one_each), std::invalid_argument);
}

}  // namespace
}  // namespace servesim::inferline
