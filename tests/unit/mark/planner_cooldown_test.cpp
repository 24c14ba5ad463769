// The cool-down between plans (MArk ATC'19, section 4.3; MArk public code,
// modules/scheduler.py): launches go out at once; an instance goes at the
// 6th plan in a row that does not want it, booting ones first.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "policies/mark/instance_planner.hpp"
#include "policies/mark/plan_cooldown.hpp"
#include "sim/core/input_error.hpp"
#include "tests/unit/mark/planner_fixture.hpp"

namespace servesim::mark::test {
namespace {

using Running = std::vector<RunningInstance>;
using Ids = std::vector<InstanceId>;

// A plan over one type keeping `keep` and launching `launch`.
InstancePlan one_type_plan(const Ids& keep, std::uint32_t launch = 0) {
  InstancePlan p;
  p.keep = keep;
  p.kept = {static_cast<std::uint32_t>(keep.size())};
  p.launch = {launch};
  return p;
}

TEST(MarkPlanCooldown, LaunchesGoOutAtOnce) {
  PlanCooldown cooldown;
  const CooldownDecision d = cooldown.next(one_type_plan({}, 3), {});
  EXPECT_EQ(d.launch, (std::vector<std::uint32_t>{3}));
  EXPECT_TRUE(d.destroy.empty());
}

TEST(MarkPlanCooldown, AnInstanceStaysFiveUnwantedPlansAndGoesAtTheSixth) {
  PlanCooldown cooldown;
  const Running alive{{1, 0, false}};
  for (int i = 0; i < 6; ++i) EXPECT_TRUE(cooldown.next(one_type_plan({1}), alive).destroy.empty());
  for (int unwanted = 1; unwanted <= 5; ++unwanted) {
    EXPECT_TRUE(cooldown.next(one_type_plan({}), alive).destroy.empty()) << "unwanted plan " << unwanted;
  }
  EXPECT_EQ(cooldown.next(one_type_plan({}), alive).destroy, (Ids{1}));
}

TEST(MarkPlanCooldown, AWantedPlanRestartsTheCount) {
  PlanCooldown cooldown;
  const Running alive{{1, 0, false}};
  for (int i = 0; i < 6; ++i) cooldown.next(one_type_plan({1}), alive);
  for (int i = 0; i < 4; ++i) cooldown.next(one_type_plan({}), alive);
  cooldown.next(one_type_plan({1}), alive);
  for (int i = 0; i < 5; ++i) EXPECT_TRUE(cooldown.next(one_type_plan({}), alive).destroy.empty());
  EXPECT_EQ(cooldown.next(one_type_plan({}), alive).destroy, (Ids{1}));
}

TEST(MarkPlanCooldown, NothingGoesBeforeSixPlans) {
  // An instance from before the first plan: the 6th plan that does not want it removes it.
  PlanCooldown cooldown;
  const Running alive{{1, 0, false}};
  for (int i = 0; i < 5; ++i) EXPECT_TRUE(cooldown.next(one_type_plan({}), alive).destroy.empty());
  EXPECT_EQ(cooldown.next(one_type_plan({}), alive).destroy, (Ids{1}));
}

TEST(MarkPlanCooldown, BootingOnesGoFirst) {
  // Six plans want one instance (1); then none. Instance 2, booting, was
  // launched outside the plans (the SLO tracker of section 4.4, say). The
  // window still holds one: the booting one goes now, the ready one after
  // five more plans.
  PlanCooldown cooldown;
  for (int i = 0; i < 6; ++i) cooldown.next(one_type_plan({1}), Running{{1, 0, false}});
  const Running alive{{1, 0, false}, {2, 0, true}};
  EXPECT_EQ(cooldown.next(one_type_plan({}), alive).destroy, (Ids{2}));
  const Running left{{1, 0, false}};
  for (int i = 0; i < 4; ++i) EXPECT_TRUE(cooldown.next(one_type_plan({}), left).destroy.empty());
  EXPECT_EQ(cooldown.next(one_type_plan({}), left).destroy, (Ids{1}));
}

TEST(MarkPlanCooldown, TheWindowsLargestPlanIsKept) {
  // Plans want 3, then 1: after the cool-down two of the three go, the
  // kept one stays; of the unkept ones the caller's last goes first.
  PlanCooldown cooldown;
  const Running alive{{1, 0, false}, {2, 0, false}, {3, 0, false}};
  for (int i = 0; i < 6; ++i) cooldown.next(one_type_plan({1, 2, 3}), alive);
  for (int i = 0; i < 5; ++i) EXPECT_TRUE(cooldown.next(one_type_plan({1}), alive).destroy.empty());
  EXPECT_EQ(cooldown.next(one_type_plan({1}), alive).destroy, (Ids{3, 2}));
}

TEST(MarkPlanCooldown, OnePlanIsNoCooldown) {
  // Algorithm 1 as written: destroy what the plan does not keep, now.
  PlanCooldown cooldown(1);
  EXPECT_EQ(cooldown.next(one_type_plan({2}), Running{{1, 0, false}, {2, 0, false}}).destroy, (Ids{1}));
}

TEST(MarkPlanCooldown, WithThePlanner) {
  // F = 3100 launches one p2; the load then vanishes. The p2 (booting, then
  // ready) stays through five empty plans and goes at the sixth.
  PlanCooldown cooldown;
  const PlannerParams params = planner_params();
  const auto first = cooldown.next(plan_instances(flat(3100), c5_and_p2(), {}, params), {});
  EXPECT_EQ(first.launch, (std::vector<std::uint32_t>{0, 1}));
  const Running alive{{42, kP2, false}};
  for (int i = 0; i < 5; ++i) {
    const InstancePlan p = plan_instances(flat(0), c5_and_p2(), alive, params);
    EXPECT_TRUE(cooldown.next(p, alive).destroy.empty());
  }
  const InstancePlan p = plan_instances(flat(0), c5_and_p2(), alive, params);
  EXPECT_EQ(cooldown.next(p, alive).destroy, (Ids{42}));
}

TEST(MarkPlanCooldown, SameSequenceSameDecisions) {
  const Running alive{{1, 0, false}, {2, 0, true}, {3, 0, false}};
  const std::vector<Ids> keeps{{1, 2, 3}, {1}, {}, {3}, {1, 3}, {}, {}, {}, {}, {}, {}, {}};
  PlanCooldown a, b;
  for (const Ids& keep : keeps) {
    EXPECT_EQ(a.next(one_type_plan(keep), alive).destroy, b.next(one_type_plan(keep), alive).destroy);
  }
}

TEST(MarkPlanCooldown, NeedsAtLeastOnePlan) {
  try {
    PlanCooldown cooldown(0, "s.json: policies[0].params");
    FAIL() << "no error";
  } catch (const InputError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("s.json: policies[0].params.cooldown_plans: expected at least 1"), std::string::npos)
        << message;
  }
}

}  // namespace
}  // namespace servesim::mark::test
