// The "infaas" policy through the engine on Table 2's world (inline catalogs):
// at 4 QPS under a 300 ms SLO it serves from the CPU variant; at 700 QPS it
// upgrades to the GPU variant on a GPU worker it asks for; queries are
// conserved; same seed, same outcome.
#include <gtest/gtest.h>

#include "tests/unit/infaas/engine_harness.hpp"

namespace servesim::infaas::test {
namespace {

const int kSeeds[] = {3, 7, 11};

TEST(InfaasEngine, LowLoadIsServedFromTheCpuVariant) {
  for (int seed : kSeeds) {
    json doc = table2_world();
    doc["seed"] = seed;
    doc["duration_s"] = 120;
    const Outcome o = run_infaas(doc);
    EXPECT_TRUE(cloudtest::conserved(o.run));
    EXPECT_GT(o.run.counts.arrived, 400u);
    EXPECT_EQ(o.total_routed, o.run.counts.arrived);
    EXPECT_GT(o.share("A"), 0.99) << seed;
    for (const auto& t : o.instance_types) EXPECT_EQ(t, "cpu.w");
    EXPECT_EQ(o.stats.upgrades, 0u);
  }
}

TEST(InfaasEngine, LowLoadOnAGpuStartDowngradesToTheCpuVariant) {
  // Starting with a GPU worker too, the first query loads C (the lowest load +
  // inference latency); the model autoscaler then downgrades to A (cheaper).
  for (int seed : kSeeds) {
    json doc = table2_world();
    doc["seed"] = seed;
    doc["duration_s"] = 120;
    doc["policies"][0]["params"]["initial_workers"] = {{"cpu.w", 1}, {"gpu.w", 1}};
    const Outcome o = run_infaas(doc);
    EXPECT_TRUE(cloudtest::conserved(o.run));
    EXPECT_GE(o.stats.downgrades, 1u);
    EXPECT_GT(o.share("A"), 0.8) << seed;
    EXPECT_GT(o.routed.at("C"), 0u);
  }
}

class InfaasHighLoad : public ::testing::TestWithParam<int> {};

TEST_P(InfaasHighLoad, MovesToTheGpuVariant) {
  json doc = table2_world();
  doc["seed"] = GetParam();
  doc["applications"][0]["workload"]["rate"] = 700;
  const Outcome o = run_infaas(doc);
  EXPECT_TRUE(cloudtest::conserved(o.run));
  EXPECT_GE(o.stats.upgrades, 1u);
  EXPECT_GT(o.share("C"), 0.7);
  EXPECT_NE(std::find(o.instance_types.begin(), o.instance_types.end(), "gpu.w"), o.instance_types.end());
  // After the GPU worker is up (10 s boot + 0.7 s load), C carries the load on time.
  std::uint64_t late = 0, after = 0;
  for (const auto& q : o.run.outcomes) {
    if (q.arrival < at_seconds(20)) continue;
    ++after;
    late += !q.on_time();
  }
  ASSERT_GT(after, 20000u);
  EXPECT_LT(static_cast<double>(late) / after, 0.02);
}

INSTANTIATE_TEST_SUITE_P(Seeds, InfaasHighLoad, ::testing::ValuesIn(kSeeds));

TEST(InfaasEngine, ASpotWorkerTakenBackIsReplacedWithItsVariants) {
  // The only worker is a spot one, taken back at 200 s (notice at 80 s): an
  // on-demand replacement boots with its A replica (section 7); no query is lost.
  json doc = table2_world();
  doc["duration_s"] = 300;
  doc["cluster"] = {{"instances", json::array({{{"type", "cpu.w"}, {"market", "spot"}}})}};
  doc["cloud"] = {{"spot", {{"interruptions", {{"at", json::array({{{"at_s", 200}, {"count", 1}}})}}}}}};
  doc["policies"][0]["params"].erase("initial_workers");
  const Outcome o = run_infaas(doc);
  EXPECT_TRUE(cloudtest::conserved(o.run));
  EXPECT_EQ(o.stats.workers_replaced, 1u);
  ASSERT_GE(o.run.instances.size(), 2u);
  EXPECT_EQ(o.run.instances[0].state, InstanceState::kStopped);
  const auto replacement = std::find_if(o.run.instances.begin(), o.run.instances.end(),
                                       [](const InstanceInfo& i) { return i.requested == at_seconds(80); });
  ASSERT_NE(replacement, o.run.instances.end());
  EXPECT_EQ(replacement->market, Market::kOnDemand);
  EXPECT_EQ(o.run.counts.rejected, 0u);
  std::uint64_t after = 0;
  for (const auto& q : o.run.outcomes) after += q.arrival > at_seconds(200) && q.kind == OutcomeKind::kCompleted;
  EXPECT_GT(after, 300u);
}

TEST(InfaasEngine, SameSeedSameOutcome) {
  json doc = table2_world();
  doc["applications"][0]["workload"]["rate"] = 50;
  doc["duration_s"] = 30;
  const Outcome a = run_infaas(doc);
  const Outcome b = run_infaas(doc);
  EXPECT_EQ(a.run.counts.completed, b.run.counts.completed);
  EXPECT_EQ(a.run.counts.dropped, b.run.counts.dropped);
  EXPECT_EQ(a.routed, b.routed);
  EXPECT_DOUBLE_EQ(a.run.summary.cost.total(), b.run.summary.cost.total());
}

}  // namespace
}  // namespace servesim::infaas::test
