// cost.hosted end to end: a fixed-cluster device priced only while it hosts
// at least one replica, from the load request until the replica has left
// (InferLine's cost of a plan), integrated exactly at the loads and leaves,
// beside (never in) the fixed cluster's whole-run charge. The world is the
// engine tests' (GPUs at $1/h, so a second is 1/3600 dollar), driven by the
// cloud tests' timed controller, which the static policy cannot stand in for:
// it never unloads a replica of the fixed cluster.
#include <gtest/gtest.h>

#include "tests/unit/cloud/cloud_harness.hpp"
#include "tests/unit/serving/engine_harness.hpp"

namespace servesim::cloudtest {
namespace {

constexpr double kGpuPerHour = 1.0;  // engine_world's gpu

double gpu_seconds(double seconds) { return kGpuPerHour * seconds / 3600.0; }

ReplicaId load_a_fast(ClusterControl& control, const ClusterView& view, DeviceId device) {
  const LoadResult r = control.load_replica(ReplicaRequest{variant(view, "a_fast"), device, {}, 1});
  if (!r.replica) throw std::runtime_error("load refused: " + r.refusal);
  return *r.replica;
}

constexpr double kNever = -1;

// A replica of a_fast on `device`, loaded at `load_s` and unloaded at
// `unload_s` (or kNever).
struct Hosting {
  DeviceId device;
  double load_s;
  double unload_s;
};

void host(TestController& c, const Hosting& h) {
  auto replica = std::make_shared<ReplicaId>(kNoReplica);
  c.at(h.load_s, [=](ClusterControl& control, const ClusterView& view) {
    *replica = load_a_fast(control, view, h.device);
  });
  if (h.unload_s == kNever) return;
  c.at(h.unload_s, [=](ClusterControl& control, const ClusterView&) { control.unload_replica(*replica); });
}

// engine_world's cluster of `gpus` fixed GPUs for 60 s, one window per
// `window_s`. Application a gets one query at `query_s`, served by a
// replica if one accepts (else rejected).
struct Setup {
  int gpus = 1;
  double window_s = 60;
  double query_s = 55;    // after the tests' unloads, unless they want it served
  double load_s = 0;      // a_fast's load latency
  bool instance = false;  // a warm one-GPU instance ($2/h, device `gpus`) with a replica from the start
  double reserved_discount = 0;  // cluster.reserved_discount
  std::vector<Hosting> hostings;
};

CloudRun run_hosting(const Setup& setup) {
  test::TempDir dir;
  json doc = test::engine_world(setup.gpus);
  doc["duration_s"] = 60;
  doc["outputs"] = {{"window_s", setup.window_s}};
  doc["catalogs"]["models"][0]["families"][0]["variants"][0]["load_latency_ms"] = setup.load_s * 1000;
  doc["applications"] = test::single_stage_app("a", 1000, test::replay_at(dir, {setup.query_s * 1000}));
  doc["policies"] = test::static_policy(json::array());
  if (setup.reserved_discount > 0) doc["cluster"]["reserved_discount"] = setup.reserved_discount;
  TestController c;
  if (setup.instance) {
    doc["catalogs"]["hardware"][0]["instance_types"] =
        json::array({{{"name", "g.box"}, {"vcpus", 4}, {"memory_mb", 4096}, {"price_per_hour", 2.0},
                      {"boot_latency_s", 60}, {"devices", json::array({{{"type", "gpu"}, {"count", 1}}})}}});
    doc["cluster"]["instances"] = json::array({{{"type", "g.box"}}});
    c.on_start = [](ClusterControl& control, const ClusterView& view) { load_on(control, view, 0, "a_fast"); };
  }
  const Scenario scenario = test::load_doc(dir, doc);
  for (const Hosting& h : setup.hostings) host(c, h);
  return run(scenario, c);
}

// Four fixed GPUs, 60 s, one 60 s window; a replica on GPU 0 from 10 s to
// 25 s (it serves the query at 20 s). The fixed cluster costs all four GPUs
// for the whole run; hosted is GPU 0 for 15 s, and not in the total.
TEST(HostedCost, AReplicaFromTenToTwentyFiveSecondsCostsFifteenSeconds) {
  const CloudRun r = run_hosting({.gpus = 4, .query_s = 20, .hostings = {{0, 10, 25}}});
  EXPECT_EQ(r.counts.completed, 1u);

  const CostLedger& cost = r.cluster.cost;
  EXPECT_DOUBLE_EQ(cost.hosted, gpu_seconds(15));
  EXPECT_NEAR(cost.fixed, 4 * gpu_seconds(60), 1e-15);
  EXPECT_EQ(cost.total(), cost.fixed);  // hosted is a view of fixed, not a cost on top
  EXPECT_DOUBLE_EQ(r.summary.cost.hosted, gpu_seconds(15));
  ASSERT_EQ(r.rows.size(), 1u);
  EXPECT_DOUBLE_EQ(r.rows[0].cost_hosted, gpu_seconds(15));
  EXPECT_EQ(r.rows[0].cost, r.rows[0].cost_fixed);
}

// cluster.reserved_discount reprices the fixed devices, and so what they
// cost while hosting; the end-of-run money check holds the same rule.
TEST(HostedCost, AReservedDiscountRepricesFixedAndHostedAlike) {
  const CloudRun r = run_hosting({.gpus = 4, .query_s = 20, .reserved_discount = 0.37, .hostings = {{0, 10, 25}}});
  EXPECT_EQ(r.counts.completed, 1u);
  EXPECT_NEAR(r.cluster.cost.fixed, 4 * 0.63 * gpu_seconds(60), 1e-15);
  EXPECT_NEAR(r.cluster.cost.hosted, 0.63 * gpu_seconds(15), 1e-15);
  EXPECT_NEAR(r.summary.cost.total(), 4 * 0.63 * gpu_seconds(60), 1e-15);
}

// Within one 60 s window: GPU 0 hosts from 30 s to 40 s; GPU 1's replica,
// unloaded at 32 s while its 5 s load runs, leaves when the load is done
// (35 s): 10 s + 5 s. Sampling the devices at the window's close would see
// neither.
TEST(HostedCost, AReplicaLoadedAndUnloadedWithinAWindowIsCounted) {
  const CloudRun r = run_hosting({.gpus = 2, .load_s = 5, .hostings = {{0, 30, 40}, {1, 30, 32}}});
  ASSERT_EQ(r.rows.size(), 1u);
  EXPECT_EQ(r.rows[0].replicas[static_cast<std::size_t>(DeviceKind::kGpu)], 0u);  // none left at the close
  EXPECT_DOUBLE_EQ(r.rows[0].cost_hosted, gpu_seconds(15));
  EXPECT_DOUBLE_EQ(r.cluster.cost.hosted, gpu_seconds(15));
}

// 10 s windows, a replica from 15 s to 42 s: each window holds its own part.
TEST(HostedCost, EachWindowHoldsItsPartOfTheIntegral) {
  const CloudRun r = run_hosting({.window_s = 10, .hostings = {{0, 15, 42}}});
  ASSERT_EQ(r.rows.size(), 6u);
  const double seconds[] = {0, 5, 10, 10, 2, 0};
  double sum = 0;
  for (std::size_t w = 0; w < 6; ++w) {
    EXPECT_NEAR(r.rows[w].cost_hosted, gpu_seconds(seconds[w]), 1e-15) << "window " << w;
    EXPECT_NEAR(r.rows[w].cost_fixed, gpu_seconds(10), 1e-15) << "window " << w;
    sum += r.rows[w].cost_hosted;
  }
  EXPECT_NEAR(r.cluster.cost.hosted, gpu_seconds(27), 1e-15);
  EXPECT_NEAR(sum, r.cluster.cost.hosted, 1e-15);
}

// Two replicas on GPU 0 (10-40 s and 20-50 s) keep it hosted from 10 s to
// 50 s: the device is charged once, 40 s, not 30 s + 30 s.
TEST(HostedCost, TwoReplicasOnOneDeviceAreChargedOnce) {
  const CloudRun r = run_hosting({.hostings = {{0, 10, 40}, {0, 20, 50}}});
  EXPECT_DOUBLE_EQ(r.cluster.cost.hosted, gpu_seconds(40));
}

// A warm instance of one GPU ($2/h) hosts a replica the whole run: it is
// billed as an instance, never as hosted. The fixed GPU hosts one from 10 s
// to the end of the run (50 s).
TEST(HostedCost, AnInstancesDeviceIsNotIncluded) {
  const CloudRun r = run_hosting({.instance = true, .hostings = {{0, 10, kNever}}});
  ASSERT_EQ(r.instances.size(), 1u);
  ASSERT_EQ(r.instances[0].devices, std::vector<DeviceId>{1});  // after the fixed cluster's
  EXPECT_EQ(r.replicas.at(0).device, 1u);                        // the instance's, from the start
  const CostLedger& cost = r.cluster.cost;
  EXPECT_NEAR(cost.on_demand, 2.0 * 60 / 3600, 1e-15);
  EXPECT_NEAR(cost.fixed, gpu_seconds(60), 1e-15);
  EXPECT_DOUBLE_EQ(cost.hosted, gpu_seconds(50));
}

}  // namespace
}  // namespace servesim::cloudtest
