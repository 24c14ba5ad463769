// Proteus' demand lowering (section 4; the artifact's beta schedule): the
// first feasible beta of 1.05, 1.00, 0.95, ... 0.2, or nothing.
#include <gtest/gtest.h>

#include <stdexcept>

#include "policies/proteus/demand_lowering.hpp"

namespace servesim::proteus {
namespace {

// One device carrying at most 100 QPS of the only query type.
MilpProblem hundred_qps_cluster(double estimate) {
  MilpProblem p;
  p.devices_per_type = {1};
  p.variant_query_type = {0};
  p.accuracy = {1};
  p.capacity_qps = {{100}};
  p.demand_qps = {estimate};
  return p;
}

TEST(ProteusMilpLowering, HeadroomKeptWhenFeasible) {
  const auto out = solve_with_lowering(hundred_qps_cluster(90));
  ASSERT_TRUE(out);
  EXPECT_DOUBLE_EQ(out->beta, 1.05);
  EXPECT_EQ(out->solves, 1u);
  EXPECT_NEAR(out->plan.demand_qps[0], 94.5, 1e-9);
  EXPECT_NEAR(out->plan.objective, 94.5, 1e-9);
  EXPECT_DOUBLE_EQ(out->solve_seconds, out->plan.solve_seconds);
}

TEST(ProteusMilpLowering, StepsByFineStepsBelowOnePointFive) {
  // 1.05 x 100 > 100; 1.00 x 100 fits.
  auto out = solve_with_lowering(hundred_qps_cluster(100));
  ASSERT_TRUE(out);
  EXPECT_DOUBLE_EQ(out->beta, 1.0);
  EXPECT_EQ(out->solves, 2u);
  // 1.05 and 1.00 x 105 do not fit; 0.95 x 105 = 99.75 does.
  out = solve_with_lowering(hundred_qps_cluster(105));
  ASSERT_TRUE(out);
  EXPECT_DOUBLE_EQ(out->beta, 0.95);
  EXPECT_EQ(out->solves, 3u);
  EXPECT_NEAR(out->plan.demand_qps[0], 99.75, 1e-9);
  // Every infeasible try's GLPK time is in the sum.
  EXPECT_GT(out->solve_seconds, out->plan.solve_seconds);
}

TEST(ProteusMilpLowering, CoarseStepsAboveOnePointFive) {
  // From 2.0: 1.9, 1.8, 1.7, 1.6, 1.5 by 0.1, then 1.45 by 0.05.
  // 68 x 1.5 = 102 does not fit, 68 x 1.45 = 98.6 does.
  LoweringSchedule from_two;
  from_two.start_beta = 2.0;
  const auto out = solve_with_lowering(hundred_qps_cluster(68), from_two);
  ASSERT_TRUE(out);
  EXPECT_DOUBLE_EQ(out->beta, 1.45);
  EXPECT_EQ(out->solves, 7u);
}

TEST(ProteusMilpLowering, MinimumBetaIsTriedExactly) {
  // 0.2 x 500 = 100 fits, after 1.05 ... 0.25: 18 solves. No drift from
  // seventeen subtractions of 0.05 may skip it.
  const auto out = solve_with_lowering(hundred_qps_cluster(500));
  ASSERT_TRUE(out);
  EXPECT_DOUBLE_EQ(out->beta, 0.2);
  EXPECT_EQ(out->solves, 18u);
}

TEST(ProteusMilpLowering, NothingBelowTheMinimumBeta) {
  EXPECT_FALSE(solve_with_lowering(hundred_qps_cluster(501)));
  MilpProblem nowhere = hundred_qps_cluster(1);
  nowhere.capacity_qps = {{0}};
  EXPECT_FALSE(solve_with_lowering(nowhere));
}

TEST(ProteusMilpLowering, RejectsASteplessSchedule) {
  LoweringSchedule stuck;
  stuck.fine_step = 0;
  EXPECT_THROW(solve_with_lowering(hundred_qps_cluster(500), stuck), std::invalid_argument);
}

}  // namespace
}  // namespace servesim::proteus
