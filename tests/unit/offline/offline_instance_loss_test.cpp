// Offline inputs on an instance the cloud takes back (offline_harness.hpp,
// on_instances): the lost replica's queued inputs, and those of the batch it
// was running, go back to their jobs' backlogs (ReplicaRuntime::evict_replica,
// requeue_offline), and the static policy dispatches them again to the
// replicas left (StaticPolicy::on_instance_gone). Every run ends with the
// engine's conservation checks (I1, I5), which throw if an input is lost or
// held twice. Times are exact: a_fast runs a batch of 1 in 10 ms, of 2 in
// 12 ms, on an otherwise idle GPU (no online query arrives during the run).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <numeric>

#include "offline_harness.hpp"
#include "tests/support/cli_runner.hpp"

namespace servesim::test::offline_instance_loss_test {  // its own: unity builds join test files
namespace {

using nlohmann::json;

constexpr double kEps = 1e-9;

// The run's one job finished all its `inputs` at `completed_s`, after
// `waiting_s` during which none of its inputs ran.
void expect_one_job_finished(const WatchedOfflineRun& run, std::uint64_t inputs, double completed_s,
                             double waiting_s) {
  ASSERT_EQ(run.jobs.size(), 1u);
  EXPECT_EQ(run.jobs[0].inputs, inputs);
  EXPECT_EQ(run.jobs[0].done, inputs);
  ASSERT_TRUE(run.jobs[0].completed_s);
  EXPECT_NEAR(*run.jobs[0].completed_s, completed_s, kEps);
  EXPECT_NEAR(run.jobs[0].waiting_s, waiting_s, kEps);
}

// Offline inputs finished per 10 ms window (the "all" rows), the first `n` windows.
std::vector<std::uint64_t> per_window(const OfflineRunResult& run, std::size_t n) {
  std::vector<std::uint64_t> out(n, 0);
  for (const WindowRow& row : run.rows) {
    const auto w = static_cast<std::size_t>(std::llround(row.start_s / 0.010));
    if (w < n) out[w] += row.offline_completed;
  }
  return out;
}

std::uint64_t completed_in_rows(const OfflineRunResult& run) {
  return std::accumulate(run.rows.begin(), run.rows.end(), std::uint64_t{0},
                         [](std::uint64_t n, const WindowRow& r) { return n + r.offline_completed; });
}

// One job of 10 inputs, submitted at 5 ms, served in batches of 2.
json one_job_world(const TempDir& dir, const std::vector<std::string>& markets) {
  json doc = offline_world(dir, {}, json::array({job(0.005, 10)}), /*max_batch=*/2);
  doc["outputs"]["window_s"] = 0.01;
  return interrupt_spot_at(on_instances(doc, markets, static_cast<int>(markets.size())), 0.023, 0.010);
}

// Replica 0 on a spot instance (instance 0), replica 1 on an on-demand one;
// the spot instance is taken back at 23 ms (notice at 13 ms).
//   5 ms: the job's 10 inputs are dispatched evenly, 5 to each replica.
//   replica 0: batch of 2 at 5-17 ms; batch of 2 at 17-29 ms, running when
//              its instance goes at 23 ms; 1 input queued.
//   replica 1: 5-17 ms (2), 17-29 ms (2), 1 queued.
//   23 ms: the running 2 and the queued 1 go back to the backlog (3), and
//          static dispatches all 3 to replica 1: 1 + 3 = 4 queued there.
//   replica 1: 29-41 ms (2), 41-53 ms (2).
// Done: 4 at 17 ms, 2 at 29, 2 at 41, 2 at 53 = 10; complete at 53 ms. Some
// input of the job runs at every instant from 5 to 53 ms: waiting 0.
TEST(OfflineInstanceLoss, ASpotInterruptionSendsTheInputsItHeldToTheSurvivingReplica) {
  TempDir dir;
  const auto run = run_offline_watched(dir, one_job_world(dir, {"spot", "on_demand"}));

  ASSERT_EQ(run.after_gone.size(), 1u);
  const OfflineSnapshot& gone = run.after_gone[0];
  EXPECT_EQ(gone.at, SimTime::zero() + from_millis(23));
  EXPECT_EQ(gone.state, (std::vector<ReplicaState>{ReplicaState::kUnloaded, ReplicaState::kActive}));
  EXPECT_EQ(gone.backlog, (std::vector<std::uint64_t>{0}));              // all dispatched again
  EXPECT_EQ(gone.offline_queued, (std::vector<std::uint64_t>{0, 4}));    // its own 1 + the 3 returned
  ASSERT_EQ(run.instances.size(), 2u);
  EXPECT_EQ(run.instances[0].state, InstanceState::kStopped);
  EXPECT_EQ(run.instances[1].state, InstanceState::kRunning);

  expect_one_job_finished(run, 10, 0.053, 0.0);
  EXPECT_EQ(run.offline_done, 10u);
  // Per 10 ms window: the 4 of 17 ms, the 2 of 29 ms, none in 30-40 ms, then
  // the 2 of 41 ms and the 2 of 53 ms. After 23 ms only replica 1 is left:
  // 6 inputs, one batch of 2 every 12 ms, the pace of one GPU.
  EXPECT_EQ(per_window(run, 8), (std::vector<std::uint64_t>{0, 4, 2, 0, 2, 2, 0, 0}));
  EXPECT_EQ(completed_in_rows(run), 10u);
  EXPECT_EQ(run.at_end.backlog, (std::vector<std::uint64_t>{0}));
  EXPECT_EQ(run.at_end.offline_queued, (std::vector<std::uint64_t>{0, 0}));
  EXPECT_EQ(run.counts.arrived, 0u);
}

// The same job on one spot instance, taken back at 23 ms: no replica is left.
//   5 ms: all 10 inputs to replica 0. 5-17 ms: 2 done; 17-29 ms: 2 running
//   when the instance goes at 23 ms, 6 queued.
//   23 ms: 2 + 6 = 8 back in the backlog, where they stay (static has no
//   replica to dispatch them to, and no script to load one).
// At the end (1 s): done 2 + backlog 8 = 10 submitted, none queued or
// running; not complete. Waiting: none of it runs from 23 ms to the end of
// the run at 1 s, 0.977 s.
TEST(OfflineInstanceLoss, WithNoReplicaLeftTheReturnedInputsStayInTheBacklog) {
  TempDir dir;
  const json doc = one_job_world(dir, {"spot"});
  const auto run = run_offline_watched(dir, doc);

  ASSERT_EQ(run.after_gone.size(), 1u);
  EXPECT_EQ(run.after_gone[0].at, SimTime::zero() + from_millis(23));
  EXPECT_EQ(run.after_gone[0].state, (std::vector<ReplicaState>{ReplicaState::kUnloaded}));
  EXPECT_EQ(run.after_gone[0].backlog, (std::vector<std::uint64_t>{8}));

  ASSERT_EQ(run.jobs.size(), 1u);
  EXPECT_EQ(run.jobs[0].inputs, 10u);
  EXPECT_EQ(run.jobs[0].done, 2u);
  EXPECT_FALSE(run.jobs[0].completed_s);
  EXPECT_NEAR(run.jobs[0].waiting_s, 1.0 - 0.023, kEps);
  EXPECT_EQ(run.at_end.backlog, (std::vector<std::uint64_t>{8}));
  EXPECT_EQ(run.at_end.offline_queued, (std::vector<std::uint64_t>{0}));
  EXPECT_EQ(run.jobs[0].done + run.at_end.backlog[0], run.jobs[0].inputs);
  EXPECT_EQ(run.offline_done, 2u);
  EXPECT_EQ(per_window(run, 4), (std::vector<std::uint64_t>{0, 2, 0, 0}));
  EXPECT_EQ(completed_in_rows(run), 2u);

  // The real binary on the same scenario: it ends normally (its end-of-run
  // checks pass), and summary.json reports the job unfinished, 2 of 10 done.
  dir.write_json("scenario.json", doc);
  const CliResult r = run_servesim(
      {"run", (dir.path() / "scenario.json").string(), "--out", (dir.path() / "out").string(), "--quiet"}, dir.path());
  ASSERT_EQ(r.status, 0) << r.err;
  const json summary = json::parse(read_text(dir.path() / "out" / "static" / "summary.json"));
  const json& offline = summary.at("offline");
  EXPECT_EQ(offline.at("inputs_done"), 2);
  const json& job0 = offline.at("jobs").at("app/0");
  EXPECT_EQ(job0.at("inputs"), 10);
  EXPECT_EQ(job0.at("done"), 2);
  EXPECT_TRUE(job0.at("completed_s").is_null());
  EXPECT_NEAR(job0.at("waiting_s").get<double>(), 0.977, 1e-6);
}

// Two jobs on three replicas (instance 0 spot, 1 and 2 on demand), batches
// of 1 (10 ms); the spot instance is taken back at 12 ms (notice at 7 ms).
// Each lost input must go back to its own job, and the returned backlogs are
// split evenly again over the two replicas left (the first one more).
//   5 ms: "a" (6 inputs) 2 to each replica, then "b" (3) 1 to each: every
//         replica's FIFO queue is a, a, b; each starts an "a" at 5 ms.
//   12 ms: replica 0 loses its running "a" and its queued a, b: backlogs
//          a 2, b 1. Static dispatches a: 1 to replica 1, 1 to replica 2;
//          b: 1 to replica 1. Queued: replica 1 a b a b (4), replica 2 a b a (3).
//   replica 1: a 5-15, a 15-25, b 25-35, a 35-45, b 45-55 ms.
//   replica 2: a 5-15, a 15-25, b 25-35, a 35-45 ms.
// a: 2 done at 15, 25 and 45 ms (6), complete at 45 ms; none runs 25-35 ms:
//    waiting 10 ms.
// b: 2 done at 35 ms, 1 at 55 ms (3), complete at 55 ms; waits 5-25 ms and
//    35-45 ms: 30 ms.
TEST(OfflineInstanceLoss, ReturnedInputsGoBackToTheirOwnJobsAndAreSplitOverTheReplicasLeft) {
  TempDir dir;
  json doc = offline_world(dir, {},
                           json::array({{{"name", "a"}, {"submit_s", 0.005}, {"inputs", 6}},
                                        {{"name", "b"}, {"submit_s", 0.005}, {"inputs", 3}}}));
  doc["outputs"]["window_s"] = 0.01;
  doc = interrupt_spot_at(on_instances(doc, {"spot", "on_demand", "on_demand"}, 3), 0.012, 0.005);
  const auto run = run_offline_watched(dir, doc);

  ASSERT_EQ(run.after_gone.size(), 1u);
  const OfflineSnapshot& gone = run.after_gone[0];
  EXPECT_EQ(gone.at, SimTime::zero() + from_millis(12));
  EXPECT_EQ(gone.state,
            (std::vector<ReplicaState>{ReplicaState::kUnloaded, ReplicaState::kActive, ReplicaState::kActive}));
  EXPECT_EQ(gone.backlog, (std::vector<std::uint64_t>{0, 0}));
  EXPECT_EQ(gone.offline_queued, (std::vector<std::uint64_t>{0, 4, 3}));

  ASSERT_EQ(run.jobs.size(), 2u);
  EXPECT_EQ(run.jobs[0].name, "a");
  EXPECT_EQ(run.jobs[0].done, 6u);
  ASSERT_TRUE(run.jobs[0].completed_s);
  EXPECT_NEAR(*run.jobs[0].completed_s, 0.045, kEps);
  EXPECT_NEAR(run.jobs[0].waiting_s, 0.010, kEps);
  EXPECT_EQ(run.jobs[1].name, "b");
  EXPECT_EQ(run.jobs[1].done, 3u);
  ASSERT_TRUE(run.jobs[1].completed_s);
  EXPECT_NEAR(*run.jobs[1].completed_s, 0.055, kEps);
  EXPECT_NEAR(run.jobs[1].waiting_s, 0.030, kEps);
  EXPECT_EQ(run.offline_done, 9u);
  // 15, 25, 35, 45 ms: 2 each (both replicas left); 55 ms: replica 1's last b.
  EXPECT_EQ(per_window(run, 7), (std::vector<std::uint64_t>{0, 2, 2, 2, 2, 1, 0}));
  EXPECT_EQ(completed_in_rows(run), 9u);
  EXPECT_EQ(run.at_end.backlog, (std::vector<std::uint64_t>{0, 0}));
  EXPECT_EQ(run.at_end.offline_queued, (std::vector<std::uint64_t>{0, 0, 0}));
}


// A second instance type, "g2" (as "g1"), so that a script can stop one
// instance and not the other; the static policy runs `script` (ticks: 1 s).
json with_g2_and_script(json doc, json script) {
  json g2 = doc["catalogs"]["hardware"][0]["instance_types"][0];
  g2["name"] = "g2";
  doc["catalogs"]["hardware"][0]["instance_types"].push_back(std::move(g2));
  doc["policies"][0]["params"]["script"] = std::move(script);
  return doc;
}

// Stopping an instance still booting loses its replicas as an interruption
// does (CloudInstances::stop_instance -> terminate_instance): the inputs
// dispatched to its loading replica go back to the backlog. Replica 0 on an
// on-demand g1; batches of 1 (10 ms).
//   1 s: the script launches a g2 (instance 1, boots 60 s) and loads a_fast
//        there: replica 1, loading, which accepts inputs.
//   1.5 s: the job's 10 inputs, 5 to each. Replica 0 runs its 5 at 1.50-1.55 s;
//          replica 1's wait for its instance.
//   2 s: the script stops the g2, still booting: its 5 go back, and static
//        dispatches them to replica 0, idle: one starts at once (4 queued),
//        and they run 2.00-2.05 s.
// Complete at 2.05 s; waiting 1.55-2.00 s, 0.45 s.
TEST(OfflineInstanceLoss, StoppingABootingInstanceReturnsTheInputsOfItsLoadingReplica) {
  TempDir dir;
  json doc = offline_world(dir, {}, json::array({job(1.5, 10)}));
  doc["duration_s"] = 3;
  doc["outputs"]["window_s"] = 0.01;
  doc = with_g2_and_script(
      on_instances(doc, {"on_demand"}, 1),
      json::array(
          {{{"at_s", 1}, {"launch", {{"instance_type", "g2"}, {"load", json::array({{{"variant", "a_fast"}}})}}}},
           {{"at_s", 2}, {"stop", {{"instance_type", "g2"}}}}}));
  const auto run = run_offline_watched(dir, doc);

  ASSERT_EQ(run.after_gone.size(), 1u);
  const OfflineSnapshot& gone = run.after_gone[0];
  EXPECT_EQ(gone.at, SimTime::zero() + from_seconds(2));
  EXPECT_EQ(gone.state, (std::vector<ReplicaState>{ReplicaState::kActive, ReplicaState::kUnloaded}));
  EXPECT_EQ(gone.backlog, (std::vector<std::uint64_t>{0}));
  EXPECT_EQ(gone.offline_queued, (std::vector<std::uint64_t>{4, 0}));  // 5, one of them started
  ASSERT_EQ(run.instances.size(), 2u);
  EXPECT_EQ(run.instances[1].state, InstanceState::kStopped);

  expect_one_job_finished(run, 10, 2.05, 0.45);
  EXPECT_EQ(completed_in_rows(run), 10u);
}

// Stopping a running instance is graceful: its replica drains, serving the
// offline inputs it holds before it goes (ReplicaRuntime::release_if_drained
// waits for its offline queue too); none is returned to the backlog. Replica
// 0 on a g1, replica 1 on a g2, both on demand; batches of 1 (10 ms).
//   0.505 s: the job's 200 inputs, 100 to each; each runs them back to back.
//   1 s: the script stops the g2. Replica 1 has 49 done, 1 running, 50 queued:
//        it serves them all, the last ending at 0.505 + 100 x 0.010 = 1.505 s,
//        when the instance stops. Replica 0 ends its 100 then too.
// (Were the 50 queued returned and sent to replica 0 at 1 s, it would end at
// 2.005 s.)
TEST(OfflineInstanceLoss, StoppingARunningInstanceDrainsTheInputsItHolds) {
  TempDir dir;
  json doc = offline_world(dir, {}, json::array({job(0.505, 200)}));
  doc["duration_s"] = 3;
  doc = on_instances(doc, {"on_demand", "on_demand"}, 2);
  doc["cluster"]["instances"][1]["type"] = "g2";
  doc = with_g2_and_script(doc, json::array({{{"at_s", 1}, {"stop", {{"instance_type", "g2"}}}}}));
  const auto run = run_offline_watched(dir, doc);

  ASSERT_EQ(run.after_gone.size(), 1u);
  const OfflineSnapshot& gone = run.after_gone[0];
  EXPECT_EQ(gone.at, SimTime::zero() + from_millis(1505));
  EXPECT_EQ(gone.state, (std::vector<ReplicaState>{ReplicaState::kActive, ReplicaState::kUnloaded}));
  EXPECT_EQ(gone.backlog, (std::vector<std::uint64_t>{0}));
  ASSERT_EQ(run.instances.size(), 2u);
  EXPECT_EQ(run.instances[1].state, InstanceState::kStopped);

  expect_one_job_finished(run, 200, 1.505, 0.0);
  EXPECT_EQ(completed_in_rows(run), 200u);
}

}  // namespace
}  // namespace servesim::test::offline_instance_loss_test
