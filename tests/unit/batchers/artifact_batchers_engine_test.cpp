// The artifact batchers through the engine: one GPU replica of a hand-made
// variant whose profile is given at the artifact's batch sizes only
// (1:5 2:6 4:8 8:12 ms), queries at chosen times, and the outcomes the
// artifact's rules (Proteus public code, core/predictor.py) imply, worked out
// by hand in the comments.
#include <gtest/gtest.h>

#include <map>

#include "tests/unit/batchers/batch_outcomes.hpp"
#include "tests/unit/serving/engine_harness.hpp"

namespace servesim::test {
namespace {

using nlohmann::json;

json artifact_world() {
  json doc = engine_world(1);
  doc["catalogs"]["models"][0]["families"].push_back(json::parse(R"(
    {"name": "g", "variants": [{"name": "g1", "accuracy": 1, "memory_mb": 100, "max_batch": 8,
      "latency_ms": {"gpu": [[1, 5], [2, 6], [4, 8], [8, 12]]}}]})"));
  return doc;
}

EngineRun run_g(const TempDir& dir, const std::vector<double>& times_ms, json batcher, double slo_ms) {
  json doc = artifact_world();
  doc["duration_s"] = 2;
  doc["serving"]["drop"] = "none";
  doc["applications"] = single_stage_app("g", slo_ms, replay_at(dir, times_ms));
  doc["policies"] = static_policy({place("g1", 1, std::move(batcher))});
  return run_engine(dir, doc);
}

const json kAccscale = {{"kind", "artifact_accscale"}, {"max_batch", 8}};

TEST(ArtifactAccscaleEngine, LoneQueryWaitsForItsOwnLatency) {
  // Deadline 125: timer at 125 - T(1) = 120, done at 125 (on time: not late).
  TempDir dir;
  const EngineRun run = run_g(dir, {100}, kAccscale, 25);
  ASSERT_EQ(run.outcomes.size(), 1u);
  EXPECT_EQ(run.outcomes[0].queue_wait, from_millis(20));
  EXPECT_EQ(run.outcomes[0].latency(), from_millis(25));
  EXPECT_EQ(run.counts.on_time, 1u);
}

TEST(ArtifactAccscaleEngine, AStaleTimerWhileBusyStartsALaterBatchAtOnce) {
  // 100: timer 120. 105: the head re-timed for a batch of 2, 125 - 6 = 119;
  // both run 119..125 (latencies 25, 20). The stale timer at 120 fires while
  // busy: flag. 125: nothing queued, the flag stays. 200: timer 220, runs
  // 220..225 (25). 221, while busy: timed 246 - 5 = 241, but at 225 the flag
  // starts it at once: 225..230, latency 9.
  TempDir dir;
  const EngineRun run = run_g(dir, {100, 105, 200, 221}, kAccscale, 25);
  const auto q = by_id(run);
  ASSERT_EQ(q.size(), 4u);
  EXPECT_EQ(q.at(0)->latency(), from_millis(25));
  EXPECT_EQ(q.at(1)->latency(), from_millis(20));
  EXPECT_EQ(q.at(2)->latency(), from_millis(25));
  EXPECT_EQ(q.at(3)->latency(), from_millis(9));
  EXPECT_EQ(batch_sequence(run), (std::vector<std::size_t>{2, 1, 1}));
}

TEST(ArtifactAimdEngine, BurstClimbsThenBacksOffAndDropsAtTwiceTheSlo) {
  // 30 at 100, SLO 25 (deadline 125, twice-deadline point 150), B* = 8. AIMD
  // size 1 starts at the first arrival: 1 (..105), 2 (..111), 4 (..119) on
  // time; 8 (..131) late -> 4 (..139) late -> 2 (..145) late -> 1 (..150),
  // 1 (150..155: 150 is not past 150); at 155 the last 7 are past it: dropped.
  TempDir dir;
  const EngineRun run = run_g(dir, std::vector<double>(30, 100), {{"kind", "artifact_aimd"}, {"max_batch", 8}}, 25);
  EXPECT_EQ(batch_sequence(run), (std::vector<std::size_t>{1, 2, 4, 8, 4, 2, 1, 1}));
  EXPECT_EQ(run.counts.on_time, 7u);
  EXPECT_EQ(run.counts.late, 16u);
  EXPECT_EQ(run.counts.dropped, 7u);
  // B* = 4: the size still climbs to 8, and a batch asks for 8 and runs 4:
  // 1, 2, 4 on time (..119); 4 (..127) late -> size 4 (..135) -> 2 (..141) ->
  // 1 (..146) -> 1 (..151); at 151 the last 11 are dropped.
  const EngineRun capped = run_g(dir, std::vector<double>(30, 100), {{"kind", "artifact_aimd"}, {"max_batch", 4}}, 25);
  EXPECT_EQ(batch_sequence(capped), (std::vector<std::size_t>{1, 2, 4, 4, 4, 2, 1, 1}));
  EXPECT_EQ(capped.counts.dropped, 11u);
}

TEST(ArtifactAimdEngine, ABatchThinnedByTheDropRunsAtTheSizeAskedFor) {
  // 100 runs alone (latency 5), size 2. 200 waits for a second query; at 260
  // two are queued, 200 is past 200 + 2 x 25 = 250: dropped, and 260 runs
  // alone as a batch of 2: latency T(2) = 6, not T(1) = 5.
  TempDir dir;
  const EngineRun run = run_g(dir, {100, 200, 260}, {{"kind", "artifact_aimd"}, {"max_batch", 8}}, 25);
  const auto q = by_id(run);
  ASSERT_EQ(q.size(), 3u);
  EXPECT_EQ(q.at(0)->latency(), from_millis(5));
  EXPECT_EQ(q.at(1)->kind, OutcomeKind::kDropped);
  EXPECT_EQ(q.at(2)->latency(), from_millis(6));
  // Without the drop both run, 200 late.
  const EngineRun kept = run_g(
      dir, {100, 200, 260}, {{"kind", "artifact_aimd"}, {"max_batch", 8}, {"drop_at_twice_deadline", false}}, 25);
  const auto k = by_id(kept);
  EXPECT_EQ(k.at(1)->latency(), from_millis(66));
  EXPECT_EQ(k.at(2)->latency(), from_millis(6));
}

}  // namespace
}  // namespace servesim::test
