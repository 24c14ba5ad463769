// CPU credits and interference through the engine: a burstable instance kept
// busy runs at full speed until its credits are gone, then at its baseline;
// co-located replicas take turns on their GPU (time slicing) and, above the
// device's load threshold, slow each other's batches, the smaller model more.
#include <gtest/gtest.h>

#include "tests/unit/cloud/cloud_harness.hpp"

namespace servesim::cloudtest {
namespace {

Duration service_time(const QueryOutcome& o) { return o.latency() - o.queue_wait; }

// t.small: 1 vCPU, baseline 0.2 vCPU (12 credits/h = 0.2 per minute), 1
// launch credit. 800 queries of 100 ms arrive at 0 s and keep its one vCPU
// busy: the launch credit lasts 60 s, the 0.2 credits earned meanwhile last
// 0.2 / (1 - 0.2) = 0.25 min more, so the balance is 1 - t / 75 s and empty
// at 75 s. Then each batch takes 100 ms / 0.2 = 500 ms.
TEST(CloudCredits, BurstableRunsAtFullSpeedUntilCreditsRunOut) {
  test::TempDir dir;
  json doc = cloud_world();
  doc["duration_s"] = 120;
  doc["cluster"] = {{"instances", json::array({{{"type", "t.small"}}})}};
  doc["applications"] = json::array({app("a", "f", 1000, replay_at_seconds(dir, std::vector<double>(800, 0.0), "a.txt"))});
  const Scenario scenario = load_doc(dir, doc);
  TestController c;
  c.tick = from_seconds(5);
  std::vector<std::pair<double, double>> credits;  // (t, balance in the view)
  c.on_start = [](ClusterControl& control, const ClusterView& view) { load_on(control, view, 0, "m"); };
  c.every_tick = [&](const ClusterView& view) { credits.emplace_back(view.now().seconds(), view.instance(0).cpu_credits); };
  const CloudRun r = run(scenario, c);

  ASSERT_EQ(r.counts.completed, 800u);
  std::vector<SimTime> finish;
  for (const auto& o : r.outcomes) finish.push_back(o.finish);
  std::sort(finish.begin(), finish.end());
  for (std::size_t k = 0; k < 750; ++k) {
    ASSERT_EQ(finish[k], at_seconds(0.1 * static_cast<double>(k + 1))) << k;
  }
  for (std::size_t k = 750; k < 800; ++k) {
    ASSERT_EQ(finish[k], at_seconds(75 + 0.5 * static_cast<double>(k - 749))) << k;
  }
  // The view's balance: 1 - t / 75 as of the last batch boundary (at most one
  // batch stale), then 0.
  ASSERT_EQ(credits.size(), 24u);
  for (const auto& [t, b] : credits) {
    if (t < 75) {
      EXPECT_LE(b, 1 - (t - 0.1) / 75 + 1e-9) << t;
      EXPECT_GE(b, 1 - t / 75 - 1e-9) << t;
    } else if (t > 75 && t < 100) {
      EXPECT_NEAR(b, 0, 1e-9) << t;
    }
  }
  EXPECT_EQ(r.instances.at(0).state, InstanceState::kRunning);
}

// Below the baseline nothing is throttled: one query every second (10 % of a
// vCPU, under the 20 % baseline) runs at full speed long after the launch
// credit would have been spent at full load.
TEST(CloudCredits, BelowBaselineNeverThrottles) {
  test::TempDir dir;
  json doc = cloud_world();
  doc["duration_s"] = 150;
  doc["cluster"] = {{"instances", json::array({{{"type", "t.small"}}})}};
  std::vector<double> times;
  for (int k = 1; k < 150; ++k) times.push_back(k);
  doc["applications"] = json::array({app("a", "f", 1000, replay_at_seconds(dir, times, "a.txt"))});
  const Scenario scenario = load_doc(dir, doc);
  TestController c;
  c.tick = Duration::infinite();
  c.on_start = [](ClusterControl& control, const ClusterView& view) { load_on(control, view, 0, "m"); };
  const CloudRun r = run(scenario, c);
  ASSERT_EQ(r.counts.completed, 149u);
  for (const auto& o : r.outcomes) EXPECT_EQ(o.latency(), from_millis(100));
  // The launch credit pays for the 14.9 busy seconds; 0.2 credits a minute
  // are earned throughout, up to the end of the run (150 s) where the view
  // is read.
  EXPECT_NEAR(r.instances.at(0).cpu_credits, 1 - 14.9 / 60 + 0.2 * 150 / 60, 1e-9);
}

// An idle burstable instance earns credits; a policy reading the view should
// see them. Before its fix, InstanceInfo.cpu_credits is the balance as of the last
// batch start or end (CpuCreditBalance::advance is only called from
// mark_busy_change), so an instance that serves nothing shows its launch
// credits forever (1.0 here instead of 1 + 0.2 x 60 s / 60 = 1.2 at 60 s).
TEST(CloudCredits, IdleInstanceCreditsGrowInTheView) {
  test::TempDir dir;
  json doc = cloud_world();
  doc["duration_s"] = 61;
  doc["cluster"] = {{"instances", json::array({{{"type", "t.small"}}})}};
  doc["applications"] = json::array({app("a", "f", 1000, replay_at_seconds(dir, {0.5}, "a.txt"))});
  const Scenario scenario = load_doc(dir, doc);
  TestController c;
  c.tick = from_seconds(60);
  double at_60 = -1;
  c.every_tick = [&](const ClusterView& view) { at_60 = view.instance(0).cpu_credits; };
  const CloudRun r = run(scenario, c);
  EXPECT_NEAR(at_60, 1.2, 1e-9);
}

// Two replicas on one GPU with the test catalog's interference (threshold
// 0.5, slope 0.5, weight 2): s (100 MB, 10 ms) and L (400 MB, 20 ms).
struct SharedGpu {
  test::TempDir dir;
  Scenario scenario;
  TestController c;

