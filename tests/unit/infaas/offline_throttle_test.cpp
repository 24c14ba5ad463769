// INFaaS' offline throttle (offline_throttle.hpp; ATC'21 sections 3.2, 5,
// 6.3.2) on a hand-made world: one cpu.w worker (8 vCPUs, two 4-core replica
// slots) with two pre-loaded replicas of Table 2's A (200 ms at batch 1, 5 QPS:
// 10 inputs per 2-s period). The monitor, and with it the throttle, looks at
// 2, 4, 6 s ...; the test sets each replica's busy time (a replica busy all
// period is half the worker) and observed latency before each look, and drains
// the replicas' offline queues by hand. Runs stay under 10 s, before the model
// autoscaler's scale-down delay (10 checks) could remove an idle replica.
#include <gtest/gtest.h>

#include <map>

#include "tests/unit/infaas/engine_harness.hpp"
#include "tests/unit/infaas/policy_fixture.hpp"

namespace servesim::infaas::test {
namespace {

struct ThrottleWorld {
  PolicyFixture f;
  std::map<ReplicaId, double> busy_s;  // cumulative busy seconds, by replica

  explicit ThrottleWorld(std::uint64_t inputs, std::optional<VariantId> variant = std::nullopt,
                         json extra = json::object()) {
    json p = table2_params({{"initial_workers", {{"cpu.w", 1}}},
                            {"preload", json::array({{{"variant", "A"}, {"device_type", "box.cpu"}, {"count", 2}}})}});
    for (auto& [k, v] : extra.items()) p[k] = v;
    OfflineJob job;
    job.name = "j";
    job.inputs = inputs;
    job.variant = variant;
    f.world.offline_jobs = {job};
    f.build(p, {single_model_app("a", 0, 1000)});
    f.c().offline = {job};
    f.c().offline_backlogs = {inputs};
  }
  // Both replicas busy `fraction` of the period ending at `t` (worker utilisation = fraction).
  void busy(double t, double from, double fraction) {
    for (ReplicaId r : {0u, 1u}) {
      busy_s[r] += fraction * (t - from);
      f.c().fake(r).info.utilisation = busy_s[r] / t;
    }
  }
  void drain() {
    for (ReplicaId r : {0u, 1u}) f.c().fake(r).info.offline_queued = 0;
  }
  std::uint64_t backlog() const { return f.cluster->offline_backlogs[0]; }
  std::uint64_t queued(ReplicaId r) const { return f.cluster->replicas[r].info.offline_queued; }
  const OfflineThrottle::Stats& stats() const { return f.policy->throttle().stats(); }
};

TEST(InfaasOfflineThrottle, PausesAboveTheThresholdAndResumesBelowItAtTheMonitorsChecks) {
  ThrottleWorld w(100);
  w.busy(1, 0, 0.1);
  w.f.tick(1);  // not a monitor check: the job waits
  EXPECT_EQ(w.backlog(), 100u);
  w.busy(2, 1, 0.1);
  w.f.tick(2);  // 10 % < 40 %: one period's work (10 inputs) to each replica
  EXPECT_EQ(w.queued(0), 10u);
  EXPECT_EQ(w.queued(1), 10u);
  EXPECT_EQ(w.backlog(), 80u);
  w.drain();
  w.busy(4, 2, 0.6);
  w.f.tick(3);
  w.f.tick(4);  // 60 %: paused
  EXPECT_EQ(w.backlog(), 80u);
  EXPECT_EQ(w.stats().paused_checks[0], 1u);
  w.busy(6, 4, 0.3);
  w.f.tick(6);  // 30 %: resumed
  EXPECT_EQ(w.backlog(), 60u);
  // A replica that still holds work gets only what tops it up to one period's.
  w.f.c().fake(0).info.offline_queued = 4;
  w.busy(8, 6, 0.2);
  w.f.tick(8);
  EXPECT_EQ(w.queued(0), 10u);
  EXPECT_EQ(w.queued(1), 10u);
  EXPECT_EQ(w.backlog(), 54u);
  EXPECT_EQ(w.stats().dispatched, 46u);
  EXPECT_EQ(w.stats().paused_checks[0], 1u);
}

TEST(InfaasOfflineThrottle, TheThresholdIsAParameter) {
  ThrottleWorld w(100, std::nullopt, {{"offline_pause_utilisation", 0.7}});
  w.busy(2, 0, 0.6);
  w.f.tick(2);  // 60 % < 70 %
  EXPECT_EQ(w.backlog(), 80u);
}

TEST(InfaasOfflineThrottle, AnOnlineVariantSlowerThanItsProfilePausesIt) {
  ThrottleWorld w(100);
  auto& r0 = w.f.c().fake(0).info;
  r0.served_per_second = 1;
  r0.observed_latency_mean = from_millis(250);  // A's profile: 200 ms
  w.busy(2, 0, 0.1);
  w.f.tick(2);
  EXPECT_EQ(w.backlog(), 100u);
  EXPECT_EQ(w.stats().paused_checks[0], 1u);
  r0.observed_latency_mean = from_millis(150);
  w.busy(4, 2, 0.1);
  w.f.tick(4);
  EXPECT_EQ(w.backlog(), 80u);
}

TEST(InfaasOfflineThrottle, AJobNoRunningWorkerCanServeWaitsAndLoadsNothing) {
  ThrottleWorld w(100, VariantId{2});  // C: GPU only, and no GPU worker runs
  const std::size_t loads = w.f.c().loads.size();
  w.busy(2, 0, 0.1);
  w.f.tick(2);
  EXPECT_EQ(w.backlog(), 100u);
  EXPECT_EQ(w.f.c().loads.size(), loads);
  EXPECT_EQ(w.stats().paused_checks[0], 0u);  // nothing held back on this worker
}

// The public code's latency rule (offline_latency_rule "blacklist"): a
// variant 1.25x slower than its profile does not pause offline work (the
// paper's rule would); one Overloaded (2.5x on CPU) does.
TEST(InfaasOfflineThrottle, TheBlacklistRulePausesOnlyForAnOverloadedVariant) {
  ThrottleWorld w(100, std::nullopt, {{"offline_latency_rule", "blacklist"}});
  auto& r0 = w.f.c().fake(0).info;
  r0.served_per_second = 6;  // above half the two replicas' 10 QPS: the public code's latency rule counts
  r0.observed_latency_mean = from_millis(250);
  w.busy(2, 0, 0.1);
  w.f.tick(2);
  EXPECT_EQ(w.backlog(), 80u);
  w.drain();
  r0.observed_latency_mean = from_millis(600);
  w.busy(4, 2, 0.1);
  w.f.tick(4);
  EXPECT_EQ(w.backlog(), 80u);
  EXPECT_EQ(w.stats().paused_checks[0], 1u);
}

// Every input is in the backlog or dispatched, whatever the pattern of pauses.
TEST(InfaasOfflineThrottle, ConservesInputs) {
  ThrottleWorld w(37);
  const double levels[] = {0.1, 0.5, 0.2, 0.9};
  std::uint64_t moved = 0;
  for (int k = 1; k <= 4; ++k) {
    w.busy(2.0 * k, 2.0 * (k - 1), levels[k - 1]);
    w.f.tick(2.0 * k);
    moved += w.queued(0) + w.queued(1);
    w.drain();
    EXPECT_EQ(moved + w.backlog(), 37u);
  }
  EXPECT_EQ(moved, w.stats().dispatched);
  EXPECT_EQ(w.backlog(), 0u);  // 20 at 2 s, 17 at 6 s
}

// Through the engine: Table 2's world with a job on its CPU worker. Every
// input is accounted for, and the same scenario gives the same run.
json with_job() {
  json doc = table2_world();
  doc["duration_s"] = 40;
  doc["applications"][0]["workload"]["rate"] = 2;
  doc["applications"][0]["offline_jobs"] = json::array({{{"submit_s", 0}, {"inputs", 60}}});
  doc["policies"][0]["params"]["preload"] = json::array({{{"variant", "A"}, {"device_type", "box.cpu"}, {"count", 2}}});
  doc["policies"][0]["params"]["max_workers"] = {{"cpu.w", 1}, {"gpu.w", 1}, {"inf.w", 1}};
  return doc;
}

TEST(InfaasOfflineThrottle, EngineRunIsDeterministicAndAccountsForEveryInput) {
  const Outcome a = run_infaas(with_job());
  const Outcome b = run_infaas(with_job());
  ASSERT_EQ(a.run.summary.offline_jobs.size(), 1u);
  const OfflineJobResult& job = a.run.summary.offline_jobs[0];
  EXPECT_GT(job.done, 0u);
  EXPECT_LE(job.done, 60u);
  EXPECT_EQ(job.done, b.run.summary.offline_jobs[0].done);
  EXPECT_EQ(job.waiting_s, b.run.summary.offline_jobs[0].waiting_s);
  EXPECT_EQ(a.run.counts.completed, b.run.counts.completed);
  EXPECT_TRUE(cloudtest::conserved(a.run));
}

}  // namespace
}  // namespace servesim::infaas::test
