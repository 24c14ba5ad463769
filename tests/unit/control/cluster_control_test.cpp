// Control actions at run time through ClusterControl: loading takes the
// variant's load latency, a replica unloaded with work queued serves it first,
// memory is held until the replica is gone, and no query is ever lost.
#include <gtest/gtest.h>

#include <fstream>

#include "sim/metrics/run_metrics.hpp"
#include "sim/scenario/scenario_loader.hpp"
#include "sim/serving/simulation.hpp"

namespace servesim {
namespace {

// Two 1000 MB devices; variant "m" (600 MB, 10 ms, load 500 ms); 50 QPS.
const char* kScenario = R"({
  "name": "control", "seed": 3, "duration_s": 10,
  "catalogs": {
    "hardware": [{"device_types": [{"name": "dev", "kind": "gpu", "memory_mb": 1000}]}],
    "models": [{"families": [{"name": "f", "variants": [
      {"name": "m", "accuracy": 1, "memory_mb": 600, "load_latency_ms": 500, "latency_ms": {"dev": [[1, 10]]}}]}]}]
  },
  "cluster": {"devices": [{"type": "dev", "count": 2}]},
  "applications": [{"name": "a", "family": "f", "slo_ms": 1000, "workload": {"kind": "poisson", "rate": 50}}],
  "policies": [{"name": "static", "params": {"placement": [{"variant": "m", "device_type": "dev"}]}}]
})";

// At t = 1 s: load a replica on device 1 and unload replica 0 at once. Until
// the new one is ready, queries still go to replica 0... which no longer
// accepts them, so they are rejected: the policy's honest choice here.
class MoveOnce : public Controller {
 public:
  void start(ClusterControl& control, const ClusterView&) override {
    first = *control.load_replica(ReplicaRequest{0, 0, {}, 1}).replica;
  }
  RouteDecision route(const RouteRequest&, ClusterControl&, const ClusterView& view) override {
    if (second && view.replica(*second).state == ReplicaState::kActive) return RouteDecision::to(*second);
    if (view.replica(first).state == ReplicaState::kActive) return RouteDecision::to(first);
    return RouteDecision::reject();
  }
  Duration tick_interval() const override { return from_seconds(1); }
  void on_tick(ClusterControl& control, const ClusterView& view) override {
    if (second) return;
    const LoadResult too_big = control.load_replica(ReplicaRequest{0, 0, {}, 1});
    refused_on_full_device = !too_big.replica && !too_big.refusal.empty();
    second = control.load_replica(ReplicaRequest{0, 1, {}, 1}).replica;
    memory_while_loading = view.device(1).memory_free_mb;
    control.unload_replica(first);
    state_after_unload = view.replica(first).state;
    tick_time = view.now();
  }
  void on_replica_ready(ReplicaId id, ClusterControl&, const ClusterView& view) override {
    ready_id = id;
    ready_time = view.now();
    memory_of_first_device = view.device(0).memory_free_mb;
  }

  ReplicaId first = 0;
  std::optional<ReplicaId> second;
  bool refused_on_full_device = false;
  double memory_while_loading = -1;
  ReplicaState state_after_unload = ReplicaState::kActive;
  SimTime tick_time;
  std::optional<ReplicaId> ready_id;
  SimTime ready_time;
  double memory_of_first_device = -1;
};

TEST(ClusterControl, LoadTakesLoadLatencyAndUnloadDrains) {
  const auto path = std::filesystem::temp_directory_path() / "servesim_control_test.json";
  std::ofstream(path) << kScenario;
  const Scenario scenario = load_scenario(path.string());
  RunMetrics metrics(RunMetricsConfig{scenario.world.window, SimTime::zero() + scenario.world.duration, {"a"}});
  MoveOnce policy;
  Simulation sim(scenario.world, policy, metrics);
  sim.start();
  sim.run();

  EXPECT_TRUE(policy.refused_on_full_device);
  EXPECT_EQ(policy.tick_time, at_seconds(1));
  EXPECT_DOUBLE_EQ(policy.memory_while_loading, 400);  // memory is taken at the request
  ASSERT_TRUE(policy.ready_id.has_value());
  EXPECT_EQ(*policy.ready_id, *policy.second);
  EXPECT_EQ(policy.ready_time, at_seconds(1.5));  // the variant's load latency
  EXPECT_NE(policy.state_after_unload, ReplicaState::kActive);
  EXPECT_DOUBLE_EQ(policy.memory_of_first_device, 1000);  // drained and released by then
  EXPECT_EQ(sim.view().replica(policy.first).state, ReplicaState::kUnloaded);

  // About 0.5 s x 50 QPS were rejected while nothing could serve; the rest completed.
  const auto& total = metrics.total();
  const auto rejected = total.counts().rejected;
  EXPECT_GT(rejected, 5u);
  EXPECT_LT(rejected, 60u);
  EXPECT_EQ(total.counts().arrived, total.counts().completed + rejected + total.counts().unfinished);
}

}  // namespace
}  // namespace servesim
