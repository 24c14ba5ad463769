// StaticPolicy's routing through the engine: round robin splits exactly
// evenly, weighted routing splits by weight, least-loaded prefers an idle
// replica, and the accuracy floor excludes weaker variants.
#include <gtest/gtest.h>

#include <set>

#include "engine_harness.hpp"

namespace servesim::test {
namespace {

using nlohmann::json;


TEST(Routing, RoundRobinSplitsExactlyEvenly) {
  TempDir dir;
  const EngineRun run = run_static_on_a(dir, {place("a_fast", 3)}, "round_robin", {{"kind", "poisson"}, {"rate", 150}});
  const std::size_t n = run.route_sequence.size();
  ASSERT_GT(n, 1000u);
  ASSERT_EQ(run.routed_to.size(), 3u);
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(run.route_sequence[i], i % 3) << "visit " << i;
  for (std::uint64_t c : run.routed_to) EXPECT_LE(c - n / 3, 1u);
}

TEST(Routing, WeightedSplitsByWeight) {
  TempDir dir;
  const EngineRun run = run_static_on_a(dir, {place("a_fast", 1, nullptr, 1.0), place("a_fast", 1, nullptr, 3.0)},
                                    "weighted", {{"kind", "poisson"}, {"rate", 500}});
  const std::size_t n = run.route_sequence.size();
  ASSERT_GT(n, 4000u);
  ASSERT_EQ(run.routed_to.size(), 2u);
  EXPECT_TRUE(within_binomial(run.routed_to[1], n, 0.75)) << run.routed_to[1] << " of " << n;
}

TEST(Routing, WeightedEqualWeightsIsNotRoundRobin) {
  // Random, not alternating: some two consecutive visits go to the same replica.
  TempDir dir;
  const EngineRun run = run_static_on_a(dir, {place("a_fast", 2)}, "weighted", {{"kind", "poisson"}, {"rate", 200}});
  ASSERT_GT(run.route_sequence.size(), 1000u);
  std::size_t repeats = 0;
  for (std::size_t i = 1; i < run.route_sequence.size(); ++i) repeats += run.route_sequence[i] == run.route_sequence[i - 1];
  EXPECT_TRUE(within_binomial(repeats, run.route_sequence.size() - 1, 0.5));
  EXPECT_TRUE(within_binomial(run.routed_to[0], run.route_sequence.size(), 0.5));
}

TEST(Routing, LeastLoadedPrefersTheIdleReplica) {
  // Pairs of simultaneous queries: the first takes replica 0 (lowest index on
  // a tie), the second the idle replica 1.
  TempDir dir;
  std::vector<double> times;
  for (int i = 0; i < 20; ++i) times.insert(times.end(), {100.0 + 100 * i, 100.0 + 100 * i});
  const EngineRun run = run_static_on_a(dir, {place("a_fast", 2)}, "least_loaded", replay_at(dir, times), 4);
  ASSERT_EQ(run.route_sequence.size(), 40u);
  for (std::size_t i = 0; i < 40; ++i) EXPECT_EQ(run.route_sequence[i], i % 2) << "visit " << i;
  for (const QueryOutcome& q : run.outcomes) EXPECT_EQ(q.latency(), from_millis(10)) << q.id;  // nobody waited
}

TEST(Routing, LeastLoadedIsTheDefaultAndTiesGoToTheLowestIndex) {
  // Isolated queries always find both replicas idle: all go to replica 0.
  TempDir dir;
  const EngineRun run = run_static_on_a(dir, {place("a_fast", 2)}, "", replay_at(dir, {100, 200, 300, 400}), 2);
  EXPECT_EQ(run.route_sequence, (std::vector<ReplicaId>{0, 0, 0, 0}));
}

TEST(Routing, LeastLoadedBalancesQueues) {
  // Three simultaneous queries on two replicas: 0, 1, then 0 again (both hold one).
  TempDir dir;
  const EngineRun run = run_static_on_a(dir, {place("a_fast", 2, {{"kind", "greedy"}, {"max_batch", 1}})}, "least_loaded",
                                    replay_at(dir, {100, 100, 100}), 2);
  EXPECT_EQ(run.route_sequence, (std::vector<ReplicaId>{0, 1, 0}));
}

TEST(Routing, OnlyReplicasOfTheStagesFamilyServeIt) {
  TempDir dir;
  json doc = engine_world();
  doc["duration_s"] = 5;
  doc["applications"] = single_stage_app("b", 1000, {{"kind", "poisson"}, {"rate", 100}});
  doc["policies"] = static_policy({place("a_fast", 2), place("b1"), place("c1")});
  const EngineRun run = run_engine(dir, doc);
  ASSERT_GT(run.route_sequence.size(), 300u);
  EXPECT_EQ(std::set<ReplicaId>(run.route_sequence.begin(), run.route_sequence.end()), std::set<ReplicaId>{2});
}

TEST(Routing, AccuracyFloorExcludesWeakerVariants) {
  // a_fast is 0.75 of a_best: with a floor of 0.9 only a_best serves, and
  // every completion reports accuracy 1; without the floor both serve.
  for (const bool floor : {true, false}) {
    TempDir dir;
    json doc = engine_world();
    doc["duration_s"] = 5;
    doc["applications"] = single_stage_app("a", 1000, {{"kind", "poisson"}, {"rate", 200}});
    if (floor) doc["applications"][0]["min_accuracy"] = 0.9;
    doc["policies"] = static_policy({place("a_fast"), place("a_best")}, "round_robin");
    const EngineRun run = run_engine(dir, doc);
    ASSERT_GT(run.outcomes.size(), 500u);
    std::set<double> accuracies;
    for (const QueryOutcome& q : run.outcomes) accuracies.insert(q.accuracy);
    if (floor) {
      EXPECT_EQ(std::set<ReplicaId>(run.route_sequence.begin(), run.route_sequence.end()), std::set<ReplicaId>{1});
      EXPECT_EQ(accuracies, std::set<double>{1.0});
    } else {
      EXPECT_EQ(accuracies, (std::set<double>{0.75, 1.0}));
    }
  }
}

}  // namespace
}  // namespace servesim::test
