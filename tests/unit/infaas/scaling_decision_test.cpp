// Replicate vs upgrade, remove vs downgrade, by the ILP's cost of an action.
#include <gtest/gtest.h>

#include <vector>

#include "policies/infaas/scaling_decision.hpp"

namespace servesim::infaas {
namespace {

// Table 2 with section 6.2's costs (A = 1): A 5 QPS, B 100 QPS, C 800 QPS;
// loading takes 0.7 s each.
const ScalingOption kA{0, 5, 1, 0.7};
const ScalingOption kB{1, 100, 3, 0.7};
const ScalingOption kC{2, 800, 16, 0.7};

TEST(InfaasScalingDecision, ActionCostIsTheIlpObjective) {
  EXPECT_DOUBLE_EQ(action_cost(2, 3, 1, 0.5), 2 * (3 + 1 * 0.5 * 3));
  EXPECT_DOUBLE_EQ(action_cost(2, -3, 1, 0.5), -6);  // unloading pays no load latency
  EXPECT_DOUBLE_EQ(action_cost(2, 0, 1, 0.5), 0);
  EXPECT_EQ(replicas_for(10, 1.05, 5), 3);  // 10.5 / 5
  EXPECT_EQ(replicas_for(9.5, 1.0, 5), 2);
  EXPECT_EQ(replicas_for(0, 1.05, 5), 0);
}

TEST(InfaasScalingDecision, NoDeficitNoAction) {
  const std::vector<ScalingOption> ups{kB, kC};
  EXPECT_EQ(choose_scale_up(kA, 2, 9, ups, 1.05, 1).kind, ScalingDecision::Kind::kNone);
}

TEST(InfaasScalingDecision, SmallDeficitReplicatesTheCheapVariant) {
  // 8 QPS on one A: one more A costs 1 x 1.7; B costs 3 x 1.7 - 1 = 4.1.
  const std::vector<ScalingOption> ups{kB, kC};
  const ScalingDecision d = choose_scale_up(kA, 1, 8, ups, 1.05, 1);
  EXPECT_EQ(d.kind, ScalingDecision::Kind::kReplicate);
  EXPECT_EQ(d.replicas, 1);
  EXPECT_DOUBLE_EQ(d.cost, 1.7);
}

TEST(InfaasScalingDecision, HighLoadUpgradesToTheGpuVariant) {
  // 700 QPS on one A: 147 A (146 more, 248.2), or 8 B (8 x 3 x 1.7 - 1 =
  // 39.8), or 1 C (16 x 1.7 - 1 = 26.2): upgrade to C.
  const std::vector<ScalingOption> ups{kB, kC};
  const ScalingDecision d = choose_scale_up(kA, 1, 700, ups, 1.05, 1);
  EXPECT_EQ(d.kind, ScalingDecision::Kind::kSwitch);
  EXPECT_EQ(d.profile, 2u);
  EXPECT_EQ(d.replicas, 1);
  EXPECT_NEAR(d.cost, 26.2, 1e-9);
}

TEST(InfaasScalingDecision, LambdaWeighsLoadingAgainstRunningCost) {
  // 40 QPS on one B with a big lambda: replicas are charged for loading. No
  // replication needed here; from A at 40 QPS (9 A = 8 more): 8 x (1 + 1.4 L)
  // against B: 3 (1 + 1.4 L) - 1 -- B is cheaper for every lambda >= 0.
  const std::vector<ScalingOption> ups{kB};
  for (double lambda : {0.0, 1.0, 10.0}) {
    const ScalingDecision d = choose_scale_up(kA, 1, 40, ups, 1.05, lambda);
    EXPECT_EQ(d.kind, ScalingDecision::Kind::kSwitch) << lambda;
  }
  // Upgrading 1 A to C at 6 QPS costs 16 (1 + 0.7 L) - 1; one more A costs
  // 1 + 0.7 L: replication, whatever lambda.
  const std::vector<ScalingOption> c_only{kC};
  EXPECT_EQ(choose_scale_up(kA, 1, 6, c_only, 1.05, 0).kind, ScalingDecision::Kind::kReplicate);
  // Variants with no higher throughput are no upgrade.
  const std::vector<ScalingOption> slower{ScalingOption{3, 4, 0.1, 0}};
  EXPECT_EQ(choose_scale_up(kA, 1, 6, slower, 1.05, 0).kind, ScalingDecision::Kind::kReplicate);
}

TEST(InfaasScalingDecision, ScaleDownRemovesAReplicaWhenTheRestCarryTheLoad) {
  EXPECT_EQ(choose_scale_down(kA, 2, 4.8, {}, 1.05, 1).kind, ScalingDecision::Kind::kNone);  // 5.04 > 5
  const ScalingDecision d = choose_scale_down(kA, 2, 4.7, {}, 1.05, 1);
  EXPECT_EQ(d.kind, ScalingDecision::Kind::kRemove);
  EXPECT_DOUBLE_EQ(d.cost, -1);
  EXPECT_EQ(choose_scale_down(kA, 1, 0, {}, 1.05, 1).kind, ScalingDecision::Kind::kRemove);  // idle
}

TEST(InfaasScalingDecision, LowLoadDowngradesFromGpuToTheCheapestVariantThatCarriesIt) {
  // 4 QPS on C: A (1 x 1.7 - 16 = -14.3) beats B (3 x 1.7 - 16 = -10.9).
  const std::vector<ScalingOption> downs{kA, kB};
  const ScalingDecision d = choose_scale_down(kC, 1, 4, downs, 1.05, 1);
  EXPECT_EQ(d.kind, ScalingDecision::Kind::kSwitch);
  EXPECT_EQ(d.profile, 0u);
  EXPECT_NEAR(d.cost, -14.3, 1e-9);
  // 50 QPS: 11 A cost 11 to run, B 3: B.
  EXPECT_EQ(choose_scale_down(kC, 1, 50, downs, 1.05, 1).profile, 1u);
  // 500 QPS: 6 B cost 18 to run, more than C's 16: stay.
  EXPECT_EQ(choose_scale_down(kC, 1, 500, downs, 1.05, 1).kind, ScalingDecision::Kind::kNone);
}

TEST(InfaasScalingDecision, ALargeLambdaCanMakeADowngradeNotWorthIt) {
  // C -> B at 50 QPS: 3 (1 + 0.7 L) - 16 < 0 only while L < 6.19.
  const std::vector<ScalingOption> downs{kB};
  EXPECT_EQ(choose_scale_down(kC, 1, 50, downs, 1.05, 6).kind, ScalingDecision::Kind::kSwitch);
  EXPECT_EQ(choose_scale_down(kC, 1, 50, downs, 1.05, 6.3).kind, ScalingDecision::Kind::kNone);
}

}  // namespace
}  // namespace servesim::infaas