  SharedGpu(const std::vector<double>& small_times, const std::vector<double>& large_times, bool interference,
            double duration) {
    json doc = cloud_world();
    doc["duration_s"] = duration;
    doc["cluster"] = {{"devices", json::array({{{"type", "gpu"}, {"count", 1}}})}};
    doc["serving"]["interference"] = interference;
    doc["applications"] = json::array({app("small", "fs", 100000, replay_at_seconds(dir, small_times, "s.txt")),
                                       app("large", "fl", 100000, replay_at_seconds(dir, large_times, "l.txt"))});
    scenario = load_doc(dir, doc);
    c.tick = Duration::infinite();
    c.on_start = [](ClusterControl& control, const ClusterView& view) {
      for (const char* v : {"s", "L"}) {
        if (!control.load_replica(ReplicaRequest{variant(view, v), 0, {}, 1}).replica) throw std::runtime_error(v);
      }
    };
  }
};

std::vector<double> every(double start, double step, int n) {
  std::vector<double> t;
  for (int k = 0; k < n; ++k) t.push_back(start + step * k);
  return t;
}

// Mean service time / profiled latency over the completions that started at
// or after `from`.
double mean_slowdown(const CloudRun& r, std::uint32_t app, double profiled_ms, double from) {
  double sum = 0;
  int n = 0;
  for (const auto& o : r.of_app(app)) {
    if ((o.finish - service_time(o)) < at_seconds(from)) continue;
    sum += service_time(o).millis() / profiled_ms;
    ++n;
  }
  return n ? sum / n : 0;
}

// L arrives 5 ms into s's batch: the GPU runs one batch at a time, so L waits
// for it (5 ms) and then runs at its profile (~3 % device load: no slowdown).
TEST(CloudInterference, LowLoadTakesTurnsAtTheProfile) {
  SharedGpu g(every(1, 1, 10), every(1.005, 1, 10), true, 12);
  const CloudRun r = run(g.scenario, g.c);
  ASSERT_EQ(r.counts.completed, 20u);
  for (const auto& o : r.of_app(0)) EXPECT_EQ(o.latency(), from_millis(10));
  for (const auto& o : r.of_app(1)) {
    EXPECT_EQ(o.queue_wait, from_millis(5));
    EXPECT_EQ(o.latency(), from_millis(25));
  }
}

// Both replicas offered their profiled service rate: twice what the GPU can
// run, so it is busy all the time (device load 1, never 2: the two take
// turns). Above the threshold the small model, whose co-runner is larger,
// runs at 1 + 0.5 x (1 - 0.5) x 2 = 1.5 x its profile; the large one at
// 1 + 0.5 x 0.5 x 1 = 1.25 x.
TEST(CloudInterference, HighLoadSlowsTheSmallerModelMore) {
  SharedGpu g(every(0, 0.010, 600), every(0, 0.020, 300), true, 6);
  const CloudRun r = run(g.scenario, g.c);
  const double small = mean_slowdown(r, 0, 10, 3);
  const double large = mean_slowdown(r, 1, 20, 3);
  EXPECT_GT(small, large);
  EXPECT_NEAR(small, 1.5, 0.03);
  EXPECT_NEAR(large, 1.25, 0.02);
  // Never faster than the profile.
  for (const auto& o : r.outcomes) EXPECT_GE(service_time(o), from_millis(o.app == 0 ? 10 : 20));
  EXPECT_TRUE(conserved(r));
}

TEST(CloudInterference, SwitchedOffNoSlowdown) {
  SharedGpu g(every(0, 0.010, 600), every(0, 0.020, 300), false, 7);
  const CloudRun r = run(g.scenario, g.c);
  ASSERT_EQ(r.counts.completed, 900u);
  for (const auto& o : r.outcomes) EXPECT_EQ(service_time(o), from_millis(o.app == 0 ? 10 : 20));
}

// A query that completes exactly at the end of the run should be counted in
// the run's totals (and so in summary.json), as conservation says. Before its fix, the
// last window closes at the end (its kWindowClose event at 6 s was scheduled
// at 5 s, before the two batch completions at 6 s were scheduled, so it pops
// first); the completions at 6 s then go into a window that never closes:
// the QuerySink sees 900 outcomes, Simulation::run's conservation check
// (which includes the open window) passes, but RunMetrics::total() and the
// summary say arrived 900, completed 898, in flight 0.
TEST(CloudInterference, CompletionAtTheEndCountsInTheTotals) {
  SharedGpu g(every(0, 0.010, 600), every(0, 0.020, 300), false, 6);
  const CloudRun r = run(g.scenario, g.c);
  EXPECT_EQ(r.outcomes.size(), 900u);
  EXPECT_EQ(r.counts.arrived, 900u);
  EXPECT_EQ(r.counts.completed, 900u);
  EXPECT_EQ(r.summary.overall.queries.completed, 900u);
  EXPECT_EQ(r.summary.overall.queries.unfinished, 0u);
  EXPECT_TRUE(conserved(r));
}

}  // namespace
}  // namespace servesim::cloudtest
