// Proteus' demand lowering (section 4; the artifact's beta schedule): the
// first feasible beta of 1.05, 1.00, 0.95, ... 0.2, or nothing; and what a
// solve stopped by the time limit does to it.
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
  const LoweredPlan out = solve_with_lowering(hundred_qps_cluster(90));
  ASSERT_TRUE(out.plan);
  EXPECT_DOUBLE_EQ(out.beta, 1.05);
  EXPECT_EQ(out.tally.solves, 1u);
  EXPECT_NEAR(out.plan->demand_qps[0], 94.5, 1e-9);
  EXPECT_NEAR(out.plan->objective, 94.5, 1e-9);
  EXPECT_DOUBLE_EQ(out.tally.seconds, out.plan->solve_seconds);
  EXPECT_EQ(out.tally.time_limit_hits, 0u);
}

TEST(ProteusMilpLowering, StepsByFineStepsBelowOnePointFive) {
  // 1.05 x 100 > 100; 1.00 x 100 fits.
  LoweredPlan out = solve_with_lowering(hundred_qps_cluster(100));
  ASSERT_TRUE(out.plan);
  EXPECT_DOUBLE_EQ(out.beta, 1.0);
  EXPECT_EQ(out.tally.solves, 2u);
  // 1.05 and 1.00 x 105 do not fit; 0.95 x 105 = 99.75 does.
  out = solve_with_lowering(hundred_qps_cluster(105));
  ASSERT_TRUE(out.plan);
  EXPECT_DOUBLE_EQ(out.beta, 0.95);
  EXPECT_EQ(out.tally.solves, 3u);
  EXPECT_NEAR(out.plan->demand_qps[0], 99.75, 1e-9);
  // Every infeasible try's GLPK time is in the sum.
  EXPECT_GT(out.tally.seconds, out.plan->solve_seconds);
}

TEST(ProteusMilpLowering, CoarseStepsAboveOnePointFive) {
  // From 2.0: 1.9, 1.8, 1.7, 1.6, 1.5 by 0.1, then 1.45 by 0.05.
  // 68 x 1.5 = 102 does not fit, 68 x 1.45 = 98.6 does.
  LoweringSchedule from_two;
  from_two.start_beta = 2.0;
  const LoweredPlan out = solve_with_lowering(hundred_qps_cluster(68), from_two);
  ASSERT_TRUE(out.plan);
  EXPECT_DOUBLE_EQ(out.beta, 1.45);
  EXPECT_EQ(out.tally.solves, 7u);
}

TEST(ProteusMilpLowering, MinimumBetaIsTriedExactly) {
  // 0.2 x 500 = 100 fits, after 1.05 ... 0.25: 18 solves. No drift from
  // seventeen subtractions of 0.05 may skip it.
  const LoweredPlan out = solve_with_lowering(hundred_qps_cluster(500));
  ASSERT_TRUE(out.plan);
  EXPECT_DOUBLE_EQ(out.beta, 0.2);
  EXPECT_EQ(out.tally.solves, 18u);
}

TEST(ProteusMilpLowering, NothingBelowTheMinimumBeta) {
  const LoweredPlan none = solve_with_lowering(hundred_qps_cluster(501));
  EXPECT_FALSE(none.plan);
  EXPECT_FALSE(none.stopped_at_time_limit);  // infeasible: proven, not stopped
  EXPECT_EQ(none.tally.solves, 18u);
  MilpProblem nowhere = hundred_qps_cluster(1);
  nowhere.capacity_qps = {{0}};
  EXPECT_FALSE(solve_with_lowering(nowhere).plan);
}

TEST(ProteusMilpLowering, RejectsASteplessSchedule) {
  LoweringSchedule stuck;
  stuck.fine_step = 0;
  EXPECT_THROW(solve_with_lowering(hundred_qps_cluster(500), stuck), std::invalid_argument);
}

// ---- The time limit, with a solver standing in for GLPK ------------------

// Up to `slow_above` (of beta x 100 QPS) the solve finds the optimum; above
// it the time limit strikes, with GLPK's incumbent when `incumbent`.
MilpSolver timing_out_above(double slow_above, bool incumbent) {
  return [=](const MilpProblem& p) {
    MilpAttempt attempt = try_solve_milp(p);
    if (p.demand_qps[0] <= slow_above) return attempt;
    attempt.time_limit_hit = true;
    if (!incumbent) attempt.plan.reset();
    if (attempt.plan) attempt.plan->time_limited = true;
    return attempt;
  };
}

TEST(ProteusMilpLoweringTimeLimit, AnIncumbentIsThePlan) {
  // 1.05 x 90 = 94.5 is feasible; the limit strikes with a plan in hand.
  for (OnTimeLimit rule : {OnTimeLimit::kStop, OnTimeLimit::kLowerBeta}) {
    const LoweredPlan out =
        solve_with_lowering(hundred_qps_cluster(90), {}, rule, timing_out_above(0, /*incumbent=*/true));
    ASSERT_TRUE(out.plan);
    EXPECT_TRUE(out.plan->time_limited);
    EXPECT_DOUBLE_EQ(out.beta, 1.05);
    EXPECT_EQ(out.tally.solves, 1u);
    EXPECT_EQ(out.tally.time_limit_hits, 1u);
    EXPECT_EQ(out.tally.incumbents, 1u);
    EXPECT_FALSE(out.stopped_at_time_limit);
  }
}

TEST(ProteusMilpLoweringTimeLimit, WithoutAPlanARunningPolicyStops) {
  // 0.95 x 90 would have been solved: a running policy never gets there, it keeps its plan.
  const LoweredPlan out = solve_with_lowering(hundred_qps_cluster(90), {}, OnTimeLimit::kStop,
                                              timing_out_above(90, /*incumbent=*/false));
  EXPECT_FALSE(out.plan);
  EXPECT_TRUE(out.stopped_at_time_limit);
  EXPECT_EQ(out.tally.solves, 1u);
  EXPECT_EQ(out.tally.time_limit_hits, 1u);
  EXPECT_EQ(out.tally.incumbents, 0u);
}

TEST(ProteusMilpLoweringTimeLimit, WithoutAPlanTheStartLowersBeta) {
  // 1.05 x 90 and 1.00 x 90 time out; 0.95 x 90 = 85.5 is solved.
  const LoweredPlan out = solve_with_lowering(hundred_qps_cluster(90), {}, OnTimeLimit::kLowerBeta,
                                              timing_out_above(86, /*incumbent=*/false));
  ASSERT_TRUE(out.plan);
  EXPECT_FALSE(out.plan->time_limited);
  EXPECT_DOUBLE_EQ(out.beta, 0.95);
  EXPECT_EQ(out.tally.solves, 3u);
  EXPECT_EQ(out.tally.time_limit_hits, 2u);
  EXPECT_FALSE(out.stopped_at_time_limit);
}

}  // namespace
}  // namespace servesim::proteus
