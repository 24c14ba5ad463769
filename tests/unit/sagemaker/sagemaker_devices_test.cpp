// The `sagemaker` policy on an instance type with several serving devices
// (an inf1.xlarge's four neuroncores): small_world plus q4.xlarge, four
// "q.core" devices at $0.2/h, where m serves a query in 100 ms. An instance
// holds one replica per core, so it serves 4 x 600 = 2400 queries a minute
// (target 1200 at over-provisioning 2), and target tracking counts
// instances, not replicas. A one-device type (c5.large) is as before: 600.
#include <gtest/gtest.h>

#include "policies/sagemaker/sagemaker_params.hpp"
#include "tests/unit/sagemaker/sagemaker_world.hpp"

namespace servesim::sagemaker::test {
namespace {

json four_core_world() {
  json doc = small_world();
  cloudtest::add_four_core_type(doc, "q4.xlarge", 0.2, 100);
  return doc;
}

// One q4.xlarge at first, under `rate` queries a second, evenly spaced, for
// the 600 s of the run.
SagemakerRun run_one_four_core_instance(const TempDir& dir, double rate) {
  json doc = four_core_world();
  std::vector<double> times;
  even(times, 0, 600, rate);
  doc["applications"][0]["workload"] = cloudtest::replay_at_seconds(dir, times, "even.txt");
  doc["policies"][0]["params"] = {{"variant", "m"}, {"instance_type", "q4.xlarge"}, {"initial_instances", 1}};
  return run_sagemaker(dir, doc);
}

SagemakerParams parse(const Scenario& s, const json& params) {
  return parse_sagemaker_params(JsonNode(params, "s.json", "policies[0].params"), s.world).at(0);
}

TEST(SagemakerDevices, AnInstancesCapacityCountsEveryServingDevice) {
  TempDir dir;
  const Scenario s = cloudtest::load_doc(dir, four_core_world());
  const SagemakerParams four = parse(s, {{"variant", "m"}, {"instance_type", "q4.xlarge"}});
  EXPECT_EQ(four.batch1_latency, from_millis(100));
  EXPECT_DOUBLE_EQ(four.capacity_per_minute, 2400);  // 4 x 60 / 0.100
  EXPECT_DOUBLE_EQ(four.tracking.target, 1200);
  const SagemakerParams one = parse(s, {{"variant", "m"}, {"instance_type", "c5.large"}});
  EXPECT_DOUBLE_EQ(one.capacity_per_minute, 600);  // one device: 60 / 0.100, as before
}

// Per request, q4.xlarge costs 0.2 x 0.100 / 4 = 0.005, below c5.xlarge's
// 0.17 x 0.040 = 0.0068; counted on one core (0.02) it would lose.
TEST(SagemakerDevices, TheCheapestPerRequestCountsEveryServingDevice) {
  TempDir dir;
  const Scenario s = cloudtest::load_doc(dir, four_core_world());
  const SagemakerParams p = parse(s, {{"variant", "m"}, {"instance_family", {"c5", "q4"}}});
  EXPECT_EQ(s.world.hardware->instance_type(p.instance_type).name, "q4.xlarge");
}

// One q4.xlarge at a steady 12/s: 720 a minute, below its target 1200, so
// no scale-out in 10 minutes; its four replicas, one on each core, take a
// quarter of the 7200 queries each.
TEST(SagemakerDevices, AnInstanceServesOnEachOfItsCores) {
  TempDir dir;
  const SagemakerRun r = run_one_four_core_instance(dir, 12);
  ASSERT_EQ(r.run.instances.size(), 1u);
  ASSERT_EQ(r.run.replicas.size(), 4u);
  EXPECT_TRUE(cloudtest::one_replica_per_device(r.run, 0));
  for (const ReplicaInfo& rep : r.run.replicas) EXPECT_EQ(rep.max_batch, 1u);  // one query at a time, each
  ASSERT_EQ(r.routed.size(), 4u);
  for (const auto& [replica, n] : r.routed) EXPECT_EQ(n, 1800u) << replica;
  EXPECT_EQ(r.stats.scale_outs, 0u);
  EXPECT_DOUBLE_EQ(counter(r.counters, "capacity_per_minute"), 2400);
  EXPECT_EQ(r.run.counts.completed, 7200u);
}

// One q4.xlarge at 48/s: 2880 invocations a minute per instance in service,
// above 1200 at 60, 120 and 180 s: scale out at 180 s to ceil(1 x 2880 /
// 1200) = 3 (not ceil(2880 / 300) = 10, as one core's capacity would give;
// and the four replicas are one instance, or 2880 / 4 = 720 would be below
// the target and nothing would scale). Then 2880 / 3 = 960: no alarm.
TEST(SagemakerDevices, TargetTrackingCountsInstancesNotReplicas) {
  TempDir dir;
  const SagemakerRun r = run_one_four_core_instance(dir, 48);
  EXPECT_EQ(r.stats.scale_outs, 1u);
  EXPECT_EQ(r.stats.peak_instances, 3u);
  ASSERT_EQ(r.run.instances.size(), 3u);
  EXPECT_EQ(r.run.instances[1].requested, at_seconds(180));
  EXPECT_EQ(r.run.replicas.size(), 12u);
  EXPECT_EQ(r.run.counts.completed, r.run.counts.arrived);
}

}  // namespace
}  // namespace servesim::sagemaker::test
