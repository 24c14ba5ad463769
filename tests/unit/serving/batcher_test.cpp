// Batchers through the engine: greedy fills batches up to max_batch under
// overload and runs alone queries at once; the timeout batcher holds a lone
// query exactly timeout_ms, and starts at once when max_batch queries wait.
#include <gtest/gtest.h>

#include <map>

#include "engine_harness.hpp"

namespace servesim::test {
namespace {

using nlohmann::json;

// On one replica with concurrency 1, batches finish at distinct times: the
// queries finishing at one instant are one batch.
std::map<std::int64_t, std::size_t> batch_sizes(const EngineRun& run) {
  std::map<std::int64_t, std::size_t> sizes;
  for (const QueryOutcome& q : run.outcomes) {
    if (q.kind == OutcomeKind::kCompleted) ++sizes[q.finish.ns];
  }
  return sizes;
}

EngineRun run_single(const TempDir& dir, json workload, json batcher, const std::string& variant = "a_fast",
                     const std::string& family = "a", double duration_s = 5) {
  json doc = engine_world(1);
  doc["duration_s"] = duration_s;
  doc["applications"] = single_stage_app(family, 1000, std::move(workload));
  doc["policies"] = static_policy({place(variant, 1, std::move(batcher))});
  return run_engine(dir, doc);
}

TEST(GreedyBatcher, FormsFullBatchesUnderOverload) {
  // a_fast batch 8 takes 24 ms: at most 333 queries/s; 1000/s arrive.
  TempDir dir;
  const EngineRun run = run_single(dir, {{"kind", "poisson"}, {"rate", 1000}}, {{"kind", "greedy"}, {"max_batch", 8}});
  const auto sizes = batch_sizes(run);
  ASSERT_GT(sizes.size(), 150u);
  std::size_t full = 0, largest = 0;
  for (const auto& [t, n] : sizes) {
    largest = std::max(largest, n);
    full += n == 8;
  }
  EXPECT_EQ(largest, 8u);
  EXPECT_GE(full, sizes.size() - 2) << "all but the first batches should be full";
  // Full batches back to back: 8 queries every 24 ms while arrivals last
  // (the drain serves the rest afterwards).
  std::size_t by_5s = 0;
  for (const auto& o : run.outcomes) by_5s += o.kind == OutcomeKind::kCompleted && o.finish <= at_seconds(5);
  EXPECT_NEAR(static_cast<double>(by_5s), 5.0 / 0.024 * 8, 16);
}

TEST(GreedyBatcher, BatchNeverExceedsTheMeasuredProfile) {
  // c1 allows batch 32 but is measured only up to 4: no batch above 4.
  TempDir dir;
  const EngineRun run =
      run_single(dir, {{"kind", "poisson"}, {"rate", 2000}}, {{"kind", "greedy"}}, "c1", "c", 2);
  ASSERT_EQ(run.replicas.size(), 1u);
  EXPECT_EQ(run.replicas[0].max_batch, 4u);
  std::size_t largest = 0;
  for (const auto& [t, n] : batch_sizes(run)) largest = std::max(largest, n);
  EXPECT_EQ(largest, 4u);
}

TEST(GreedyBatcher, LoneQueryStartsAtOnce) {
  TempDir dir;
  const EngineRun run = run_single(dir, replay_at(dir, {100, 400, 700}), {{"kind", "greedy"}, {"max_batch", 8}});
  ASSERT_EQ(run.outcomes.size(), 3u);
  for (const QueryOutcome& q : run.outcomes) EXPECT_EQ(q.latency(), from_millis(10)) << q.id;
}

TEST(TimeoutBatcher, LoneQueryWaitsExactlyTheTimeout) {
  TempDir dir;
  const EngineRun run = run_single(dir, replay_at(dir, {100, 400, 700, 1000}),
                                   {{"kind", "timeout"}, {"max_batch", 8}, {"timeout_ms", 5}});
  ASSERT_EQ(run.outcomes.size(), 4u);
  for (const QueryOutcome& q : run.outcomes) {
    EXPECT_EQ(q.latency(), from_millis(5 + 10)) << q.id;  // timeout + latency(1)
    EXPECT_EQ(q.queue_wait, from_millis(5)) << q.id;
  }
}

TEST(TimeoutBatcher, FullBatchStartsWithoutWaiting) {
  // Eight queries at one instant fill max_batch 8: no wait; latency(8) = 24 ms.
  TempDir dir;
  const EngineRun run = run_single(dir, replay_at(dir, std::vector<double>(8, 200.0)),
                                   {{"kind", "timeout"}, {"max_batch", 8}, {"timeout_ms", 50}});
  ASSERT_EQ(run.outcomes.size(), 8u);
  for (const QueryOutcome& q : run.outcomes) EXPECT_EQ(q.latency(), from_millis(24)) << q.id;
}

TEST(TimeoutBatcher, PartialBatchGoesAtTheTimeoutWithWhatIsThere) {
  // Three queries at one instant: wait 5 ms, then one batch of 3, whose latency
  // interpolates between the measured 2 (12 ms) and 8 (24 ms): 14 ms.
  TempDir dir;
  const EngineRun run = run_single(dir, replay_at(dir, {200, 200, 200}),
                                   {{"kind", "timeout"}, {"max_batch", 8}, {"timeout_ms", 5}});
  ASSERT_EQ(run.outcomes.size(), 3u);
  for (const QueryOutcome& q : run.outcomes) EXPECT_EQ(q.latency(), from_millis(5 + 14)) << q.id;
}

TEST(TimeoutBatcher, TimeoutCountsFromTheHeadsArrival) {
  // The second query arrives 3 ms after the first; both go when the first has
  // waited 5 ms: latencies 5 + 12 and 2 + 12 ms.
  TempDir dir;
  const EngineRun run = run_single(dir, replay_at(dir, {200, 203}),
                                   {{"kind", "timeout"}, {"max_batch", 8}, {"timeout_ms", 5}});
  ASSERT_EQ(run.outcomes.size(), 2u);
  std::map<std::uint64_t, Duration> latency;
  for (const QueryOutcome& q : run.outcomes) latency[q.id] = q.latency();
  EXPECT_EQ(latency[0], from_millis(17));
  EXPECT_EQ(latency[1], from_millis(14));
}

}  // namespace
}  // namespace servesim::test
