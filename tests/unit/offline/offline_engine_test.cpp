// Offline jobs in the engine, on a hand-made one-replica world with exact
// times (offline_harness.hpp): online work goes first, offline inputs take
// only the room it leaves, and every input is accounted for at the end.
#include <gtest/gtest.h>

#include <cstdint>
#include <numeric>

#include "offline_harness.hpp"

namespace servesim::test {
namespace {

using nlohmann::json;

constexpr double kEps = 1e-9;

// One input per batch (10 ms each). The job's first input starts at 0; the
// online query arriving at 5 ms waits for that running batch (execution is
// not preempted) but not for the two queued inputs: it starts at 10 ms.
TEST(OfflinePriority, OnlineNeverWaitsBehindAnOfflineInputNotStarted) {
  TempDir dir;
  const auto run = run_offline(dir, offline_world(dir, {5}, json::array({job(0, 3)})));
  ASSERT_EQ(run.online.size(), 1u);
  EXPECT_EQ(run.online[0].latency(), from_millis(15));
  EXPECT_EQ(run.online[0].queue_wait, from_millis(5));
  ASSERT_EQ(run.jobs.size(), 1u);
  EXPECT_EQ(run.jobs[0].done, 3u);
  ASSERT_TRUE(run.jobs[0].completed_s);
  EXPECT_NEAR(*run.jobs[0].completed_s, 0.040, kEps);  // 0-10, online 10-20, then 20-30, 30-40
  EXPECT_NEAR(run.jobs[0].waiting_s, 0.010, kEps);     // 10-20: none of it ran
}

// Five online queries queued at 0 run back to back (0-50 ms); the job
// submitted at the same instant starts only when they are done.
TEST(OfflinePriority, AnOnlineBacklogGoesFirst) {
  TempDir dir;
  const auto run = run_offline(dir, offline_world(dir, {0, 0, 0, 0, 0}, json::array({job(0, 2)})));
  ASSERT_EQ(run.online.size(), 5u);
  for (std::size_t i = 0; i < 5; ++i) EXPECT_EQ(run.online[i].latency(), from_millis(10 * (i + 1))) << i;
  ASSERT_TRUE(run.jobs[0].completed_s);
  EXPECT_NEAR(*run.jobs[0].completed_s, 0.070, kEps);
  EXPECT_NEAR(run.jobs[0].waiting_s, 0.050, kEps);
}

// Online first across the device: replica X (a_best, the only one online
// queries may use, by the application's floor) holds its query at 0 ms for
// its batcher's 5 ms timeout; replica Y (a_fast, same GPU) has an offline
// input, and may not take the free GPU meanwhile. X runs 5-25 ms, Y 25-35.
TEST(OfflinePriority, NoOfflineBatchStartsWhileAnotherReplicaOfTheDeviceHoldsOnlineWork) {
  TempDir dir;
  json doc = offline_world(dir, {0}, json::array({{{"submit_s", 0}, {"inputs", 1}, {"variant", "a_fast"}}}));
  doc["applications"][0]["min_accuracy"] = 1.0;
  doc["policies"][0]["params"]["placement"] = json::array(
      {{{"variant", "a_best"}, {"device_type", "gpu"},
        {"batcher", {{"kind", "timeout"}, {"max_batch", 2}, {"timeout_ms", 5}}}},
       {{"variant", "a_fast"}, {"device_type", "gpu"}, {"batcher", {{"kind", "greedy"}, {"max_batch", 1}}}}});
  const auto run = run_offline(dir, doc);
  ASSERT_EQ(run.online.size(), 1u);
  EXPECT_EQ(run.online[0].latency(), from_millis(25));
  ASSERT_TRUE(run.jobs[0].completed_s);
  EXPECT_NEAR(*run.jobs[0].completed_s, 0.035, kEps);
  EXPECT_NEAR(run.jobs[0].waiting_s, 0.025, kEps);
}

// No top-up: an online batch is never filled with offline inputs (a larger
// batch runs longer, and the online query would pay for it). The online
// query runs alone (10 ms, not the 16 ms of four); the three inputs then run
// together as one batch of three.
TEST(OfflinePriority, OnlineBatchesAreNotToppedUpWithOfflineInputs) {
  TempDir dir;
  const auto run = run_offline(dir, offline_world(dir, {0}, json::array({job(0, 3)}), /*max_batch=*/4));
  ASSERT_EQ(run.online.size(), 1u);
  EXPECT_EQ(run.online[0].latency(), from_millis(10));
  ASSERT_TRUE(run.jobs[0].completed_s);
  EXPECT_NEAR(*run.jobs[0].completed_s, 0.024, kEps);  // 10 ms, then a batch of 3 (14 ms)
}

// Two online queries every 10 ms for 300 ms on a server of one per 10 ms: the
// online backlog lasts until 600 ms, and the offline inputs (submitted at 0)
// progress only after it, as the time series shows window by window.
TEST(OfflineProgress, OfflineInputsProgressOnlyWhenOnlineWorkLeavesRoom) {
  TempDir dir;
  std::vector<double> online;
  for (int t = 0; t < 300; t += 10) online.insert(online.end(), {double(t), double(t)});
  const auto run = run_offline(dir, offline_world(dir, online, json::array({job(0, 5)})));
  EXPECT_EQ(run.online.size(), 60u);
  EXPECT_EQ(run.counts.arrived, 60u);  // the online metrics count online queries only
  EXPECT_EQ(run.online.back().finish, SimTime::zero() + from_millis(600));
  ASSERT_TRUE(run.jobs[0].completed_s);
  EXPECT_NEAR(*run.jobs[0].completed_s, 0.650, kEps);
  std::uint64_t before = 0, after = 0;
  for (const WindowRow& row : run.rows) (row.end_s <= 0.6 + kEps ? before : after) += row.offline_completed;
  EXPECT_EQ(before, 0u);
  EXPECT_EQ(after, 5u);
}

// A job too large for the run: what finished, plus what is left (queued at
// the replica or running), is what was submitted; the engine's end-of-run
// check would throw otherwise. The job is reported not finished.
TEST(OfflineConservation, AnUnfinishedJobIsAccountedFor) {
  TempDir dir;
  const auto run = run_offline(dir, offline_world(dir, {}, json::array({job(0, 1000), job(0.5, 10)})));
  ASSERT_EQ(run.jobs.size(), 2u);
  EXPECT_FALSE(run.jobs[0].completed_s);
  EXPECT_GE(run.jobs[0].done, 99u);  // 10 ms each over 1 s, FIFO: the first job's inputs go first
  EXPECT_LT(run.jobs[0].done, 1000u);
  EXPECT_EQ(run.jobs[1].done, 0u);   // queued behind the first job's
  EXPECT_NEAR(run.jobs[1].waiting_s, 0.5, 1e-3);
  EXPECT_EQ(run.offline_done, run.jobs[0].done + run.jobs[1].done);
  const std::uint64_t in_rows = std::accumulate(run.rows.begin(), run.rows.end(), std::uint64_t{0},
                                                [](std::uint64_t n, const WindowRow& r) { return n + r.offline_completed; });
  EXPECT_EQ(in_rows, run.offline_done);
  EXPECT_EQ(run.counts.arrived, 0u);
}

// A job may name its variant, or a floor the replica's variant meets.
TEST(OfflineConservation, AFloorOrAVariantSelectsTheReplica) {
  TempDir dir;
  json jobs = json::array({{{"submit_s", 0}, {"inputs", 4}, {"min_accuracy", 1.0}},
                           {{"submit_s", 0}, {"inputs", 4}, {"variant", "a_best"}, {"name", "named"}}});
  const auto run = run_offline(dir, offline_world(dir, {}, jobs, /*max_batch=*/8, "a_best"));
  ASSERT_EQ(run.jobs.size(), 2u);
  EXPECT_EQ(run.jobs[0].name, "0");
  EXPECT_EQ(run.jobs[1].name, "named");
  EXPECT_EQ(run.jobs[0].done + run.jobs[1].done, 8u);
}

}  // namespace
}  // namespace servesim::test
