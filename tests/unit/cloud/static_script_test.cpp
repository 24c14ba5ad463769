// The static policy's "script" and "lambda_overflow" through the engine:
// timed launches whose replicas serve after boot + load, timed stops that
// drain, a standby launched at a spot notice, and overflow to Lambda.
#include <gtest/gtest.h>

#include "tests/unit/cloud/cloud_harness.hpp"

namespace servesim::cloudtest {
namespace {

json static_params(json params) { return json::array({{{"name", "static"}, {"params", std::move(params)}}}); }

// One batch at a time on the 2-core boxes (concurrency 1), as the timelines
// below count them.
const json kPlaceM = json::array({{{"variant", "m"}, {"device_type", "box.cpu"}, {"concurrency", 1}}});

// Instance 0 (c5.large, warm) holds replica 0. At 20 s the script launches a
// c5.b (instance 1, ready at 80 s) with replica 1 (ready at 85 s); at 100 s
// it stops every c5.b. Least-loaded routing, lowest id on ties.
//   30 s x2: replica 0, then replica 1 (loading): the second waits until 85.1 s
//   90 s x2: one each, both done at 90.1 s
//   99.95 s x4: two each; at the 100 s stop replica 1 has one running and one
//               queued: it drains, and instance 1 stops at 100.15 s
//   110 s x2: replica 0 only (110.1 s, 110.2 s)
TEST(CloudStaticScript, TimedLaunchServesAfterBootAndLoadTimedStopDrains) {
  test::TempDir dir;
  json doc = cloud_world();
  doc["duration_s"] = 120;
  doc["cluster"] = {{"instances", json::array({{{"type", "c5.large"}}})}};
  doc["applications"] = json::array({app(
      "a", "f", 100000, replay_at_seconds(dir, {30, 30, 90, 90, 99.95, 99.95, 99.95, 99.95, 110, 110}, "a.txt"))});
  doc["policies"] = static_params(
      {{"placement", kPlaceM},
       {"script", json::array({{{"at_s", 20}, {"launch", {{"instance_type", "c5.b"}, {"load", json::array({{{"variant", "m"}, {"concurrency", 1}}})}}}},
                               {{"at_s", 100}, {"stop", {{"instance_type", "c5.b"}}}}})}});
  const Scenario scenario = load_doc(dir, doc);
  const auto policy = first_policy(scenario);
  Forwarder f(*policy);
  const CloudRun r = run(scenario, f);

  ASSERT_EQ(r.instances.size(), 2u);
  EXPECT_EQ(r.instances[1].requested, at_seconds(20));
  EXPECT_EQ(r.instances[1].ready_at, at_seconds(80));
  EXPECT_EQ(f.instance_ready.at(1), at_seconds(80));
  EXPECT_EQ(f.replica_ready.at(1), at_seconds(85));
  EXPECT_EQ(f.instance_gone.at(1), at_seconds(100.15));
  EXPECT_EQ(r.instances[1].state, InstanceState::kStopped);
  EXPECT_EQ(r.instances[0].state, InstanceState::kRunning);
  EXPECT_EQ(r.replicas.at(1).state, ReplicaState::kUnloaded);

  EXPECT_EQ(r.by_id(0).finish, at_seconds(30.1));
  EXPECT_EQ(r.by_id(1).finish, at_seconds(85.1));  // boot (50 s left) + load 5 s + 100 ms
  EXPECT_EQ(r.by_id(2).finish, at_seconds(90.1));
  EXPECT_EQ(r.by_id(3).finish, at_seconds(90.1));
  std::vector<SimTime> burst;
  for (std::uint64_t q = 4; q < 8; ++q) burst.push_back(r.by_id(q).finish);
  std::sort(burst.begin(), burst.end());
  EXPECT_EQ(burst, (std::vector<SimTime>{at_seconds(100.05), at_seconds(100.05), at_seconds(100.15),
                                         at_seconds(100.15)}));
  EXPECT_EQ(r.by_id(8).finish, at_seconds(110.1));
  EXPECT_EQ(r.by_id(9).finish, at_seconds(110.2));
  EXPECT_EQ(r.counts.completed, 10u);
  EXPECT_TRUE(conserved(r));
  // Instance 1 billed from 20 s to 100.15 s (81 s), instance 0 for the whole 120 s.
  EXPECT_NEAR(r.cluster.cost.by_instance_type.at("c5.b"), 0.17 * 81 / 3600, 1e-15);
  EXPECT_NEAR(r.cluster.cost.by_instance_type.at("c5.large"), 0.085 * 120 / 3600, 1e-15);
}

// A spot c5.large (instance 0, replica 0) is taken back at 300 s; the
// script's "on": "interruption_notice" entry launches a c5.b standby at the
// notice (180 s), ready at 240 s, its replica at 245 s. Three queries at
// 299.95 s: two on replica 0 (one running, one queued), one on replica 1; at
// 300 s the two are re-routed to replica 1, which finishes all three at
// 300.05, 300.15 and 300.25 s.
TEST(CloudStaticScript, StandbyLaunchedAtTheInterruptionNotice) {
  test::TempDir dir;
  json doc = cloud_world();
  doc["duration_s"] = 400;
  doc["cluster"] = {{"instances", json::array({{{"type", "c5.large"}, {"market", "spot"}}})}};
  doc["cloud"] = {{"spot", {{"interruptions", {{"at", json::array({{{"at_s", 300}, {"count", 1}}})}}}}}};
  doc["applications"] = json::array({app("a", "f", 100000, replay_at_seconds(dir, {299.95, 299.95, 299.95}, "a.txt"))});
  doc["policies"] = static_params(
      {{"placement", kPlaceM},
       {"script", json::array({{{"on", "interruption_notice"},
                                {"launch", {{"instance_type", "c5.b"}, {"load", json::array({{{"variant", "m"}, {"concurrency", 1}}})}}}}})}});
  const Scenario scenario = load_doc(dir, doc);
  const auto policy = first_policy(scenario);
  Forwarder f(*policy);
  std::size_t instances_after_notice = 0;
  f.on_notice_hook = [&](InstanceId, SimTime, ClusterControl&, const ClusterView& view) {
    instances_after_notice = view.instance_count();
  };
  const CloudRun r = run(scenario, f);

  ASSERT_EQ(f.notices.size(), 1u);
  EXPECT_EQ(f.notices[0].when, at_seconds(180));
  EXPECT_EQ(instances_after_notice, 2u);  // launched inside the notice
  ASSERT_EQ(r.instances.size(), 2u);
  EXPECT_EQ(r.instances[1].requested, at_seconds(180));
  EXPECT_EQ(r.instances[1].market, Market::kOnDemand);
  EXPECT_EQ(f.instance_ready.at(1), at_seconds(240));
  EXPECT_EQ(f.replica_ready.at(1), at_seconds(245));
  EXPECT_EQ(f.instance_gone.at(0), at_seconds(300));
  std::vector<SimTime> finish;
  for (const auto& o : r.outcomes) {
    EXPECT_EQ(o.kind, OutcomeKind::kCompleted);
    finish.push_back(o.finish);
  }
  std::sort(finish.begin(), finish.end());
  EXPECT_EQ(finish, (std::vector<SimTime>{at_seconds(300.05), at_seconds(300.15), at_seconds(300.25)}));
  EXPECT_TRUE(conserved(r));
  // The standby: on-demand c5.b from 180 s to the end (220 s).
  EXPECT_NEAR(r.cluster.cost.on_demand, 0.17 * 220 / 3600, 1e-15);
  EXPECT_EQ(r.cluster.cost.spot, 0.0);  // interrupted in its first hour
}

// Overflow to Lambda when the chosen replica already holds more than
// queue_above (2) queries. Replica: m, 100 ms, batch 1. Function f: 250 ms,
// cold start 2 s.
//   1 s x10: three to the replica (outstanding 0, 1, 2), seven to Lambda, cold
//   10 s: to the replica
//   20 s x5: three to the replica, two to Lambda, warm (idle since 3.25 s)
TEST(CloudStaticScript, LambdaOverflowAboveQueueThreshold) {
  test::TempDir dir;
  json doc = cloud_world();
  doc["duration_s"] = 30;
  lambda_block(doc)["concurrency_limit"] = 100;
  doc["cluster"] = {{"instances", json::array({{{"type", "c5.large"}}})}};
  doc["cloud"] = {{"lambda", {{"functions", json::array({{{"name", "f"}, {"variant", "m"}, {"memory_mb", 1024},
                                                          {"cold_start_ms", 2000}}})}}}};
  std::vector<double> times(10, 1.0);
  times.push_back(10);
  for (int k = 0; k < 5; ++k) times.push_back(20);
  doc["applications"] = json::array({app("a", "f", 100000, replay_at_seconds(dir, times, "a.txt"))});
  doc["policies"] = static_params({{"placement", kPlaceM}, {"lambda_overflow", {{"function", "f"}, {"queue_above", 2}}}});
  const Scenario scenario = load_doc(dir, doc);
  const auto policy = first_policy(scenario);
  Forwarder f(*policy);
  const CloudRun r = run(scenario, f);

  std::map<std::int64_t, int> finishes;  // finish (ns) -> queries
  for (const auto& o : r.outcomes) {
    EXPECT_EQ(o.kind, OutcomeKind::kCompleted);
    ++finishes[o.finish.ns];
  }
  const std::map<std::int64_t, int> want{
      {at_seconds(1.1).ns, 1},   {at_seconds(1.2).ns, 1},  {at_seconds(1.3).ns, 1},  {at_seconds(3.25).ns, 7},
      {at_seconds(10.1).ns, 1},  {at_seconds(20.1).ns, 1}, {at_seconds(20.2).ns, 1}, {at_seconds(20.3).ns, 1},
      {at_seconds(20.25).ns, 2}};
  EXPECT_EQ(finishes, want);
  EXPECT_EQ(r.cluster.lambda_invocations, 9u);
  EXPECT_EQ(r.cluster.lambda_cold_starts, 7u);
  const double per_call = 1.0 * 0.3 * 1e-5 + 2e-7;
  EXPECT_NEAR(r.cluster.cost.lambda, 9 * per_call, 1e-9 * 9 * per_call);
  EXPECT_TRUE(conserved(r));
}

// Lambda function "f" (1 GB, 2 s cold start) and two queries, at 1 and 5 s.
json lambda_world(const test::TempDir& dir) {
  json doc = cloud_world();
  doc["duration_s"] = 10;
  doc["cloud"] = {{"lambda", {{"functions", json::array({{{"name", "f"}, {"variant", "m"}, {"memory_mb", 1024},
                                                          {"cold_start_ms", 2000}}})}}}};
  doc["applications"] = json::array({app("a", "f", 100000, replay_at_seconds(dir, {1, 5}, "a.txt"))});
  return doc;
}

// Runs the scenario of lambda_world: both queries on Lambda, the first cold
// (2 s + 250 ms), the second warm.
CloudRun run_both_on_lambda(const Scenario& scenario) {
  const auto policy = first_policy(scenario);
  Forwarder f(*policy);
  CloudRun r = run(scenario, f);
  EXPECT_EQ(r.counts.completed, 2u);
  EXPECT_EQ(r.by_id(0).latency(), from_millis(2250));
  EXPECT_EQ(r.by_id(1).latency(), from_millis(250));
  return r;
}

// With lambda_overflow and no replica at all (a script-only policy before
// its launch), queries go to Lambda instead of being rejected.
TEST(CloudStaticScript, LambdaOverflowWithoutReplicas) {
  test::TempDir dir;
  json doc = lambda_world(dir);
  doc["policies"] = static_params(
      {{"script", json::array({{{"at_s", 100}, {"launch", {{"instance_type", "c5.b"}}}}})},
       {"lambda_overflow", {{"function", "f"}, {"queue_above", 0}}}});
  const CloudRun r = run_both_on_lambda(load_doc(dir, doc));
}

// A script-only policy whose launch at 0 s serves the stage is no mistake:
// the query at 10 s waits for the replica (launched at the first tick, 1 s;
// up at 61 s, loaded at 66 s), the one at 100 s is served at once.
// A script that launches only another family's replicas is still refused.
TEST(CloudStaticScript, ScriptOnlyPolicyServesOnceItsLaunchIsUp) {
  test::TempDir dir;
  json doc = cloud_world();
  doc["duration_s"] = 120;
  doc["applications"] = json::array({app("a", "f", 100000, replay_at_seconds(dir, {10, 100}, "a.txt"))});
  doc["policies"] = static_params(
      {{"script", json::array({{{"at_s", 0}, {"launch", {{"instance_type", "c5.b"}, {"load", json::array({{{"variant", "m"}, {"concurrency", 1}}})}}}}})}});
  const Scenario scenario = load_doc(dir, doc);
  {
    const auto policy = first_policy(scenario);
    Forwarder f(*policy);
    const CloudRun r = run(scenario, f);
    EXPECT_EQ(r.by_id(0).finish, at_seconds(66.1));
    EXPECT_EQ(r.by_id(1).finish, at_seconds(100.1));
    EXPECT_TRUE(conserved(r));
  }
  doc["policies"] = static_params(
      {{"script", json::array({{{"at_s", 0}, {"launch", {{"instance_type", "c5.b"}, {"load", json::array({{{"variant", "s"}}})}}}}})}});
  const Scenario other = load_doc(dir, doc);
  const auto policy = first_policy(other);
  Forwarder f(*policy);
  EXPECT_THROW(run(other, f), InputError);
}

// Lambda alone (no placement, no script): every query goes to the function,
// the first cold; a policy with none of the three is still refused.
TEST(CloudStaticScript, LambdaOnlyDeployment) {
  test::TempDir dir;
  json doc = lambda_world(dir);
  doc["policies"] = static_params({{"lambda_overflow", {{"function", "f"}}}});
  const CloudRun r = run_both_on_lambda(load_doc(dir, doc));
  EXPECT_EQ(r.cluster.lambda_invocations, 2u);
  EXPECT_TRUE(conserved(r));

  doc["policies"] = static_params(json::object());
  const Scenario empty = load_doc(dir, doc);
  EXPECT_THROW(first_policy(empty), InputError);
}

}  // namespace
}  // namespace servesim::cloudtest