namespace servesim::infaas {
namespace {

ScalingOption with_room(ScalingOption o, std::int64_t room) {
  o.room = room;
  return o;
}

// Without new workers (INFaaS-Accuracy, constraint 3): an action needing more
// replicas than fit is not taken.
TEST(InfaasScalingDecision, ReplicationWithoutRoomUpgradesInstead) {
  // 8 QPS on one A: replication (1 x 1.7) would win, but no A fits; B does.
  const std::vector<ScalingOption> ups{with_room(kB, 1), with_room(kC, 0)};
  const ScalingDecision d = choose_scale_up(with_room(kA, 0), 1, 8, ups, 1.05, 1);
  EXPECT_EQ(d.kind, ScalingDecision::Kind::kSwitch);
  EXPECT_EQ(d.profile, kB.profile);
  EXPECT_EQ(d.replicas, 1);
}

TEST(InfaasScalingDecision, WhenNothingCarriesTheLoadAddWhatFits) {
  // 30 QPS on one A needs 7 A (6 more), or 1 B; only 2 A fit and no B.
  const std::vector<ScalingOption> ups{with_room(kB, 0)};
  const ScalingDecision d = choose_scale_up(with_room(kA, 2), 1, 30, ups, 1.05, 1);
  EXPECT_EQ(d.kind, ScalingDecision::Kind::kReplicate);
  EXPECT_EQ(d.replicas, 2);
  EXPECT_EQ(choose_scale_up(with_room(kA, 0), 1, 30, ups, 1.05, 1).kind, ScalingDecision::Kind::kNone);
}

TEST(InfaasScalingDecision, DowngradeNeedsRoomForItsReplicas) {
  // 8 QPS on one B, lambda 0: two A (2 - 3 < 0) would do, but only one A fits.
  const std::vector<ScalingOption> downs{with_room(kA, 1)};
  EXPECT_EQ(choose_scale_down(kB, 1, 8, downs, 1.05, 0).kind, ScalingDecision::Kind::kNone);
  const std::vector<ScalingOption> roomy{with_room(kA, 2)};
  EXPECT_EQ(choose_scale_down(kB, 1, 8, roomy, 1.05, 0).kind, ScalingDecision::Kind::kSwitch);
}

}  // namespace
}  // namespace servesim::infaas
