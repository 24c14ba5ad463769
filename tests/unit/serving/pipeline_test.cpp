// Pipelines through Simulation + StaticPolicy: chains, conditional branches,
// joins, and the end-to-end latency of a chain at low load.
#include <gtest/gtest.h>

#include "engine_harness.hpp"

namespace servesim::test::pipeline_test {  // its own: unity builds join test files
namespace {

using nlohmann::json;

json stage(const std::string& name, const std::string& family) { return {{"name", name}, {"family", family}}; }
json edge(const std::string& from, const std::string& to, double p = 1.0) {
  json e = {{"from", from}, {"to", to}};
  if (p < 1.0) e["probability"] = p;
  return e;
}

json pipeline_app(json stages, json edges, double slo_ms, json workload) {
  return json::array({{{"name", "app"},
                       {"slo_ms", slo_ms},
                       {"pipeline", {{"stages", stages}, {"edges", edges}}},
                       {"workload", workload}}});
}

// Every query left the system, and the books balance.
void expect_drained(const EngineRun& run) {
  EXPECT_EQ(run.counts.unfinished, 0u);
  EXPECT_EQ(run.counts.arrived, run.counts.finished());
  EXPECT_EQ(run.outcomes.size(), run.counts.arrived);
  EXPECT_EQ(run.stages.size(), run.counts.arrived);  // every query was routed at least once
}

TEST(Pipeline, TwoStageChainVisitsBothStagesInOrder) {
  TempDir dir;
  json doc = engine_world();
  doc["duration_s"] = 15;
  doc["applications"] = pipeline_app({stage("A", "a"), stage("B", "b")}, {edge("A", "B")}, 1000, poisson_for(40, 10));
  doc["policies"] = static_policy({place("a_fast"), place("b1")});
  const EngineRun run = run_engine(dir, doc);
  ASSERT_GT(run.counts.arrived, 300u);
  expect_drained(run);
  EXPECT_EQ(run.counts.completed, run.counts.arrived);
  for (const auto& [id, stages] : run.stages) {
    ASSERT_EQ(stages, (std::vector<StageId>{0, 1})) << "query " << id;
  }
  // Stage A goes to replica 0 (a_fast), stage B to replica 1 (b1).
  ASSERT_EQ(run.routed_to.size(), 2u);
  EXPECT_EQ(run.routed_to[0], run.counts.arrived);
  EXPECT_EQ(run.routed_to[1], run.counts.arrived);
}

TEST(Pipeline, ChainLatencyIsTheSumOfStageLatenciesAtLowLoad) {
  // Queries 200 ms apart never meet: each runs alone, batch 1, at every stage.
  TempDir dir;
  json doc = engine_world();
  doc["duration_s"] = 5;
  std::vector<double> times;
  for (int i = 0; i < 20; ++i) times.push_back(100.0 + 200.0 * i);
  doc["applications"] = pipeline_app({stage("A", "a"), stage("B", "b"), stage("C", "c")},
                                     {edge("A", "B"), edge("B", "C")}, 1000, replay_at(dir, times));
  doc["policies"] = static_policy({place("a_fast"), place("b1"), place("c1")});
  const EngineRun run = run_engine(dir, doc);
  ASSERT_EQ(run.outcomes.size(), 20u);
  for (const QueryOutcome& q : run.outcomes) {
    EXPECT_EQ(q.kind, OutcomeKind::kCompleted);
    EXPECT_EQ(q.latency(), from_millis(10 + 20 + 5)) << "query " << q.id;  // deterministic service, exact
    EXPECT_EQ(q.queue_wait, Duration::zero());
    EXPECT_TRUE(q.on_time());
  }
}

TEST(Pipeline, BranchIsTakenWithItsProbability) {
  // A -> B with probability 0.3: about 30 % of the queries visit B.
  TempDir dir;
  json doc = engine_world();
  doc["duration_s"] = 25;
  doc["applications"] = pipeline_app({stage("A", "a"), stage("B", "b")}, {edge("A", "B", 0.3)}, 1000,
                                     poisson_for(200, 20));
  doc["policies"] = static_policy({place("a_fast", 2), place("b1", 2)});
  const EngineRun run = run_engine(dir, doc);
  const std::size_t n = run.counts.arrived;
  ASSERT_GT(n, 3000u);
  expect_drained(run);
  EXPECT_EQ(run.visited(0), n);
  EXPECT_TRUE(within_binomial(run.visited(1), n, 0.3)) << run.visited(1) << " of " << n;
  for (const auto& [id, stages] : run.stages) {
    EXPECT_EQ(stages.front(), 0) << "query " << id;
    EXPECT_LE(stages.size(), 2u) << "query " << id;
  }
}

// A -> B (0.5), A -> C (0.5), B -> D, C -> D (0.7). D is a join: visited once
// when B is visited or when C is and its edge to D is taken, never otherwise;
// P(D) = 1 - (1 - 0.5) * (1 - 0.5 * 0.7) = 0.675.
json diamond(double rate, double active_s) {
  return pipeline_app({stage("A", "a"), stage("B", "b"), stage("C", "c"), stage("D", "d")},
                      {edge("A", "B", 0.5), edge("A", "C", 0.5), edge("B", "D"), edge("C", "D", 0.7)}, 1000,
                      poisson_for(rate, active_s));
}

TEST(Pipeline, JoinIsVisitedOnceWhenAnyParentPathIsTaken) {
  TempDir dir;
  json doc = engine_world();
  doc["duration_s"] = 25;
  doc["applications"] = diamond(150, 20);
  doc["policies"] = static_policy({place("a_fast"), place("b1"), place("c1"), place("d1")});
  const EngineRun run = run_engine(dir, doc);
  const std::size_t n = run.counts.arrived;
  ASSERT_GT(n, 2500u);
  expect_drained(run);
  EXPECT_EQ(run.counts.completed, n);
  std::size_t only_a = 0, via_c_only = 0;
  for (const auto& [id, stages] : run.stages) {
    auto count = [&](StageId s) { return std::count(stages.begin(), stages.end(), s); };
    ASSERT_EQ(count(0), 1) << "query " << id;
    ASSERT_LE(count(1), 1) << "query " << id;
    ASSERT_LE(count(2), 1) << "query " << id;
    ASSERT_LE(count(3), 1) << "query " << id << " visited the join twice";
    if (count(1) == 1) {
      EXPECT_EQ(count(3), 1) << "query " << id << ": B -> D has probability 1";
    }
    if (count(1) == 0 && count(2) == 0) {
      EXPECT_EQ(count(3), 0) << "query " << id << ": D without a parent";
      ++only_a;
    }
    if (count(1) == 0 && count(2) == 1) ++via_c_only;
    if (count(3) == 1) {
      EXPECT_EQ(stages.back(), 3) << "query " << id << ": D ran before a parent finished";
    }
  }
  EXPECT_TRUE(within_binomial(run.visited(3), n, 0.675)) << run.visited(3) << " of " << n;
  EXPECT_TRUE(within_binomial(run.visited(1), n, 0.5));
  EXPECT_TRUE(within_binomial(run.visited(2), n, 0.5));
  EXPECT_TRUE(within_binomial(only_a, n, 0.25));
  EXPECT_GT(via_c_only, 0u);
}

TEST(Pipeline, JoinQueriesNeverGetStuckWhenStagesDrop) {
  // Overloaded B and D with "expired" drops: some paths fail part-way; every
  // query must still leave the system once arrivals stop.
  TempDir dir;
  json doc = engine_world();
  doc["duration_s"] = 20;
  doc["serving"] = {{"drop", "expired"}};
  doc["applications"] = diamond(300, 10);
  doc["applications"][0]["slo_ms"] = 80;
  const json one = {{"kind", "greedy"}, {"max_batch", 1}};
  doc["policies"] = static_policy({place("a_fast", 2), place("b1", 1, one), place("c1"), place("d1", 1, one)});
  const EngineRun run = run_engine(dir, doc);
  ASSERT_GT(run.counts.arrived, 2500u);
  expect_drained(run);
  EXPECT_GT(run.counts.dropped, 0u);
  EXPECT_GT(run.counts.completed, 0u);
  for (const auto& [id, stages] : run.stages) {
    EXPECT_LE(std::count(stages.begin(), stages.end(), StageId{3}), 1) << "query " << id;
  }
}

TEST(Pipeline, TwoEntryStagesJoinIntoOne) {
  // A and B have no in-edge: both are visited; C waits for both.
  TempDir dir;
  json doc = engine_world();
  doc["duration_s"] = 12;
  doc["applications"] = pipeline_app({stage("A", "a"), stage("B", "b"), stage("C", "c")},
                                     {edge("A", "C"), edge("B", "C")}, 1000, poisson_for(50, 10));
  doc["policies"] = static_policy({place("a_fast"), place("b1"), place("c1")});
  const EngineRun run = run_engine(dir, doc);
  ASSERT_GT(run.counts.arrived, 350u);
  expect_drained(run);
  for (const auto& [id, stages] : run.stages) {
    ASSERT_EQ(stages.size(), 3u) << "query " << id;
    EXPECT_EQ(stages.back(), 2) << "query " << id;
  }
}

TEST(Pipeline, ParallelBranchesAtLowLoadTakeTheLongestPath) {
  // A -> B, A -> C, B -> D, C -> D, all certain: latency = A + max(B, C) + D.
  TempDir dir;
  json doc = engine_world();
  doc["duration_s"] = 3;
  std::vector<double> times;
  for (int i = 0; i < 10; ++i) times.push_back(50.0 + 250.0 * i);
  doc["applications"] = pipeline_app({stage("A", "a"), stage("B", "b"), stage("C", "c"), stage("D", "d")},
                                     {edge("A", "B"), edge("A", "C"), edge("B", "D"), edge("C", "D")}, 1000,
                                     replay_at(dir, times));
  doc["policies"] = static_policy({place("a_fast"), place("b1"), place("c1"), place("d1")});
  const EngineRun run = run_engine(dir, doc);
  ASSERT_EQ(run.outcomes.size(), 10u);
  for (const QueryOutcome& q : run.outcomes) EXPECT_EQ(q.latency(), from_millis(10 + 20 + 7)) << q.id;
}

}  // namespace
}  // namespace servesim::test::pipeline_test
