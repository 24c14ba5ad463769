// Regressions found in review: a replica evicted while loading must not come
// back when its stale ready event fires, and a batcher swapped in at run time
// gets the variant's whole batch range back.
#include <gtest/gtest.h>

#include "cloud_harness.hpp"

namespace servesim::cloudtest {
namespace {

// Load m (5 s load) on a spot instance at 298 s; the cloud takes it back at
// 300 s. The ready event at 303 s is stale: the replica stays unloaded and its
// memory is released once, not twice.
TEST(ReviewFixes, ReplicaEvictedWhileLoadingStaysGone) {
  test::TempDir dir;
  json doc = one_query_world(dir);
  doc["duration_s"] = 320;
  doc["cluster"] = {{"instances", json::array({{{"type", "c5.large"}, {"market", "spot"}}})}};
  doc["cloud"] = {{"spot", {{"interruptions", {{"at", json::array({{{"at_s", 300}, {"count", 1}}})}}},
                            {"notice_s", 1}}}};
  const Scenario scenario = load_doc(dir, doc);
  TestController c;
  ReplicaId r = 0;
  double free_at_end = -1;
  c.at(298, [&](ClusterControl& control, const ClusterView& view) { r = load_on(control, view, 0, "m"); });
  c.every_tick = [&](const ClusterView& view) { free_at_end = view.device(0).memory_free_mb; };
  const CloudRun run_result = run(scenario, c);
  EXPECT_EQ(run_result.replicas.at(r).state, ReplicaState::kUnloaded);
  EXPECT_EQ(c.replica_ready.count(r), 0u);
  EXPECT_DOUBLE_EQ(free_at_end, 4096);
}

// A replica loaded with a greedy max_batch of 2, then given a greedy batcher
// without a cap: it batches up to the variant's maximum (8) again.
TEST(ReviewFixes, SetBatcherRestoresTheVariantMaximum) {
  test::TempDir dir;
  json doc = cloud_world();
  doc["duration_s"] = 30;
  doc["catalogs"]["models"][0]["families"].push_back(
      R"({"name": "g", "variants": [{"name": "b8", "accuracy": 1, "memory_mb": 100, "max_batch": 8,
          "latency_ms": {"gpu": [[1, 10], [8, 24]]}}]})"_json);
  doc["cluster"] = {{"devices", json::array({{{"type", "gpu"}, {"count", 1}}})}};
  std::vector<double> burst(40, 20.0);  // 40 queries at once, at 20 s
  doc["applications"] = json::array({app("a", "g", 10000, replay_at_seconds(dir, burst, "a.txt"))});
  const Scenario scenario = load_doc(dir, doc);
  TestController c;
  ReplicaId r = 0;
  c.on_start = [&](ClusterControl& control, const ClusterView& view) {
    BatcherSpec two;
    two.max_batch = 2;
    r = *control.load_replica(ReplicaRequest{variant(view, "b8"), 0, two, 1}).replica;
  };
  c.at(10, [&](ClusterControl& control, const ClusterView&) { control.set_batcher(r, BatcherSpec{}); });
  c.router = [&](const RouteRequest&, const ClusterView&) { return RouteDecision::to(r); };
  const CloudRun run_result = run(scenario, c);
  ASSERT_EQ(run_result.counts.completed, 40u);
  // The first arrival starts alone (10 ms); the other 39 go in batches of
  // 8, 8, 8, 8 (24 ms each) and 7 (22 ms, interpolated): the last finishes
  // 128 ms after 20 s. In batches of 2 it would take 10 + 20 x 12 ms.
  SimTime last;
  for (const auto& o : run_result.outcomes) last = std::max(last, o.finish);
  EXPECT_EQ(last, at_seconds(20) + from_millis(10 + 4 * 24 + 22));
  EXPECT_EQ(run_result.replicas.at(r).max_batch, 8u);
}

}  // namespace
}  // namespace servesim::cloudtest
