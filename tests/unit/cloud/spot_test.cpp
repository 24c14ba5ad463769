// Spot interruptions through the engine: the two-minute notice, the instance
// usable until the termination, queries on it re-routed or failed as the
// scenario says, Poisson interruptions, and what an interrupted instance costs.
#include <gtest/gtest.h>

#include "sim/cluster/spot_market.hpp"
#include "tests/unit/cloud/cloud_harness.hpp"

namespace servesim::cloudtest {
namespace {

// Instance 0: spot c5.large, instance 1: on-demand c5.large, both warm, each
// with one replica of m (100 ms, batch 1). Queries go to instance 0's replica
// while it accepts, else to instance 1's. Termination of instance 0 at 300 s.
// Arrivals: 100 s; 200 s (after the notice); five at 299.95 s (one running
// and four queued at 300 s); 350 s.
struct SpotCase {
  test::TempDir dir;
  Scenario scenario;
  TestController c;
  std::map<std::uint64_t, ReplicaId> routed;  // query id -> last replica chosen
  std::map<std::uint64_t, int> routed_again;  // query id -> routes flagged `again`
  std::vector<InstanceInfo> at_notice;

  explicit SpotCase(const std::string& on_loss) {
    json doc = cloud_world();
    doc["duration_s"] = 400;
    doc["cluster"] = {{"instances", json::array({{{"type", "c5.large"}, {"market", "spot"}},
                                                 {{"type", "c5.large"}, {"market", "on_demand"}}})}};
    doc["cloud"] = {{"spot", {{"interruptions", {{"at", json::array({{{"at_s", 300}, {"count", 1}}})}}}}},
                    {"on_instance_loss", on_loss}};
    doc["applications"] = json::array(
        {app("a", "f", 1000, replay_at_seconds(dir, {100, 200, 299.95, 299.95, 299.95, 299.95, 299.95, 350}, "a.txt"))});
    scenario = load_doc(dir, doc);
    c.on_start = [](ClusterControl& control, const ClusterView& view) {
      load_on(control, view, 0, "m");
      load_on(control, view, 1, "m");
    };
    c.router = [this](const RouteRequest& req, const ClusterView& view) {
      const RouteDecision d = TestController::first_accepting(req, view);
      if (d.kind == RouteDecision::Kind::kReplica) routed[req.query] = d.target;
      if (req.again) ++routed_again[req.query];
      return d;
    };
    c.on_notice_hook = [this](InstanceId, SimTime, ClusterControl&, const ClusterView& view) {
      at_notice.push_back(view.instance(0));
      at_notice.push_back(view.instance(1));
    };
  }
};

void expect_notice_and_termination(const SpotCase& s, const CloudRun& r) {
  ASSERT_EQ(s.c.notices.size(), 1u);
  const auto& n = s.c.notices[0];
  EXPECT_EQ(n.id, 0u);
  EXPECT_EQ(n.when, at_seconds(180));  // 120 s before
  EXPECT_EQ(n.at, at_seconds(300));
  EXPECT_EQ(n.info.state, InstanceState::kInterrupted);
  EXPECT_EQ(n.info.interruption_at, at_seconds(300));
  ASSERT_EQ(s.at_notice.size(), 2u);
  EXPECT_EQ(s.at_notice[1].state, InstanceState::kRunning);  // the on-demand one is untouched
  EXPECT_EQ(s.at_notice[1].interruption_at, SimTime::never());
  ASSERT_EQ(s.c.instance_gone.size(), 1u);
  EXPECT_EQ(s.c.instance_gone.at(0), at_seconds(300));
  EXPECT_EQ(r.instances.at(0).state, InstanceState::kStopped);
  EXPECT_EQ(r.instances.at(1).state, InstanceState::kRunning);
  EXPECT_EQ(r.replicas.at(0).state, ReplicaState::kUnloaded);
  // Usable until the end: the query of 200 s still ran on the spot instance.
  EXPECT_EQ(s.routed.at(0), 0u);
  EXPECT_EQ(s.routed.at(1), 0u);
  EXPECT_EQ(r.by_id(0).finish, at_seconds(100.1));
  EXPECT_EQ(r.by_id(1).finish, at_seconds(200.1));
  EXPECT_EQ(s.routed.at(7), 1u);
  EXPECT_EQ(r.by_id(7).finish, at_seconds(350.1));
  EXPECT_TRUE(conserved(r));
  EXPECT_EQ(r.counts.arrived, 8u);
  // Interrupted within its first hour: the spot instance is free.
  EXPECT_EQ(r.cluster.cost.spot, 0.0);
  EXPECT_NEAR(r.cluster.cost.on_demand, 0.085 * 400 / 3600, 1e-15);
}

TEST(CloudSpot, NoticeThenTerminationReroutesQueuedAndRunning) {
  SpotCase s("reroute");
  const CloudRun r = run(s.scenario, s.c);
  expect_notice_and_termination(s, r);
  // One running and four queued at 300 s: all served on instance 1 from 300 s.
  for (std::uint64_t q = 2; q <= 6; ++q) {
    const QueryOutcome& o = r.by_id(q);
    EXPECT_EQ(o.kind, OutcomeKind::kCompleted) << q;
    EXPECT_EQ(s.routed.at(q), 1u) << q;
  }
  std::vector<SimTime> finishes;
  for (std::uint64_t q = 2; q <= 6; ++q) finishes.push_back(r.by_id(q).finish);
  std::sort(finishes.begin(), finishes.end());
  for (int k = 0; k < 5; ++k) EXPECT_EQ(finishes[k], at_seconds(300.1 + 0.1 * k)) << k;
  // Routed again, not new arrivals: each of the five once, flagged.
  EXPECT_EQ(s.routed_again, (std::map<std::uint64_t, int>{{2, 1}, {3, 1}, {4, 1}, {5, 1}, {6, 1}}));
  EXPECT_EQ(r.counts.completed, 8u);
  EXPECT_EQ(r.counts.dropped, 0u);
  EXPECT_EQ(r.counts.unfinished, 0u);
}

TEST(CloudSpot, NoticeThenTerminationFailsQueuedAndRunning) {
  SpotCase s("fail");
  const CloudRun r = run(s.scenario, s.c);
  expect_notice_and_termination(s, r);
  for (std::uint64_t q = 2; q <= 6; ++q) {
    const QueryOutcome& o = r.by_id(q);
    EXPECT_EQ(o.kind, OutcomeKind::kDropped) << q;
    EXPECT_EQ(o.finish, at_seconds(300)) << q;
  }
  EXPECT_EQ(r.counts.completed, 3u);
  EXPECT_EQ(r.counts.dropped, 5u);
  EXPECT_EQ(r.counts.rejected, 0u);
}

// Poisson interruptions: 20 warm spot instances at 0.5 per hour for 2 hours.
// Each is interrupted at an exponential time; its notice comes exactly 120 s
// earlier, and it is gone exactly at the announced time.
TEST(CloudSpot, PoissonInterruptionsAreAnnouncedTwoMinutesAhead) {
  test::TempDir dir;
  json doc = cloud_world();
  doc["duration_s"] = 7200;
  doc["cluster"] = {{"instances", json::array({{{"type", "c5.large"}, {"market", "spot"}, {"count", 20}},
                                               {{"type", "c5.large"}, {"market", "on_demand"}}})}};
  doc["cloud"] = {{"spot", {{"interruptions", {{"per_hour", 0.5}}}}}};
  doc["applications"] = json::array({app("a", "f", 1000, {{"kind", "poisson"}, {"rate", 0.5}})});
  const Scenario scenario = load_doc(dir, doc);
  TestController c;
  c.tick = from_seconds(60);
  c.on_start = [](ClusterControl& control, const ClusterView& view) {
    for (InstanceId i = 0; i < 21; ++i) load_on(control, view, i, "m");
  };
  const CloudRun r = run(scenario, c);
  std::size_t announced_early = 0;
  for (const auto& n : c.notices) {
    EXPECT_LT(n.id, 20u);  // never the on-demand one
    EXPECT_EQ(n.info.state, InstanceState::kInterrupted);
    EXPECT_EQ(n.info.interruption_at, n.at);
    if (n.at >= at_seconds(120)) {
      EXPECT_EQ(n.at - n.when, from_seconds(120)) << n.id;
      ++announced_early;
    } else {
      EXPECT_EQ(n.when, SimTime::zero());
    }
    if (n.at < at_seconds(7200)) {
      ASSERT_EQ(c.instance_gone.count(n.id), 1u) << n.id;
      EXPECT_EQ(c.instance_gone.at(n.id), n.at) << n.id;
    }
  }
  EXPECT_EQ(c.instance_gone.size(), c.notices.size());
  // P(interrupted within 2 h) = 1 - exp(-1).
  EXPECT_TRUE(within_binomial(c.notices.size(), 20, 1 - std::exp(-1.0))) << c.notices.size();
  EXPECT_GT(announced_early, 0u);
  for (InstanceId i = 0; i < 20; ++i) {
    const bool gone = c.instance_gone.count(i) > 0;
    EXPECT_EQ(r.instances.at(i).state, gone ? InstanceState::kStopped : InstanceState::kRunning) << i;
  }
  EXPECT_TRUE(conserved(r));
  EXPECT_EQ(r.counts.dropped + r.counts.rejected, 0u);  // re-routed to the on-demand replica
}

// Bills: instance 0 (spot) interrupted at 300 s: free (first hour); instance
// 1 (spot) stopped by the policy at 100 s: 100 s at 30 % of $0.085/h;
// instance 2 (spot) interrupted at 4000 s: 4000 s at the spot price; instance
// 3 (on-demand) runs to the end, 4100 s.
TEST(CloudSpot, InterruptedSpotBilledByTheInterruptionRule) {
  test::TempDir dir;
  json doc = one_query_world(dir);
  doc["duration_s"] = 4100;
  doc["cluster"] = {{"instances", json::array({{{"type", "c5.large"}, {"market", "spot"}, {"count", 3}},
                                               {{"type", "c5.large"}, {"market", "on_demand"}}})}};
  doc["cloud"] = {{"spot", {{"discount", 0.7},
                            {"interruptions", {{"at", json::array({{{"at_s", 300}, {"count", 1}},
                                                                   {{"at_s", 4000}, {"count", 1}}})}}}}}};
  const Scenario scenario = load_doc(dir, doc);
  TestController c;
  c.tick = from_seconds(1);
  c.on_start = [](ClusterControl& control, const ClusterView& view) { load_on(control, view, 3, "m"); };
  c.at(100, [](ClusterControl& control, const ClusterView&) { control.stop_instance(1); });
  const CloudRun r = run(scenario, c);

  ASSERT_EQ(c.instance_gone.size(), 3u);
  EXPECT_EQ(c.instance_gone.at(0), at_seconds(300));
  EXPECT_EQ(c.instance_gone.at(1), at_seconds(100));
  EXPECT_EQ(c.instance_gone.at(2), at_seconds(4000));
  const SpotPricing& pricing = scenario.world.cloud.spot_pricing;
  const InstanceTypeId c5 = *scenario.world.hardware->find_instance_type("c5.large");
  const double stopped = spot_cost(pricing, c5, 0.085, SimTime::zero(), at_seconds(100));
  const double late = spot_cost_when_interrupted(pricing, c5, 0.085, SimTime::zero(), at_seconds(4000));
  EXPECT_EQ(spot_cost_when_interrupted(pricing, c5, 0.085, SimTime::zero(), at_seconds(300)), 0.0);
  EXPECT_NEAR(stopped, 0.3 * 0.085 * 100 / 3600, 1e-15);
  EXPECT_NEAR(late, 0.3 * 0.085 * 4000 / 3600, 1e-15);
  EXPECT_NEAR(r.cluster.cost.spot, stopped + late, 1e-15);
  EXPECT_NEAR(r.cluster.cost.on_demand, 0.085 * 4100 / 3600, 1e-15);
  ASSERT_EQ(r.cluster.cost.by_instance_type.size(), 1u);
  EXPECT_NEAR(r.cluster.cost.by_instance_type.at("c5.large"), r.cluster.cost.spot + r.cluster.cost.on_demand, 1e-15);
  EXPECT_NEAR(r.summary.cost.spot, r.cluster.cost.spot, 1e-15);
  EXPECT_FALSE(r.cluster.cost.problem().has_value());
}

// A spot instance launched at run time gets its Poisson notice while it is
// still booting (here the notice period is longer than any draw, so every
// notice comes at the launch). It should stay kBooting (not usable) until its
// boot latency has passed, then run: on_instance_ready at 70 s and its replica
// ready at 75 s, if the termination is later. Before its fix, the notice turns it
// kInterrupted at once (usable() while still booting), on_instance_ready
// returns early at 70 s because the state is no longer kBooting, and the
// replica requested on it never loads: queries routed to it wait until the
// termination re-routes them.
TEST(CloudSpot, NoticeDuringBootDoesNotSkipTheBoot) {
  test::TempDir dir;
  json doc = one_query_world(dir);
  doc["duration_s"] = 20000;
  doc["cloud"] = {{"spot", {{"interruptions", {{"per_hour", 1}}}, {"notice_s", 86400}}}};
  const Scenario scenario = load_doc(dir, doc);
  TestController c;
  c.tick = from_seconds(10);
  std::vector<InstanceId> ids;
  std::vector<ReplicaId> replicas;
  std::vector<DeviceInfo> devices_at_launch;
  c.at(10, [&](ClusterControl& control, const ClusterView& view) {
    for (int k = 0; k < 5; ++k) {
      ids.push_back(control.launch_instance(itype(view, "c5.large"), Market::kSpot));
      replicas.push_back(load_on(control, view, ids.back(), "m"));
    }
  });
  c.at(20, [&](ClusterControl&, const ClusterView& view) {
    for (InstanceId id : ids) devices_at_launch.push_back(view.device(view.instance(id).devices.at(0)));
  });
  run(scenario, c);
  ASSERT_EQ(c.notices.size(), 5u);
  std::size_t checked = 0;
  for (std::size_t k = 0; k < ids.size(); ++k) {
    const auto& n = c.notices[k];
    EXPECT_EQ(n.when, at_seconds(10));
    EXPECT_EQ(n.info.state, InstanceState::kBooting) << k;
    EXPECT_FALSE(devices_at_launch[k].usable) << k;
    if (n.at <= at_seconds(75)) continue;
    ++checked;
    EXPECT_EQ(c.instance_ready.count(ids[k]), 1u) << k;
    EXPECT_EQ(c.replica_ready.count(replicas[k]), 1u) << k;
  }
  EXPECT_GT(checked, 0u);
}

}  // namespace
}  // namespace servesim::cloudtest
