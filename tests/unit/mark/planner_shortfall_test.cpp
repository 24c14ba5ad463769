// FILL's shortfall (MArk ATC'19, section 4.3): the run [tau, e] of positive
// L_t = F_t - C_sum, its n = e - tau + 1 steps, and N_i = sum of min(C_i, L_t).
#include <gtest/gtest.h>

#include <vector>

#include "policies/mark/instance_planner.hpp"
#include "policies/mark/planner_shortfall.hpp"
#include "tests/unit/mark/planner_fixture.hpp"

namespace servesim::mark::test {
namespace {

// Steps 1..9; tau = 5.
const std::vector<double> kForecast{0, 0, 0, 9000, 500, 300, 100, 0, 400};

TEST(MarkPlannerShortfall, TheRunEndsBeforeTheFirstStepWithoutShortfall) {
  // C_sum = 0: L = 500, 300, 100 on steps 5..7, 0 at step 8 -> [5, 7], n = 3.
  const auto run = shortfall_run(kForecast, 0, 5);
  ASSERT_TRUE(run.has_value());
  EXPECT_EQ(run->first_step, 5u);
  EXPECT_EQ(run->last_step, 7u);
  EXPECT_EQ(run->steps(), 3u);
  // N for C = 284: min(284, 500) + min(284, 300) + min(284, 100) = 284 + 284 + 100.
  EXPECT_DOUBLE_EQ(requests_served(kForecast, 0, *run, 284, from_seconds(60)), 668);
  // Pu = 2 min: each step's rate lasts twice as long.
  EXPECT_DOUBLE_EQ(requests_served(kForecast, 0, *run, 284, from_seconds(120)), 1336);
}

TEST(MarkPlannerShortfall, PlannedCapacityShortensTheRun) {
  // C_sum = 200: L = 300, 100, -100 -> [5, 6]; N for 284 = 284 + 100.
  const auto run = shortfall_run(kForecast, 200, 5);
  ASSERT_TRUE(run.has_value());
  EXPECT_EQ(run->last_step, 6u);
  EXPECT_EQ(run->steps(), 2u);
  EXPECT_DOUBLE_EQ(requests_served(kForecast, 200, *run, 284, from_seconds(60)), 384);
  // L_5 = 0 at C_sum = 500: nothing left at tau.
  EXPECT_FALSE(shortfall_run(kForecast, 500, 5).has_value());
}

TEST(MarkPlannerShortfall, ARunCanReachTheForecastsEnd) {
  const auto run = shortfall_run(kForecast, 0, 9);
  ASSERT_TRUE(run.has_value());
  EXPECT_EQ(run->first_step, 9u);
  EXPECT_EQ(run->last_step, 9u);
  EXPECT_EQ(run->steps(), 1u);  // the paper's e - tau would be 0: no price paid at all
}

TEST(MarkPlannerShortfall, CostPerRequestPaysEveryStepOfTheRun) {
  // (O + n Pu P) / N = (0.05 + 3 x (1/60) x 0.9) / 668.
  const ShortfallRun run{5, 7};
  EXPECT_DOUBLE_EQ(cost_per_request(0.05, 0.9, run, from_seconds(60), 668), (0.05 + 0.045) / 668);
}

TEST(MarkPlannerShortfall, PlannedPicksRecordTheirRun) {
  // Through the planner: one c5 (284 of the 500 at step 5), then another for
  // what is left: L = 216, 16 over [5, 6].
  const InstancePlan p = plan_instances(kForecast, c5_and_p2(), {}, planner_params());
  ASSERT_EQ(p.picks.size(), 2u);
  EXPECT_EQ(p.picks[0].run.last_step, 7u);
  EXPECT_DOUBLE_EQ(p.picks[0].requests, 668);
  EXPECT_EQ(p.picks[1].run.last_step, 6u);
  EXPECT_DOUBLE_EQ(p.picks[1].requests, 216 + 16);
  EXPECT_EQ(p.launch, (std::vector<std::uint32_t>{2, 0}));
}

TEST(MarkPlannerShortfall, TargetStepIsTauOrThePublicCodesPeak) {
  PlannerParams params = planner_params();
  EXPECT_EQ(target_step(kForecast, params), 5u);
  params.target = TargetStepRule::kLargestOfFirstSteps;
  EXPECT_EQ(target_step(kForecast, params), 4u);  // 9000 at step 4
  EXPECT_EQ(target_step(std::vector<double>{7, 7, 7}, params), 1u);  // the first of equal peaks
  // Only the first 6 steps count.
  EXPECT_EQ(target_step(std::vector<double>{1, 2, 3, 4, 5, 6, 100}, params), 6u);
}

}  // namespace
}  // namespace servesim::mark::test
