// The `sagemaker` policy through the real engine on c5.large (m: T_1 = 100
// ms, capacity 600 per minute, target 300 per instance-minute), with evenly
// spaced arrivals, so every datapoint is known:
//   - [0, 600) s at 9.5/s: 570 a minute over 2 instances = 285, between
//     0.9 x 300 = 270 and 300: no alarm;
//   - [600, 1200) s at 28/s: 1680 a minute over 2 = 840 > 300 at 660, 720,
//     780 s: scale out at 780 s to ceil(2 x 840 / 300) = ceil(5.6) = 6 (not
//     5, as floor would give); then 1680 / 6 = 280: no alarm;
//   - [1200, 2400) s at 9.5/s: 570 / 6 = 95 < 270 from 1260 s on: the 15th
//     low datapoint, at 2100 s, scales in to ceil(6 x 95 / 300) = 2.
#include <gtest/gtest.h>

#include <algorithm>

#include "tests/unit/sagemaker/sagemaker_world.hpp"

namespace servesim::sagemaker::test {
namespace {

json step_scenario(const TempDir& dir) {
  json doc = small_world();
  doc["duration_s"] = 2400;
  std::vector<double> times;
  even(times, 0, 600, 9.5);
  even(times, 600, 1200, 28);
  even(times, 1200, 2400, 9.5);
  doc["applications"][0]["workload"] = cloudtest::replay_at_seconds(dir, times, "step.txt");
  doc["policies"][0]["params"] = {{"variant", "m"}, {"instance_type", "c5.large"}, {"initial_instances", 2}};
  return doc;
}

std::uint32_t fleet_at(const SagemakerRun& r, double t_s) {
  std::uint32_t size = 0;
  for (const auto& [when, n] : r.fleet) {
    if (when <= at_seconds(t_s)) size = n;
  }
  return size;
}

TEST(SagemakerEngine, ScalesOutUnderALoadStepAndInAfterIt) {
  TempDir dir;
  const SagemakerRun r = run_sagemaker(dir, step_scenario(dir));
  EXPECT_TRUE(cloudtest::conserved(r.run));
  EXPECT_EQ(r.run.counts.arrived, 5700u + 16800u + 11400u);
  EXPECT_EQ(fleet_at(r, 720), 2u);
  EXPECT_EQ(fleet_at(r, 780), 6u);
  EXPECT_EQ(fleet_at(r, 2040), 6u);
  EXPECT_EQ(fleet_at(r, 2100), 2u);
  EXPECT_EQ(fleet_at(r, 2400), 2u);
  EXPECT_EQ(r.stats.scale_outs, 1u);
  EXPECT_EQ(r.stats.scale_ins, 1u);
  EXPECT_EQ(r.stats.instances_launched, 6u);
  EXPECT_EQ(r.stats.instances_stopped, 4u);
  EXPECT_EQ(r.stats.instances_replaced, 0u);
  EXPECT_EQ(r.stats.peak_instances, 6u);
  // The four launched at 780 s are the ones stopped (the newest); the two
  // initial instances serve to the end.
  ASSERT_EQ(r.run.instances.size(), 6u);
  EXPECT_NE(r.run.instances[0].state, InstanceState::kStopped);
  EXPECT_NE(r.run.instances[1].state, InstanceState::kStopped);
  for (std::size_t i = 2; i < 6; ++i) {
    EXPECT_EQ(r.run.instances[i].requested, at_seconds(780)) << i;
    EXPECT_EQ(r.run.instances[i].state, InstanceState::kStopped) << i;
  }
  EXPECT_DOUBLE_EQ(counter(r.counters, "target_per_minute"), 300);
  EXPECT_DOUBLE_EQ(counter(r.counters, "scale_outs"), 1);
  EXPECT_DOUBLE_EQ(counter(r.counters, "scale_ins"), 1);
  EXPECT_DOUBLE_EQ(counter(r.counters, "peak_instances"), 6);
}

TEST(SagemakerEngine, ServesEverythingHoweverLate) {
  // While the four new instances boot (780 .. 845 s), 28/s meet two replicas
  // serving 10/s each: queries wait well past the SLO, but none is dropped
  // or rejected, and every one completes.
  TempDir dir;
  const SagemakerRun r = run_sagemaker(dir, step_scenario(dir));
  EXPECT_EQ(r.rejected, 0u);
  EXPECT_EQ(r.run.counts.rejected, 0u);
  EXPECT_EQ(r.run.counts.dropped, 0u);
  EXPECT_EQ(r.run.counts.completed, r.run.counts.arrived);
  std::uint64_t late = 0;
  for (const auto& q : r.run.outcomes) late += !q.on_time();
  EXPECT_GT(late, 1000u);
  // Only batches of one: every replica is greedy with max_batch 1.
  for (const auto& rep : r.run.replicas) EXPECT_EQ(rep.max_batch, 1u);
}

TEST(SagemakerEngine, RoundRobinSpreadsEvenly) {
  // Three instances at a steady 12/s (240 a minute each, target 300: no
  // scaling in 10 minutes): each gets a third of the 7200 queries, within one.
  TempDir dir;
  json doc = small_world();
  std::vector<double> times;
  even(times, 0, 600, 12);
  doc["applications"][0]["workload"] = cloudtest::replay_at_seconds(dir, times, "steady.txt");
  doc["policies"][0]["params"] = {{"variant", "m"}, {"instance_type", "c5.large"}, {"initial_instances", 3}};
  const SagemakerRun r = run_sagemaker(dir, doc);
  ASSERT_EQ(r.routed.size(), 3u);
  for (const auto& [replica, n] : r.routed) EXPECT_EQ(n, 2400u) << replica;
  EXPECT_EQ(r.stats.scale_outs + r.stats.scale_ins, 0u);
  EXPECT_EQ(r.run.counts.completed, 7200u);
}

TEST(SagemakerEngine, ALostSpotInstanceIsReplaced) {
  // Two spot instances; one is taken back at 300 s (notice at 180 s): a
  // replacement is launched at the notice, so two serve after 300 s.
  TempDir dir;
  json doc = small_world();
  std::vector<double> times;
  even(times, 0, 600, 9.5);
  doc["applications"][0]["workload"] = cloudtest::replay_at_seconds(dir, times, "steady.txt");
  doc["policies"][0]["params"] = {
      {"variant", "m"}, {"instance_type", "c5.large"}, {"initial_instances", 2}, {"market", "spot"}};
  doc["cloud"] = {{"spot", {{"interruptions", {{"at", json::array({{{"at_s", 300}, {"count", 1}}})}}}}}};
  const SagemakerRun r = run_sagemaker(dir, doc);
  EXPECT_TRUE(cloudtest::conserved(r.run));
  EXPECT_EQ(r.stats.instances_replaced, 1u);
  EXPECT_EQ(r.stats.instances_launched, 3u);
  ASSERT_EQ(r.run.instances.size(), 3u);
  EXPECT_EQ(r.run.instances[2].requested, at_seconds(180));
  EXPECT_EQ(r.run.instances[2].market, Market::kSpot);
  EXPECT_EQ(std::count_if(r.run.instances.begin(), r.run.instances.end(),
                          [](const InstanceInfo& i) { return i.state == InstanceState::kRunning; }),
            2);
  EXPECT_EQ(fleet_at(r, 600), 2u);
  EXPECT_EQ(r.run.counts.rejected, 0u);
  EXPECT_EQ(r.run.counts.completed, r.run.counts.arrived);
}

TEST(SagemakerEngine, SameSeedSameOutcome) {
  json doc = small_world();
  doc["applications"][0]["workload"] = {{"kind", "poisson"}, {"rate", 12}};
  doc["policies"][0]["params"] = {{"variant", "m"}, {"instance_type", "c5.large"}};
  TempDir dir;
  const SagemakerRun a = run_sagemaker(dir, doc);
  const SagemakerRun b = run_sagemaker(dir, doc);
  EXPECT_EQ(a.routed, b.routed);
  EXPECT_EQ(a.stats.instances_launched, b.stats.instances_launched);
  EXPECT_DOUBLE_EQ(a.run.summary.cost.total(), b.run.summary.cost.total());
  // 720 a minute on one instance (target 300): it scaled out.
  EXPECT_GE(a.stats.scale_outs, 1u);
}

}  // namespace
}  // namespace servesim::sagemaker::test
