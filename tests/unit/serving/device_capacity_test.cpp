// A device's capacity is conserved however many replicas it hosts: a GPU runs
// one batch at a time (replicas wait for it in FIFO order), a CPU one batch
// per core, and serving.gpu_concurrency lets GPU batches overlap no faster
// together than its gain allows.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "engine_harness.hpp"

namespace servesim::test {
namespace {

using nlohmann::json;

struct Interval {
  SimTime start, end;
};

// Each batch once: its start (finish - service time) and its finish.
std::vector<Interval> batch_intervals(const EngineRun& run) {
  std::map<std::pair<std::int64_t, std::int64_t>, Interval> batches;
  for (const auto& o : run.outcomes) {
    if (o.kind != OutcomeKind::kCompleted) continue;
    const SimTime start = o.arrival + o.queue_wait;
    batches[{start.ns, o.finish.ns}] = Interval{start, o.finish};
  }
  std::vector<Interval> out;
  for (const auto& [key, interval] : batches) out.push_back(interval);
  return out;
}

// The most batches running at one instant.
std::size_t most_at_once(const std::vector<Interval>& intervals) {
  std::vector<std::pair<std::int64_t, int>> edges;
  for (const auto& i : intervals) {
    edges.emplace_back(i.start.ns, +1);
    edges.emplace_back(i.end.ns, -1);  // an end at t frees the slot for a start at t
  }
  std::sort(edges.begin(), edges.end());
  int now = 0, most = 0;
  for (const auto& [t, delta] : edges) most = std::max(most, now += delta);
  return static_cast<std::size_t>(most);
}

std::size_t completed_by(const EngineRun& run, double seconds) {
  std::size_t n = 0;
  for (const auto& o : run.outcomes) n += o.kind == OutcomeKind::kCompleted && o.finish <= at_seconds(seconds);
  return n;
}

// d1 runs batch 8 in 14 ms: one GPU completes at most 8 / 0.014 = 571 queries
// a second, whoever asks. Two saturated replicas on it (4000 QPS offered for
// 10 s) complete no more between them; before time slicing they completed 2x.
TEST(DeviceCapacity, TwoSaturatedReplicasOnOneGpuShareItsCapacity) {
  TempDir dir;
  json doc = engine_world(1);
  doc["applications"] = single_stage_app("d", 1000, poisson_for(4000, 10));
  doc["policies"] = static_policy({place("d1", 2, {{"kind", "greedy"}, {"max_batch", 8}})}, "round_robin");
  const EngineRun run = run_engine(dir, doc);
  ASSERT_EQ(run.devices.at(0).replicas.size(), 2u);
  const double capacity = 10 * 8 / 0.014;
  EXPECT_LE(static_cast<double>(completed_by(run, 10)), capacity + 16);  // + the two batches running at 10 s
  EXPECT_GE(static_cast<double>(completed_by(run, 10)), 0.97 * capacity);  // and it is saturated
  EXPECT_EQ(most_at_once(batch_intervals(run)), 1u);
  EXPECT_GT(run.routed_to.at(0), 15000u);  // both replicas had work all along
  EXPECT_GT(run.routed_to.at(1), 15000u);
}

// A 4-core CPU hosting two replicas of 3 worker threads each: at most 4
// batches (a_fast: batch 1, 50 ms) run at once, so at most 80 a second.
TEST(DeviceCapacity, CpuRunsAtMostOneBatchPerCore) {
  TempDir dir;
  json doc = engine_world(0);
  doc["cluster"] = {{"devices", json::array({{{"type", "cpu"}, {"count", 1}}})}};
  doc["applications"] = single_stage_app("a", 100000, poisson_for(300, 10));
  json p = place("a_fast", 2, {{"kind", "greedy"}, {"max_batch", 1}});
  p["device_type"] = "cpu";
  p["concurrency"] = 3;
  doc["policies"] = static_policy({p}, "round_robin");
  const EngineRun run = run_engine(dir, doc);
  const auto intervals = batch_intervals(run);
  EXPECT_EQ(most_at_once(intervals), 4u);
  EXPECT_LE(static_cast<double>(completed_by(run, 10)), 10 * 4 / 0.050 + 4);
  EXPECT_GE(static_cast<double>(completed_by(run, 10)), 0.97 * 10 * 4 / 0.050);
  EXPECT_EQ(run.devices.at(0).slots, 4u);
}

// Replicas whose batches are ready wait for the GPU in arrival order: b1 (20
// ms) starts at 0; d1's query (7 ms) at 1 ms waits for it, a_fast's (10 ms)
// at 2 ms waits for both.
TEST(DeviceCapacity, ReplicasWaitForTheGpuInTurn) {
  TempDir dir;
  json doc = engine_world(1);
  doc["applications"] = json::array({{{"name", "b"}, {"family", "b"}, {"slo_ms", 1000},
                                      {"workload", replay_at(dir, {0.0}, "b.txt")}},
                                     {{"name", "d"}, {"family", "d"}, {"slo_ms", 1000},
                                      {"workload", replay_at(dir, {1.0}, "d.txt")}},
                                     {{"name", "a"}, {"family", "a"}, {"slo_ms", 1000},
                                      {"workload", replay_at(dir, {2.0}, "a.txt")}}});
  doc["policies"] = static_policy({place("b1"), place("d1"), place("a_fast")});
  const EngineRun run = run_engine(dir, doc);
  ASSERT_EQ(run.outcomes.size(), 3u);
  std::map<std::uint32_t, SimTime> finish;
  for (const auto& o : run.outcomes) finish[o.app] = o.finish;
  EXPECT_EQ(finish.at(0), at_seconds(0.020));
  EXPECT_EQ(finish.at(1), at_seconds(0.027));
  EXPECT_EQ(finish.at(2), at_seconds(0.037));
}

json shared_gpu(const json& concurrency, const json& workload) {
  json doc = engine_world(1);
  doc["serving"]["gpu_concurrency"] = concurrency;
  doc["applications"] = single_stage_app("d", 1000, workload);
  doc["policies"] = static_policy({place("d1", 2, {{"kind", "greedy"}, {"max_batch", 8}})}, "round_robin");
  return doc;
}

// Two batches may overlap, together 1.5x as fast as one alone: saturated,
// the GPU completes 1.5 x 571 queries a second, never more.
TEST(DeviceCapacity, OverlappingGpuBatchesNeverExceedTheGain) {
  TempDir dir;
  const EngineRun run =
      run_engine(dir, shared_gpu({{"batches", 2}, {"gain", 1.5}}, poisson_for(4000, 10)));
  const double capacity = 1.5 * 10 * 8 / 0.014;
  EXPECT_LE(static_cast<double>(completed_by(run, 10)), capacity + 16);
  EXPECT_GE(static_cast<double>(completed_by(run, 10)), 0.97 * capacity);
  EXPECT_EQ(most_at_once(batch_intervals(run)), 2u);
}

// Alone a batch runs at its profile; two started together with no gain (an
// integer gpu_concurrency) share the speed of one: both end at twice 7 ms.
TEST(DeviceCapacity, OverlappingBatchesShareTheSpeed) {
  TempDir dir;
  const EngineRun alone = run_engine(dir, shared_gpu(2, replay_at(dir, {1000.0})));
  ASSERT_EQ(alone.outcomes.size(), 1u);
  EXPECT_EQ(alone.outcomes[0].latency(), from_millis(7));
  const EngineRun pair = run_engine(dir, shared_gpu(2, replay_at(dir, {1000.0, 1000.0})));
  ASSERT_EQ(pair.outcomes.size(), 2u);
  for (const auto& o : pair.outcomes) EXPECT_EQ(o.latency(), from_millis(14));
}

}  // namespace
}  // namespace servesim::test
