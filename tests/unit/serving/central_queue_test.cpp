// Central queues through the engine (static policy, "routing":
// "central_queue"): whichever attached replica frees first takes the oldest
// visit, the replicas share idle-time work, a batch forms from the common
// queue, and a replica two stages could use is refused.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "engine_harness.hpp"
#include "sim/core/input_error.hpp"

namespace servesim::test {
namespace {

using nlohmann::json;

json greedy(int max_batch) { return {{"kind", "greedy"}, {"max_batch", max_batch}}; }

std::map<std::uint64_t, Duration> latency_by_query(const EngineRun& run) {
  std::map<std::uint64_t, Duration> out;
  for (const QueryOutcome& q : run.outcomes) out[q.id] = q.latency();
  return out;
}

TEST(CentralQueue, TheReplicaThatFreesFirstTakesTheNextVisit) {
  // Replica 0 runs a_best (20 ms), replica 1 a_fast (10 ms), one query each at
  // a time. Three queries at 100 ms: the first two start at once; the third
  // waits in the central queue for whichever frees first, a_fast at 110 ms,
  // and finishes at 120 ms (latency 20 ms). Per-replica queues put it behind
  // one replica's query: least-loaded (a tie: replica 0) finishes it at 140 ms.
  TempDir dir;
  const json placements = {place("a_best", 1, greedy(1)), place("a_fast", 1, greedy(1))};
  const auto central = latency_by_query(run_static_on_a(dir, placements, "central_queue", replay_at(dir, {100, 100, 100})));
  ASSERT_EQ(central.size(), 3u);
  EXPECT_EQ(central.at(0), from_millis(20));
  EXPECT_EQ(central.at(1), from_millis(10));
  EXPECT_EQ(central.at(2), from_millis(20));
  const auto least_loaded = latency_by_query(run_static_on_a(dir, placements, "least_loaded", replay_at(dir, {100, 100, 100})));
  EXPECT_EQ(least_loaded.at(2), from_millis(40));
}

TEST(CentralQueue, IdleReplicasShareTheWork) {
  // Isolated queries (each done before the next) go to the replicas in turn,
  // not always to the first, and none waits.
  TempDir dir;
  std::vector<double> times;
  for (int i = 0; i < 30; ++i) times.push_back(100.0 + 50 * i);
  const EngineRun run = run_static_on_a(dir, {place("a_fast", 3, greedy(1))}, "central_queue", replay_at(dir, times));
  ASSERT_EQ(run.outcomes.size(), 30u);
  for (const QueryOutcome& q : run.outcomes) EXPECT_EQ(q.latency(), from_millis(10)) << q.id;
  ASSERT_EQ(run.replicas.size(), 3u);
  for (const ReplicaInfo& r : run.replicas) EXPECT_GT(r.utilisation, 0.0);
}

TEST(CentralQueue, AFreeReplicaTakesABatchOfWhatWaits) {
  // One a_fast replica (greedy up to 8; 10 ms alone, 24 ms for 8), ten
  // queries at 100 ms: the first starts alone as it arrives (done at 110
  // ms), the next eight go as one batch at 110 ms (done at 134 ms), the last
  // alone after them (done at 144 ms).
  TempDir dir;
  const EngineRun run = run_static_on_a(dir, {place("a_fast", 1, greedy(8))}, "central_queue",
                                    replay_at(dir, std::vector<double>(10, 100.0)));
  ASSERT_EQ(run.outcomes.size(), 10u);
  std::map<std::int64_t, int> by_latency_ms;
  for (const QueryOutcome& q : run.outcomes) ++by_latency_ms[q.latency().ns / 1'000'000];
  EXPECT_EQ(by_latency_ms, (std::map<std::int64_t, int>{{10, 1}, {34, 8}, {44, 1}}));
}

TEST(CentralQueue, EveryQueryIsAccountedForUnderLoad) {
  // 2 replicas of 100 QPS each at 150 QPS for 2 s, then the drain: all served.
  TempDir dir;
  const EngineRun run = run_static_on_a(dir, {place("a_fast", 2, greedy(1))}, "central_queue", poisson_for(150, 2), 4);
  EXPECT_GT(run.counts.arrived, 200u);
  EXPECT_EQ(run.counts.completed, run.counts.arrived);
  EXPECT_EQ(run.counts.unfinished, 0u);
}

TEST(CentralQueue, AReplicaTwoStagesCouldUseIsRefused) {
  TempDir dir;
  json doc = engine_world();
  doc["applications"] = json::array(
      {{{"name", "one"}, {"family", "a"}, {"slo_ms", 100}, {"workload", {{"kind", "poisson"}, {"rate", 1}}}},
       {{"name", "two"}, {"family", "a"}, {"slo_ms", 100}, {"workload", {{"kind", "poisson"}, {"rate", 1}}}}});
  doc["policies"] = static_policy({place("a_fast")}, "central_queue");
  try {
    run_engine(dir, doc);
    FAIL() << "expected an InputError";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("could serve two stages"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("application \"two\""), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace servesim::test
