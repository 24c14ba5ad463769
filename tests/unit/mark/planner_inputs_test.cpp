// The planner's parameter checks: each bad input is one InputError naming
// its field under the caller's location.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "policies/mark/instance_planner.hpp"
#include "policies/mark/planner_candidates.hpp"
#include "sim/core/input_error.hpp"
#include "tests/unit/mark/planner_fixture.hpp"

namespace servesim::mark::test::planner_inputs_test {  // its own: unity builds join test files
namespace {

PlannerParams located() {
  PlannerParams p = planner_params();
  p.where = "s.json: policies[0].params";
  return p;
}

std::string error_of(const std::vector<double>& forecast, const std::vector<InstanceTypeOption>& types,
                     const PlannerParams& params = located()) {
  try {
    plan_instances(forecast, types, {}, params);
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

void expect_error(const std::string& message, const std::string& field, const std::string& expected) {
  EXPECT_NE(message.find("s.json: policies[0].params." + field + ":"), std::string::npos) << message;
  EXPECT_NE(message.find(expected), std::string::npos) << message;
}

TEST(MarkPlannerInputs, TauMustBeAStepOfTheForecast) {
  PlannerParams p = located();
  p.tau_steps = 0;
  expect_error(error_of(flat(100), c5_and_p2(), p), "tau_steps", "expected a step in 1..60");
  p.tau_steps = 61;
  expect_error(error_of(flat(100), c5_and_p2(), p), "tau_steps", "expected a step in 1..60");
  p.tau_steps = 60;
  EXPECT_EQ(error_of(flat(100), c5_and_p2(), p), "no error");
  p.tau_steps = 3;  // a shorter forecast bounds tau
  expect_error(error_of(flat(100, 2), c5_and_p2(), p), "tau_steps", "1..2");
}

TEST(MarkPlannerInputs, TheTypeListMustNotBeEmpty) {
  expect_error(error_of(flat(100), {}), "instance_types", "at least one instance type");
}

TEST(MarkPlannerInputs, CapacityMustBePositive) {
  std::vector<InstanceTypeOption> types = c5_and_p2();
  types[1].capacity_per_minute = 0;
  expect_error(error_of(flat(100), types), "instance_types[1].capacity_per_minute", "positive");
  types[1].capacity_per_minute = -3;
  expect_error(error_of(flat(100), types), "instance_types[1].capacity_per_minute", "positive");
}

// C_i is spread over the instance's replicas (one per serving device).
TEST(MarkPlannerInputs, AnInstanceHoldsAtLeastOneReplica) {
  std::vector<InstanceTypeOption> types = c5_and_p2();
  types[1].replicas = 0;
  expect_error(error_of(flat(100), types), "instance_types[1].replicas", "at least 1");
}

TEST(MarkPlannerInputs, PriceMustNotBeNegative) {
  std::vector<InstanceTypeOption> types = c5_and_p2();
  types[0].price_per_hour = -0.01;
  expect_error(error_of(flat(100), types), "instance_types[0].price_per_hour", "at least 0");
  types[0].price_per_hour = 0;  // free is allowed
  EXPECT_EQ(error_of(flat(100), types), "no error");
}

TEST(MarkPlannerInputs, TheForecastMustBeRates) {
  expect_error(error_of({}, c5_and_p2()), "forecast", "at least one step");
  std::vector<double> f = flat(100);
  f[7] = -1;
  expect_error(error_of(f, c5_and_p2()), "forecast[7]", "at least 0");
}

TEST(MarkPlannerInputs, NoTypeMeetingRtMaxIsAnError) {
  PlannerParams p = located();
  p.rt_max = from_millis(170);  // c5 180 ms, p2 100 + 90 ms
  expect_error(error_of(flat(100), c5_and_p2(), p), "instance_types", "no instance type meets RT_max");
}

TEST(MarkPlannerInputs, MeetsRtMaxIsWindowPlusBatchLatency) {
  const InstanceTypeOption p2 = p2_xlarge();
  EXPECT_TRUE(meets_rt_max(p2, from_millis(190)));  // 100 + 90 = 190, at the bound
  EXPECT_FALSE(meets_rt_max(p2, from_millis(189)));
}

TEST(MarkPlannerInputs, LaunchOverheadIsPriceForTheLaunchDelay) {
  InstanceTypeOption c5 = c5_large();
  c5.launch_delay = from_seconds(360);
  EXPECT_DOUBLE_EQ(launch_overhead_dollars(c5, LaunchOverheadRule::kLaunchDelay), 0.085 * 0.1);
  EXPECT_DOUBLE_EQ(launch_overhead_dollars(c5, LaunchOverheadRule::kPublicCode180s), 0.085 * 0.05);
}

TEST(MarkPlannerInputs, ARunningInstanceOfAnUnknownTypeIsABug) {
  const std::vector<RunningInstance> running{{1, 2, false}};
  EXPECT_THROW(plan_instances(flat(100), c5_and_p2(), running, planner_params()), InvariantError);
}

}  // namespace
}  // namespace servesim::mark::test::planner_inputs_test
