// An instance launched at run time boots for its type's boot latency; a
// replica requested on it loads once it runs; a query sent to that replica
// meanwhile waits for both.
#include <gtest/gtest.h>

#include "tests/unit/cloud/cloud_harness.hpp"

namespace servesim::cloudtest {
namespace {

TEST(CloudBoot, BootingUntilBootLatencyThenReplicaLoads) {
  test::TempDir dir;
  json doc = cloud_world();
  // 5 s: nothing to serve (rejected); 20 s: waits for boot + load; 80 s: served at once.
  doc["applications"] = json::array({app("a", "f", 1000, replay_at_seconds(dir, {5, 20, 80}, "a.txt"))});
  doc["duration_s"] = 100;
  const Scenario scenario = load_doc(dir, doc);

  TestController c;
  std::optional<InstanceId> id;
  std::optional<ReplicaId> replica;
  InstanceInfo at_launch;
  DeviceInfo device_at_launch;
  ReplicaInfo replica_at_launch;
  std::vector<std::pair<SimTime, InstanceState>> states;
  InstanceState state_when_ready = InstanceState::kBooting;
  bool usable_when_ready = false;
  c.at(10, [&](ClusterControl& control, const ClusterView& view) {
    id = control.launch_instance(itype(view, "c5.large"), Market::kOnDemand);
    at_launch = view.instance(*id);
    replica = load_on(control, view, *id, "m");
    device_at_launch = view.device(at_launch.devices.at(0));
    replica_at_launch = view.replica(*replica);
  });
  c.every_tick = [&](const ClusterView& view) {
    if (id) states.emplace_back(view.now(), view.instance(*id).state);
  };
  c.on_ready_hook = [&](InstanceId i, ClusterControl&, const ClusterView& view) {
    state_when_ready = view.instance(i).state;
    usable_when_ready = view.device(view.instance(i).devices.at(0)).usable;
  };
  const CloudRun r = run(scenario, c);

  ASSERT_TRUE(id);
  EXPECT_EQ(at_launch.state, InstanceState::kBooting);
  EXPECT_EQ(at_launch.market, Market::kOnDemand);
  EXPECT_EQ(at_launch.requested, at_seconds(10));
  EXPECT_EQ(at_launch.ready_at, at_seconds(70));
  EXPECT_FALSE(device_at_launch.usable);
  EXPECT_DOUBLE_EQ(device_at_launch.memory_free_mb, 4096 - 100);  // memory taken at the request
  EXPECT_EQ(replica_at_launch.state, ReplicaState::kLoading);

  // Booting at every tick before 70 s, running at every tick after.
  ASSERT_FALSE(states.empty());
  for (const auto& [t, s] : states) {
    if (t < at_seconds(70)) {
      EXPECT_EQ(s, InstanceState::kBooting) << t.seconds();
    } else if (t > at_seconds(70)) {
      EXPECT_EQ(s, InstanceState::kRunning) << t.seconds();
    }
  }
  ASSERT_EQ(c.instance_ready.count(*id), 1u);
  EXPECT_EQ(c.instance_ready.at(*id), at_seconds(70));
  EXPECT_EQ(state_when_ready, InstanceState::kRunning);
  EXPECT_TRUE(usable_when_ready);
  ASSERT_EQ(c.replica_ready.count(*replica), 1u);
  EXPECT_EQ(c.replica_ready.at(*replica), at_seconds(75));  // boot + 5 s load

  ASSERT_EQ(r.outcomes.size(), 3u);
  EXPECT_EQ(r.by_id(0).kind, OutcomeKind::kRejected);
  const QueryOutcome& waited = r.by_id(1);
  EXPECT_EQ(waited.kind, OutcomeKind::kCompleted);
  EXPECT_EQ(waited.finish, at_seconds(75.1));
  EXPECT_EQ(waited.latency(), from_seconds(55.1));  // remaining boot 50 s + load 5 s + 100 ms
  EXPECT_EQ(waited.queue_wait, from_seconds(55));
  EXPECT_EQ(r.by_id(2).latency(), from_millis(100));
  EXPECT_TRUE(conserved(r));
  EXPECT_EQ(r.instances.at(*id).state, InstanceState::kRunning);
}

// A replica requested on an instance that is already running loads for the
// variant's load latency only.
TEST(CloudBoot, ReplicaOnRunningInstanceLoadsForLoadLatency) {
  test::TempDir dir;
  const Scenario scenario = one_query_scenario(dir, 120);
  TestController c;
  InstanceId id = 0;
  ReplicaId late = 0;
  c.at(10, [&](ClusterControl& control, const ClusterView& view) {
    id = control.launch_instance(itype(view, "c5.large"), Market::kOnDemand);
  });
  c.at(100, [&](ClusterControl& control, const ClusterView& view) { late = load_on(control, view, id, "m"); });
  run(scenario, c);
  EXPECT_EQ(c.instance_ready.at(id), at_seconds(70));
  EXPECT_EQ(c.replica_ready.at(late), at_seconds(105));
}

// Launching inside Controller::start is the warm initial state: running at once.
TEST(CloudBoot, LaunchInStartIsWarm) {
  test::TempDir dir;
  json doc = cloud_world();
  doc["applications"] = json::array({app("a", "f", 1000, replay_at_seconds(dir, {0.5}, "a.txt"))});
  doc["duration_s"] = 5;
  const Scenario scenario = load_doc(dir, doc);
  TestController c;
  InstanceInfo info;
  c.on_start = [&](ClusterControl& control, const ClusterView& view) {
    const InstanceId id = control.launch_instance(itype(view, "c5.large"), Market::kOnDemand);
    load_on(control, view, id, "m");
    info = view.instance(id);
  };
  const CloudRun r = run(scenario, c);
  EXPECT_EQ(info.state, InstanceState::kRunning);
  EXPECT_EQ(info.ready_at, SimTime::zero());
  ASSERT_EQ(r.outcomes.size(), 1u);
  EXPECT_EQ(r.outcomes[0].latency(), from_millis(100));
  EXPECT_TRUE(c.instance_ready.empty());  // no notice for the initial state
}

// Stopping an instance that is still booting, with a replica requested on
// it, should end it: on_instance_gone fires and billing stops. Before its fix, the
// replica never loads (on_instance_ready returns early for a stopping
// instance, so its kReplicaReady is never scheduled), the replica stays
// kLoading, the instance stays kStopping to the end and is billed to the end.
TEST(CloudBoot, StopWhileBootingWithReplicaEndsTheInstance) {
  test::TempDir dir;
  const Scenario scenario = one_query_scenario(dir, 200);
  TestController c;
  InstanceId id = 0;
  c.at(10, [&](ClusterControl& control, const ClusterView& view) {
    id = control.launch_instance(itype(view, "c5.large"), Market::kOnDemand);
    load_on(control, view, id, "m");
  });
  c.at(20, [&](ClusterControl& control, const ClusterView&) { control.stop_instance(id); });
  const CloudRun r = run(scenario, c);
  EXPECT_EQ(r.instances.at(id).state, InstanceState::kStopped);
  EXPECT_EQ(c.instance_gone.count(id), 1u);
  if (c.instance_gone.count(id)) {
    EXPECT_LE(c.instance_gone.at(id), at_seconds(75));
  }  // at the stop, or at worst once booted and loaded
  // Billed at most up to boot + load (75 s after the 10 s request), not to the 200 s end.
  EXPECT_LE(r.cluster.cost.on_demand, per_second_bill(0.085, 65) + 1e-12);
  EXPECT_GT(r.cluster.cost.on_demand, 0);
}

}  // namespace
}  // namespace servesim::cloudtest

namespace servesim::cloudtest {
namespace {

// cloud.boot_latency_s overrides the catalog's boot latency, by type.
TEST(CloudBoot, ScenarioOverridesTheBootLatency) {
  test::TempDir dir;
  json doc = one_query_world(dir);
  doc["cloud"] = {{"boot_latency_s", {{"c5.large", 7}}}};
  const Scenario scenario = load_doc(dir, doc);
  TestController c;
  InstanceId id = 0;
  c.at(10, [&](ClusterControl& control, const ClusterView& view) {
    id = control.launch_instance(itype(view, "c5.large"), Market::kOnDemand);
  });
  const CloudRun r = run(scenario, c);
  EXPECT_EQ(r.instances.at(id).ready_at, at_seconds(17));
}

}  // namespace
}  // namespace servesim::cloudtest
