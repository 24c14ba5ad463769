// Resident model memory, integrated per device kind (what INFaaS section 6.2
// prices): a replica holds its variant's memory from its load request until
// it has drained after an unload.
#include <gtest/gtest.h>

#include "tests/unit/cloud/cloud_harness.hpp"

namespace servesim::cloudtest {
namespace {

// Two CPU replicas of m (100 MB each) from 0 s, one unloaded at 50 s; one
// query at 150 s (serving does not change what is resident).
TEST(MemoryCost, ResidentMemoryIsIntegratedPerKindFromLoadToRelease) {
  test::TempDir dir;
  json doc = cloud_world();
  doc["duration_s"] = 200;
  doc["applications"] = json::array({app("a", "f", 1000, replay_at_seconds(dir, {150}, "a.txt"))});
  const Scenario scenario = load_doc(dir, doc);
  TestController c;
  std::optional<ReplicaId> first;
  c.on_start = [&](ClusterControl& control, const ClusterView& view) {
    const InstanceId box = control.launch_instance(itype(view, "c5.large"), Market::kOnDemand);
    first = load_on(control, view, box, "m");
    load_on(control, view, box, "m");
  };
  c.at(50, [&](ClusterControl& control, const ClusterView&) { control.unload_replica(*first); });
  const CloudRun r = run(scenario, c);
  // 0.1 GB x 200 s + 0.1 GB x 50 s.
  EXPECT_NEAR(r.summary.memory_gb_seconds[0], 25.0, 1e-9);
  EXPECT_EQ(r.summary.memory_gb_seconds[1], 0.0);
  EXPECT_FALSE(r.summary.memory_cost);  // not asked for
  EXPECT_NEAR(memory_cost(r.summary.memory_gb_seconds, kDefaultMemoryPrices), 25.0 * 0.031, 1e-12);
  // The window rows' snapshots add up to the same total.
  EXPECT_NEAR(r.cluster.memory_gb_seconds[0], 25.0, 1e-9);
}

}  // namespace
}  // namespace servesim::cloudtest
