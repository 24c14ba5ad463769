// serving.hop_delay_ms: each taken edge of a pipeline costs the query this
// long between the stage that finished and the next. At low load (one query
// at a time, deterministic service) end-to-end latency is the stages' service
// times plus one hop per edge on the longest path, exactly; 0 changes nothing.
#include <gtest/gtest.h>

#include "engine_harness.hpp"

namespace servesim::test {
namespace {

using nlohmann::json;

json stage(const std::string& name, const std::string& family) { return {{"name", name}, {"family", family}}; }
json edge(const std::string& from, const std::string& to, double p = 1.0) {
  return {{"from", from}, {"to", to}, {"probability", p}};
}

json pipeline_app(json stages, json edges, json workload) {
  return json::array({{{"name", "app"},
                       {"slo_ms", 1000},
                       {"pipeline", {{"stages", stages}, {"edges", edges}}},
                       {"workload", workload}}});
}

// Queries 200 ms apart never meet: each runs alone, batch 1, at every stage.
std::vector<double> spaced_queries(int n) {
  std::vector<double> times;
  for (int i = 0; i < n; ++i) times.push_back(100.0 + 200.0 * i);
  return times;
}

// A (a_fast, 10 ms) -> B (b1, 20 ms), one replica each.
json two_stage_chain(const TempDir& dir, std::optional<double> hop_ms) {
  json doc = engine_world();
  doc["duration_s"] = 5;
  if (hop_ms) doc["serving"]["hop_delay_ms"] = *hop_ms;
  doc["applications"] =
      pipeline_app({stage("A", "a"), stage("B", "b")}, {edge("A", "B")}, replay_at(dir, spaced_queries(20)));
  doc["policies"] = static_policy({place("a_fast"), place("b1")});
  return doc;
}

void expect_every_latency(const EngineRun& run, std::size_t queries, Duration latency) {
  ASSERT_EQ(run.outcomes.size(), queries);
  for (const QueryOutcome& q : run.outcomes) {
    EXPECT_EQ(q.kind, OutcomeKind::kCompleted) << "query " << q.id;
    EXPECT_EQ(q.latency(), latency) << "query " << q.id;
    EXPECT_EQ(q.queue_wait, Duration::zero()) << "query " << q.id;  // a hop is not a wait in a queue
  }
}

TEST(HopDelay, TwoStageChainAddsOneHop) {
  TempDir dir;
  expect_every_latency(run_engine(dir, two_stage_chain(dir, 2.5)), 20, from_millis(10 + 20 + 2.5));
}

TEST(HopDelay, ThreeStageChainAddsAHopPerEdge) {
  TempDir dir;
  json doc = two_stage_chain(dir, 4);
  doc["applications"] = pipeline_app({stage("A", "a"), stage("B", "b"), stage("C", "c")},
                                     {edge("A", "B"), edge("B", "C")}, replay_at(dir, spaced_queries(20)));
  doc["policies"] = static_policy({place("a_fast"), place("b1"), place("c1")});
  expect_every_latency(run_engine(dir, doc), 20, from_millis(10 + 20 + 5 + 2 * 4));
}

// A -> B, A -> C, B -> D, C -> D: the two branches hop at the same time, so a
// query pays two hops (A to a branch, a branch to D) on the longer branch, B.
TEST(HopDelay, ParallelBranchesHopAtOnceAndTheJoinWaitsForTheLastArrival) {
  TempDir dir;
  json doc = two_stage_chain(dir, 3);
  doc["applications"] =
      pipeline_app({stage("A", "a"), stage("B", "b"), stage("C", "c"), stage("D", "d")},
                   {edge("A", "B"), edge("A", "C"), edge("B", "D"), edge("C", "D")}, replay_at(dir, spaced_queries(20)));
  doc["policies"] = static_policy({place("a_fast"), place("b1"), place("c1"), place("d1")});
  expect_every_latency(run_engine(dir, doc), 20, from_millis(10 + 20 + 7 + 2 * 3));
}

// Branches not taken resolve at once while taken ones hop; under load, with
// late queries dropped part-way, every query still leaves, and a join is
// visited at most once.
TEST(HopDelay, JoinsWithUntakenBranchesStillResolveUnderLoad) {
  TempDir dir;
  json doc = two_stage_chain(dir, 2);
  doc["duration_s"] = 15;
  doc["serving"]["drop"] = "expired";
  doc["applications"] =
      pipeline_app({stage("A", "a"), stage("B", "b"), stage("C", "c"), stage("D", "d")},
                   {edge("A", "B", 0.5), edge("A", "C", 0.5), edge("B", "D"), edge("C", "D", 0.7)}, poisson_for(300, 10));
  doc["applications"][0]["slo_ms"] = 80;
  doc["policies"] = static_policy({place("a_fast", 2), place("b1"), place("c1"), place("d1")});
  const EngineRun run = run_engine(dir, doc);
  ASSERT_GT(run.counts.arrived, 2500u);
  EXPECT_EQ(run.counts.unfinished, 0u);
  EXPECT_EQ(run.counts.finished(), run.counts.arrived);
  EXPECT_GT(run.counts.dropped, 0u);
  for (const auto& [id, stages] : run.stages) {
    EXPECT_LE(std::count(stages.begin(), stages.end(), StageId{3}), 1) << "query " << id << " visited the join twice";
  }
}

// A one-stage application has no hop: the client's request and the answer are not between stages.
TEST(HopDelay, ASingleStageHasNoHop) {
  TempDir dir;
  json doc = engine_world();
  doc["duration_s"] = 5;
  doc["serving"]["hop_delay_ms"] = 50;
  doc["applications"] = single_stage_app("a", 1000, replay_at(dir, spaced_queries(20)));
  doc["policies"] = static_policy({place("a_fast")});
  expect_every_latency(run_engine(dir, doc), 20, from_millis(10));
}

// Under load, with queueing and batching: an explicit 0 is the default, event for event.
TEST(HopDelay, ZeroIsTheDefaultAndChangesNothing) {
  TempDir dir;
  auto loaded = [&](std::optional<double> hop_ms) {
    json doc = two_stage_chain(dir, hop_ms);
    doc["duration_s"] = 12;
    doc["applications"][0]["workload"] = poisson_for(300, 10);
    return run_engine(dir, doc);
  };
  const EngineRun absent = loaded(std::nullopt);
  const EngineRun zero = loaded(0);
  ASSERT_GT(absent.outcomes.size(), 2000u);
  ASSERT_EQ(zero.outcomes.size(), absent.outcomes.size());
  for (std::size_t i = 0; i < absent.outcomes.size(); ++i) {
    EXPECT_EQ(zero.outcomes[i].id, absent.outcomes[i].id);
    EXPECT_EQ(zero.outcomes[i].finish, absent.outcomes[i].finish);
    EXPECT_EQ(zero.outcomes[i].kind, absent.outcomes[i].kind);
  }
  EXPECT_EQ(zero.route_sequence, absent.route_sequence);
}

// One query at 0: A ends at 10 ms, its hop to B would end at 110 ms. A run
// cut at 50 ms (no drain) holds it between the stages: unfinished, not lost
// (run_engine checks that every query that arrived has an outcome).
TEST(HopDelay, AQueryBetweenStagesWhenTheRunEndsIsUnfinished) {
  TempDir dir;
  json doc = two_stage_chain(dir, 100);
  doc["duration_s"] = 0.05;
  doc["serving"]["drain_s"] = 0;
  doc["applications"][0]["workload"] = replay_at(dir, {0.0});
  const EngineRun run = run_engine(dir, doc);
  ASSERT_EQ(run.outcomes.size(), 1u);
  EXPECT_EQ(run.outcomes[0].kind, OutcomeKind::kUnfinished);
  EXPECT_EQ(run.counts.unfinished, 1u);
  ASSERT_EQ(run.stages.at(0).size(), 1u);  // routed to A only: B was never reached
}

// The same query with a drain: the drain waits for the hop, then B serves it.
TEST(HopDelay, TheDrainWaitsForAQueryBetweenStages) {
  TempDir dir;
  json doc = two_stage_chain(dir, 100);
  doc["duration_s"] = 0.05;
  doc["applications"][0]["workload"] = replay_at(dir, {0.0});
  const EngineRun run = run_engine(dir, doc);
  expect_every_latency(run, 1, from_millis(10 + 100 + 20));
  EXPECT_EQ(run.drain, from_millis(10 + 100 + 20 - 50));
}

}  // namespace
}  // namespace servesim::test
