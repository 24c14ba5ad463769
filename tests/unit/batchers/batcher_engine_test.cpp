// The new batchers through the engine, end to end: a scenario with one GPU
// replica of a GPU-like model (1:5 2:6 4:8 8:12 16:20 32:36 ms), queries at
// chosen times, and the outcomes the batching rules imply.
#include <gtest/gtest.h>

#include <map>

#include "tests/unit/batchers/batch_outcomes.hpp"
#include "tests/unit/serving/engine_harness.hpp"

namespace servesim::test::batcher_engine_test {  // its own: unity builds join test files
namespace {

using nlohmann::json;

// engine_world() plus family "g" with the GPU-like variant "g1".
json gpu_like_world() {
  json doc = engine_world(1);
  doc["catalogs"]["models"][0]["families"].push_back(json::parse(R"(
    {"name": "g", "variants": [{"name": "g1", "accuracy": 1, "memory_mb": 100, "max_batch": 32,
      "latency_ms": {"gpu": [[1, 5], [2, 6], [4, 8], [8, 12], [16, 20], [32, 36]]}}]})"));
  return doc;
}

EngineRun run_g(const TempDir& dir, const std::vector<double>& times_ms, json batcher, double slo_ms,
                const std::string& drop = "none") {
  json doc = gpu_like_world();
  doc["duration_s"] = 2;
  doc["serving"]["drop"] = drop;
  doc["applications"] = single_stage_app("g", slo_ms, replay_at(dir, times_ms));
  doc["policies"] = static_policy({place("g1", 1, std::move(batcher))});
  return run_engine(dir, doc);
}

TEST(ProteusBatcherEngine, LoneQueryRunsAtTheLastMomentABatchOfTwoWouldFit) {
  // SLO 25 ms: wait until 25 - T(2) = 19 ms, run alone for 5: done at 24 ms.
  TempDir dir;
  const EngineRun run = run_g(dir, {100}, {{"kind", "proteus"}}, 25);
  ASSERT_EQ(run.outcomes.size(), 1u);
  EXPECT_EQ(run.outcomes[0].queue_wait, from_millis(19));
  EXPECT_EQ(run.outcomes[0].latency(), from_millis(24));
}

TEST(ProteusBatcherEngine, ASecondArrivalMovesTheStartEarlier) {
  // Head at 100 (deadline 125), second at 105: start at 125 - T(3) = 118 with
  // both, done at 124: latencies 24 and 19 ms; the device idled 100..118.
  TempDir dir;
  const EngineRun run = run_g(dir, {100, 105}, {{"kind", "proteus"}}, 25);
  const auto q = by_id(run);
  ASSERT_EQ(q.size(), 2u);
  EXPECT_EQ(q.at(0)->latency(), from_millis(24));
  EXPECT_EQ(q.at(1)->latency(), from_millis(19));
  EXPECT_EQ(batch_sequence(run), (std::vector<std::size_t>{2}));
}

TEST(ProteusBatcherEngine, BurstFillsBStarAndDropsWhatCannotMakeIt) {
  // 20 at once, SLO 25 ms, B* = 8: batches of 8 at 100 and 112 (done 124);
  // at 124 the last four would finish at 132 at best: dropped, not served late.
  TempDir dir;
  const EngineRun run = run_g(dir, std::vector<double>(20, 100), {{"kind", "proteus"}, {"max_batch", 8}}, 25);
  EXPECT_EQ(run.counts.completed, 16u);
  EXPECT_EQ(run.counts.on_time, 16u);
  EXPECT_EQ(run.counts.dropped, 4u);
  EXPECT_EQ(batch_sequence(run), (std::vector<std::size_t>{8, 8}));
}

TEST(NexusBatcherEngine, LoneQueryStartsAtOnce) {
  TempDir dir;
  const EngineRun run = run_g(dir, {100, 400}, {{"kind", "nexus"}}, 25);
  ASSERT_EQ(run.outcomes.size(), 2u);
  for (const QueryOutcome& q : run.outcomes) EXPECT_EQ(q.latency(), from_millis(5)) << q.id;
}

TEST(NexusBatcherEngine, EarlyDropInsteadOfLateService) {
  // 20 at once, SLO 25 ms (deadline 125), B* = 8. Work-conserving, Nexus runs
  // the first arrival alone (100..105), then 8 (..117). At 117 a window of 8
  // would end at 129: the scan drops heads until the window fits, 11 - 4 = 7
  // of them, and serves 4 (..125). Proteus, which waited, served 16 (above).
  TempDir dir;
  const json nexus_batcher = {{"kind", "nexus"}, {"max_batch", 8}};
  const EngineRun nexus = run_g(dir, std::vector<double>(20, 100), nexus_batcher, 25);
  EXPECT_EQ(batch_sequence(nexus), (std::vector<std::size_t>{1, 8, 4}));
  EXPECT_EQ(nexus.counts.on_time, 13u);
  EXPECT_EQ(nexus.counts.late, 0u);
  EXPECT_EQ(nexus.counts.dropped, 7u);
  // Greedy with the same cap (and the engine dropping nothing) serves the
  // same queries late instead: 1, 8, 8 (..129), 3 (..136).
  const EngineRun greedy = run_g(dir, std::vector<double>(20, 100), {{"kind", "greedy"}, {"max_batch", 8}}, 25);
  EXPECT_EQ(greedy.counts.late, 11u);
  EXPECT_EQ(greedy.counts.dropped, 0u);
}

TEST(NexusBatcherEngine, DropsOnlyHeadsThatCannotMakeItInTheirWindow) {
  // Eight at 100 and one at 101: the first runs alone (100..105), then the
  // other eight in one window. SLO 20 ms: 105 + T(8) = 117 meets 120: no drop.
  TempDir dir;
  std::vector<double> times(8, 100);
  times.push_back(101);
  times.push_back(200);
  const json nexus_batcher = {{"kind", "nexus"}, {"max_batch", 8}};
  const EngineRun run = run_g(dir, times, nexus_batcher, 20);
  EXPECT_EQ(run.counts.on_time, 10u);
  EXPECT_EQ(run.counts.dropped, 0u);
  // SLO 15 ms (deadlines 115, 116 at 101): window of 8 ends 117, too late for
  // the head; of 7, 116, still too late for the second; of 6, 115, in time
  // for the third. Two dropped, the rest on time.
  const EngineRun tight = run_g(dir, times, nexus_batcher, 15);
  EXPECT_EQ(batch_sequence(tight), (std::vector<std::size_t>{1, 6, 1}));
  EXPECT_EQ(tight.counts.dropped, 2u);
  EXPECT_EQ(tight.counts.on_time, 8u);
  EXPECT_EQ(tight.counts.late, 0u);
}

TEST(AimdBatcherEngine, GrowsByStepAfterOnTimeBatchesAndBacksOffAfterALateOne) {
  // 30 queries at once, SLO 25 ms, from size 1: batches of 1 (done 105),
  // 2 (111), 3 (118), 4 (126: late) -> floor(4 x 0.5) = 2, which is late
  // too (drop "none" serves the backlog late) -> 1.
  TempDir dir;
  const EngineRun run =
      run_g(dir, std::vector<double>(30, 100), {{"kind", "aimd"}, {"initial", 1}, {"step", 1}, {"decrease", 0.5}}, 25);
  const std::vector<std::size_t> seq = batch_sequence(run);
  ASSERT_GE(seq.size(), 6u);
  EXPECT_EQ(std::vector<std::size_t>(seq.begin(), seq.begin() + 6), (std::vector<std::size_t>{1, 2, 3, 4, 2, 1}));
}

TEST(MarkBatcherEngine, TunedWindowHoldsALoneQuery) {
  // RT_max 100 ms, max_batch 8: N = 8, W = 7/8 x 12 = 10.5 ms; a lone query
  // waits the window and runs alone: 15.5 ms.
  TempDir dir;
  const EngineRun run = run_g(dir, {100, 400}, {{"kind", "mark"}, {"slo_ms", 100}, {"max_batch", 8}}, 100);
  ASSERT_EQ(run.outcomes.size(), 2u);
  for (const QueryOutcome& q : run.outcomes) EXPECT_EQ(q.latency(), from_millis(15.5)) << q.id;
  // Eight at once fill N: no wait.
  const EngineRun full = run_g(dir, std::vector<double>(8, 100), {{"kind", "mark"}, {"slo_ms", 100}, {"max_batch", 8}}, 100);
  for (const QueryOutcome& q : full.outcomes) EXPECT_EQ(q.latency(), from_millis(12)) << q.id;
}

}  // namespace
}  // namespace servesim::test::batcher_engine_test
