// The end of a run: arrivals stop at duration_s, the cluster drains what it
// holds for at most serving.drain_s, and whatever is left is counted
// unfinished, so that every query that arrived has an outcome.
#include <gtest/gtest.h>

#include "engine_harness.hpp"

namespace servesim::test {
namespace {

using nlohmann::json;

// 100 queries at time 0 for one a_fast replica (batch 1, 10 ms): 50 done
// when arrivals end at 0.5 s, the other 50 in the drain.
json backlog(const TempDir& dir, std::optional<double> drain_s) {
  json doc = engine_world(1);
  doc["duration_s"] = 0.5;
  if (drain_s) doc["serving"]["drain_s"] = *drain_s;
  doc["applications"] = single_stage_app("a", 100000, replay_at(dir, std::vector<double>(100, 0.0)));
  doc["policies"] = static_policy({place("a_fast", 1, {{"kind", "greedy"}, {"max_batch", 1}})});
  return doc;
}

TEST(RunEnd, TheDrainServesWhatIsLeftAndSaysHowLongItTook) {
  TempDir dir;
  const EngineRun run = run_engine(dir, backlog(dir, std::nullopt));
  EXPECT_EQ(run.counts.completed, 100u);
  EXPECT_EQ(run.counts.unfinished, 0u);
  EXPECT_EQ(run.drain, from_millis(500));  // the 100th query ends at 1 s
}

TEST(RunEnd, TheDrainBoundLeavesTheRestUnfinished) {
  TempDir dir;
  const EngineRun run = run_engine(dir, backlog(dir, 0.2));
  EXPECT_EQ(run.counts.completed, 70u);
  EXPECT_EQ(run.counts.unfinished, 30u);
  EXPECT_EQ(run.drain, from_millis(200));
  std::size_t unfinished_at_bound = 0;
  for (const auto& o : run.outcomes) unfinished_at_bound += o.kind == OutcomeKind::kUnfinished && o.finish == at_seconds(0.7);
  EXPECT_EQ(unfinished_at_bound, 30u);
}

TEST(RunEnd, NoDrainCountsEverythingInTheSystemUnfinished) {
  TempDir dir;
  const EngineRun run = run_engine(dir, backlog(dir, 0));
  EXPECT_EQ(run.counts.completed, 50u);
  EXPECT_EQ(run.counts.unfinished, 50u);
  EXPECT_EQ(run.drain, Duration::zero());
}

// The drain's default bound is ten times the largest SLO, at least a minute:
// with a 10 s SLO, a 100 s backlog is cut at 100 s.
TEST(RunEnd, TheDefaultBoundIsTenSlos) {
  TempDir dir;
  json doc = backlog(dir, std::nullopt);
  doc["applications"] = single_stage_app("a", 10000, replay_at(dir, std::vector<double>(20000, 0.0)));
  const EngineRun run = run_engine(dir, doc);
  EXPECT_EQ(run.drain, from_seconds(100));
  EXPECT_EQ(run.counts.completed, 10050u);  // 10 ms each from 0 to 100.5 s
  EXPECT_EQ(run.counts.unfinished, 20000u - 10050u);
}

// Queries that arrive during the warm-up are not counted in the totals, even
// when they finish after it; the time series has them.
TEST(RunEnd, TheWarmupIsLeftOutOfTheTotals) {
  TempDir dir;
  json doc = engine_world(1);
  doc["duration_s"] = 2;
  doc["outputs"] = {{"warmup_s", 1}};
  doc["applications"] = single_stage_app("a", 100000, replay_at(dir, {500.0, 995.0, 1000.0, 1500.0}));
  doc["policies"] = static_policy({place("a_fast", 1, {{"kind", "greedy"}, {"max_batch", 1}})});
  const EngineRun run = run_engine(dir, doc);
  EXPECT_EQ(run.outcomes.size(), 4u);
  EXPECT_EQ(run.counts.arrived, 2u);    // at 1.0 s and 1.5 s; the one at 0.995 s ends at 1.005 s
  EXPECT_EQ(run.counts.completed, 2u);
}

}  // namespace
}  // namespace servesim::test
