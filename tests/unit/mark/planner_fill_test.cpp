// MArk's Algorithm 1 (ATC'19, section 4.3) on hand-checked cases.
//
// The arithmetic of the c5.large / p2.xlarge cases. Pu = 1 min, Pw = 60,
// tau = 5; a flat forecast F keeps L_t > 0 from tau to the end, so the run is
// [5, 60] and n = 56 steps (56/60 h). Both overheads are 180 s = 0.05 h of
// price, so with m_i = min(C_i, L) at every step of the run
//   cost_i = (0.05 P_i + (56/60) P_i) / (56 m_i) = P_i (0.98333 / 56) / m_i,
// and the choice is the lower P_i / m_i whatever n is:
//   c5.large: 0.085 / 284 = 2.9930e-4 while L >= 284
//   p2.xlarge: 0.90 / L   for L < 3320
// They break even at L = 0.90 x 284 / 0.085 = 3007.06 requests/min.
#include <gtest/gtest.h>

#include <vector>

#include "policies/mark/instance_planner.hpp"
#include "tests/unit/mark/planner_fixture.hpp"

namespace servesim::mark::test {
namespace {

using Types = std::vector<InstanceTypeOption>;
using Running = std::vector<RunningInstance>;

InstancePlan plan(const std::vector<double>& forecast, const Types& types = c5_and_p2(),
                  const Running& running = {}, const PlannerParams& params = planner_params()) {
  return plan_instances(forecast, types, running, params);
}

TEST(MarkPlannerFill, FlatLoadAboveBreakEvenTakesOneP2) {
  // F = 3100: p2 0.90 / 3100 = 2.9032e-4 < c5 2.9930e-4, so p2; then
  // L = 3100 - 3320 = -220 <= 0 and FILL stops.
  const InstancePlan p = plan(flat(3100));
  EXPECT_EQ(p.launch, (std::vector<std::uint32_t>{0, 1}));
  EXPECT_TRUE(p.keep.empty());
  ASSERT_EQ(p.picks.size(), 1u);
  // (0.045 + 0.84) $ / (56 x 3100) requests = 5.0979e-6 $/request.
  EXPECT_NEAR(p.picks[0].cost_per_request, 0.885 / 173600.0, 1e-15);
}

TEST(MarkPlannerFill, FlatLoadBelowBreakEvenTakesElevenC5) {
  // F = 3000: p2 0.90 / 3000 = 3.0e-4 > c5 2.9930e-4, so c5. Each c5 lowers
  // L by 284: 2716, 2432, ..., 160 after ten; the p2's 0.90 / L only grows
  // as L falls, so c5 wins every time; the 11th (0.085 / 160 = 5.31e-4 vs
  // 0.90 / 160 = 5.63e-3) leaves L = 3000 - 11 x 284 = -124 <= 0.
  // The greedy stops at 11 x $0.085 = $0.935/h where one p2 ($0.90/h) would
  // do: it compares the next instance only, never the fleet.
  const InstancePlan p = plan(flat(3000));
  EXPECT_EQ(p.launch, (std::vector<std::uint32_t>{11, 0}));
  ASSERT_EQ(p.picks.size(), 11u);
  // (0.00425 + 0.079333) $ / (56 x 284) requests = 5.2555e-6 $/request.
  EXPECT_NEAR(p.picks[0].cost_per_request, 0.085 * (0.05 + 56.0 / 60.0) / (56 * 284.0), 1e-15);
  EXPECT_NEAR(p.picks[10].requests, 56 * 160.0, 1e-9);  // the last one serves the remaining 160/min
}

TEST(MarkPlannerFill, ThePublicCodeOverheadGivesTheSameChoices) {
  // Both overheads are already 180 s of price: the public code's rule is the same here.
  PlannerParams params = planner_params();
  params.overhead = LaunchOverheadRule::kPublicCode180s;
  EXPECT_EQ(plan(flat(3100), c5_and_p2(), {}, params).launch, (std::vector<std::uint32_t>{0, 1}));
  EXPECT_EQ(plan(flat(3000), c5_and_p2(), {}, params).launch, (std::vector<std::uint32_t>{11, 0}));
}

TEST(MarkPlannerFill, NoShortfallAtTauPlansNothing) {
  const InstancePlan p = plan(flat(0));
  EXPECT_EQ(p.launch, (std::vector<std::uint32_t>{0, 0}));
  EXPECT_TRUE(p.picks.empty());
}

TEST(MarkPlannerFill, ARunningInstanceIsTakenBeforeANewOneOfItsType) {
  // F = 3000: c5 either way; the running one costs 0.0793 $ instead of 0.0836 $.
  const InstancePlan p = plan(flat(3000), c5_and_p2(), {{7, kC5, false}});
  EXPECT_EQ(p.keep, (std::vector<InstanceId>{7}));
  EXPECT_EQ(p.kept, (std::vector<std::uint32_t>{1, 0}));
  EXPECT_EQ(p.launch, (std::vector<std::uint32_t>{10, 0}));
  ASSERT_TRUE(p.picks[0].kept.has_value());
  EXPECT_EQ(*p.picks[0].kept, 7u);
  EXPECT_FALSE(p.picks[1].kept.has_value());
  EXPECT_EQ(p.planned(kC5), 11u);
}

TEST(MarkPlannerFill, ARunningP2BeatsNewC5sByItsZeroOverhead) {
  // F = 3000: the running p2 costs 0.90 x (56/60) / (56 x 3000) = 5.0e-6,
  // below a new c5's 5.2555e-6; keeping it leaves L = -320.
  const InstancePlan p = plan(flat(3000), c5_and_p2(), {{3, kP2, false}});
  EXPECT_EQ(p.keep, (std::vector<InstanceId>{3}));
  EXPECT_EQ(p.launch, (std::vector<std::uint32_t>{0, 0}));
}

TEST(MarkPlannerFill, ReadyInstancesAreKeptBeforeBootingOnes) {
  const Running running{{1, kC5, true}, {2, kC5, false}, {3, kC5, false}};
  EXPECT_EQ(plan(flat(284), c5_and_p2(), running).keep, (std::vector<InstanceId>{2}));
  EXPECT_EQ(plan(flat(3 * 284), c5_and_p2(), running).keep, (std::vector<InstanceId>{2, 3, 1}));
}

TEST(MarkPlannerFill, UnwantedRunningInstancesAreNotKept) {
  // F = 284: one c5 covers it; the running p2 (0.90 x (56/60) / (56 x 284) =
  // 5.28e-5) loses to a new c5 (5.2555e-6).
  const InstancePlan p = plan(flat(284), c5_and_p2(), {{9, kP2, false}});
  EXPECT_TRUE(p.keep.empty());
  EXPECT_EQ(p.launch, (std::vector<std::uint32_t>{1, 0}));
}

TEST(MarkPlannerFill, EqualCostsPreferARunningInstanceThenTheLowerIndex) {
  // Zero launch delay: a running c5 and a new one cost the same.
  Types types{c5_large(), c5_large()};
  types[0].launch_delay = types[1].launch_delay = Duration::zero();
  types[1].name = "c5.large-copy";
  // Two identical new types: the lower index.
  EXPECT_EQ(plan(flat(284), types).launch, (std::vector<std::uint32_t>{1, 0}));
  // A running instance of the higher-index type beats a new one of the lower.
  const InstancePlan p = plan(flat(284), types, {{5, 1, false}});
  EXPECT_EQ(p.keep, (std::vector<InstanceId>{5}));
  EXPECT_EQ(p.launch, (std::vector<std::uint32_t>{0, 0}));
}

TEST(MarkPlannerFill, TheTargetStepTauDecides) {
  // A load that rises after tau: nothing to cover at tau = 5; it is planned
  // for once tau reaches it.
  PlannerParams later = planner_params();
  later.tau_steps = 8;
  const std::vector<double> rises_after = plateau(8, 60, 3100);
  EXPECT_TRUE(plan(rises_after).picks.empty());
  EXPECT_EQ(plan(rises_after, c5_and_p2(), {}, later).launch, (std::vector<std::uint32_t>{0, 1}));
  // A load that is over before tau is not FILL's (Lambda's, section 4.1).
  const std::vector<double> over_before = plateau(1, 4, 3100);
  EXPECT_TRUE(plan(over_before).picks.empty());
  PlannerParams earlier = planner_params();
  earlier.tau_steps = 2;
  EXPECT_EQ(plan(over_before, c5_and_p2(), {}, earlier).launch, (std::vector<std::uint32_t>{0, 1}));
}

TEST(MarkPlannerFill, ThePublicCodeTargetsTheLargestOfTheFirstSixSteps) {
  PlannerParams code = planner_params();
  code.target = TargetStepRule::kLargestOfFirstSteps;
  // The peak at steps 1..4 is its target; tau = 5 would see none.
  EXPECT_EQ(plan(plateau(1, 4, 3100), c5_and_p2(), {}, code).launch, (std::vector<std::uint32_t>{0, 1}));
  // A rise at step 7 is past its 6 steps.
  EXPECT_TRUE(plan(plateau(7, 60, 3100), c5_and_p2(), {}, code).picks.empty());
}

TEST(MarkPlannerFill, TheRunLengthTradesOverheadAgainstPrice) {
  // A: $1/h with a 10-min launch (O = $1/6); B: $2/h and ready at once. Over
  // n steps of 100/min, A costs (1/6 + n/60) / (100 n), B (2n/60) / (100 n):
  // A is cheaper once n > 10.
  const Types types{{"slow-cheap", 1.0, 100, 1, Duration::zero(), from_millis(50), from_seconds(600)},
                    {"fast-dear", 2.0, 100, 1, Duration::zero(), from_millis(50), Duration::zero()}};
  EXPECT_EQ(plan(plateau(5, 9, 100), types).launch, (std::vector<std::uint32_t>{0, 1}));   // n = 5
  EXPECT_EQ(plan(plateau(5, 24, 100), types).launch, (std::vector<std::uint32_t>{1, 0}));  // n = 20
}

TEST(MarkPlannerFill, TypesThatCannotMeetRtMaxAreDropped) {
  // p2's W_batch + T_N = 100 + 90 ms > RT_max = 185 ms (c5's 180 ms fits): F = 3100 takes
  // ceil(3100 / 284) = 11 c5 (3124 >= 3100), and the running p2 is not kept.
  PlannerParams params = planner_params();
  params.rt_max = from_millis(185);
  const InstancePlan p = plan(flat(3100), c5_and_p2(), {{4, kP2, false}}, params);
  EXPECT_EQ(p.launch, (std::vector<std::uint32_t>{11, 0}));
  EXPECT_TRUE(p.keep.empty());
}

TEST(MarkPlannerFill, SameInputsSamePlan) {
  Types types{c5_large(), p2_xlarge(), c5_large()};
  types[2].price_per_hour = 0.07;  // a spot c5
  std::vector<double> forecast;
  for (std::size_t t = 0; t < 60; ++t) forecast.push_back(2000 + 37.0 * static_cast<double>((t * 7) % 23));
  const Running running{{10, 0, false}, {11, 1, true}, {12, 2, false}, {13, 2, true}, {14, 0, false}};
  const InstancePlan a = plan(forecast, types, running);
  const InstancePlan b = plan(forecast, types, running);
  EXPECT_EQ(a.keep, b.keep);
  EXPECT_EQ(a.launch, b.launch);
  ASSERT_EQ(a.picks.size(), b.picks.size());
  for (std::size_t i = 0; i < a.picks.size(); ++i) {
    EXPECT_EQ(a.picks[i].type, b.picks[i].type);
    EXPECT_EQ(a.picks[i].kept, b.picks[i].kept);
    EXPECT_EQ(a.picks[i].cost_per_request, b.picks[i].cost_per_request);
  }
}

}  // namespace
}  // namespace servesim::mark::test
