#pragma once
// One run of one policy over the scenario's world. The engine is split by job
// into parts, each a handler of its own events on the run's event loop
// (engine_part.hpp): the front end that turns arrivals into queries and
// routes their stages, the replica runtime that batches and executes them,
// the cloud's instances, Lambda and offline work. Simulation wires the parts,
// drives the policy's control loop, the metrics windows and the end of the
// run, and answers the policy's ClusterView and ClusterControl by delegating
// to the parts. Holds no global state; many can run at once.
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "sim/serving/cloud_instances.hpp"
#include "sim/serving/engine_part.hpp"
#include "sim/serving/front_end.hpp"
#include "sim/serving/lambda_runtime.hpp"
#include "sim/serving/offline_work.hpp"
#include "sim/serving/replica_runtime.hpp"

namespace servesim {

class Simulation final : private ClusterView, private ClusterControl, private EventHandler {
 public:
  Simulation(const SimulationConfig& config, Controller& controller, RunMetrics& metrics);
  ~Simulation() override;

  // Lets the policy place its initial replicas and opens the arrival streams.
  void start();
  // Runs to the end of the scenario: arrivals until its duration, then the
  // drain, then the checks of every invariant (docs/invariants.md).
  // `progress` (may be empty) is called every `every` of simulated time with
  // the current time.
  void run(const std::function<void(SimTime)>& progress = {}, Duration every = Duration::infinite());
  // Queries in the system now (0 after run(): the drain resolves them all).
  std::uint64_t in_flight() const { return front_.queries().in_flight(); }
  // The policy's control actions so far, by kind.
  const ControlActionCounts& actions() const { return ctx_.actions; }
  std::uint64_t events_dispatched() const { return events_; }
  // Wall-clock seconds spent inside the policy's start/on_tick/notices.
  double policy_wall_seconds() const { return ctx_.policy_wall.count(); }
  const ClusterView& view() const { return *this; }

 private:
  enum EventKind : std::uint32_t { kPolicyTick, kWindowClose, kWarmupEnd };
  class PartListener;

  // EventHandler: the control loop's and the windows' events.
  void handle(const Event& event) override;
  // ClusterView
  SimTime now() const override { return ctx_.now(); }
  const ModelCatalog& models() const override { return *ctx_.config.models; }
  const HardwareCatalog& hardware() const override { return *ctx_.config.hardware; }
  std::span<const Application> applications() const override { return ctx_.config.applications; }
  std::size_t device_count() const override { return replicas_.device_count(); }
  DeviceInfo device(DeviceId id) const override { return replicas_.device_info(id); }
  DeviceOccupancy occupancy(DeviceId id) const override { return replicas_.occupancy(id); }
  std::size_t replica_count() const override { return replicas_.replica_count(); }
  ReplicaInfo replica(ReplicaId id) const override { return replicas_.replica_info(id); }
  std::uint64_t outstanding(ReplicaId id) const override {
    const Replica* r = replicas_.live_replica(id);
    return r ? r->outstanding() : 0;
  }
  ReplicaBacklog backlog(ReplicaId id) const override { return replicas_.backlog(id); }
  std::optional<std::uint64_t> accepting_outstanding(ReplicaId id) const override {
    const Replica* r = replicas_.live_replica(id);
    if (!r || !r->accepts_visits()) return std::nullopt;
    return r->outstanding();
  }
  ReplicaId least_outstanding(std::span<const ReplicaId> candidates, std::uint64_t limit) const override {
    // Qualified: no virtual call per candidate, and the lookups inline.
    return least_outstanding_of(candidates, limit, [this](ReplicaId id) { return Simulation::accepting_outstanding(id); });
  }
  std::uint64_t dropped(ReplicaId id) const override {
    const Replica* r = replicas_.live_replica(id);
    return r ? r->dropped : 0;
  }
  bool accepts(ReplicaId id) const override { return replicas_.accepts(id); }
  double arrival_rate(AppId app, StageId stage) const override { return front_.arrival_rate(app, stage); }
  std::uint64_t central_queue_length(AppId app, StageId stage) const override {
    return replicas_.central_queue_length(app, stage);
  }
  FinishedQueries finished_queries(AppId app) const override { return front_.finished_queries(app); }
  std::uint64_t queries_in_system(AppId app) const override { return front_.queries_in_system(app); }
  std::size_t instance_count() const override { return cloud_.instance_count(); }
  InstanceInfo instance(InstanceId id) const override { return cloud_.instance_info(id); }
  InstanceState instance_state(InstanceId id) const override { return cloud_.instance_state(id); }
  double spot_price_per_hour(InstanceTypeId type) const override { return cloud_.spot_price_per_hour(type); }
  std::size_t lambda_function_count() const override { return ctx_.config.cloud.lambda_functions.size(); }
  std::span<const OfflineJob> offline_jobs() const override { return ctx_.config.offline_jobs; }
  std::uint64_t offline_backlog(OfflineJobId job) const override { return offline_.backlog(job); }
  // ClusterControl
  LoadResult load_replica(const ReplicaRequest& request) override { return replicas_.load_replica(request); }
  void unload_replica(ReplicaId id) override { replicas_.unload_replica(id); }
  void set_batcher(ReplicaId id, const BatcherSpec& spec) override { replicas_.set_batcher(id, spec); }
  InstanceId launch_instance(InstanceTypeId type, Market market) override { return cloud_.launch_instance(type, market); }
  void stop_instance(InstanceId id) override { cloud_.stop_instance(id); }
  void set_routing_weights(AppId app, StageId stage, std::vector<RoutingWeight> weights) override {
    front_.set_routing_weights(app, stage, std::move(weights));
  }
  std::uint64_t dispatch_offline(OfflineJobId job, ReplicaId replica, std::uint64_t count) override {
    return offline_.dispatch(job, replica, count);
  }
  void note_offline_paused(DeviceKind kind) override { offline_.note_paused(kind); }
  std::uint32_t prewarm_lambda(std::uint32_t function, std::uint32_t count) override {
    return lambda_.prewarm(function, count);
  }
  void attach_central_queue(ReplicaId replica, AppId app, StageId stage) override {
    replicas_.attach_central_queue(replica, app, stage);
  }
  void set_stage_budget(AppId app, StageId stage, Duration budget) override {
    replicas_.set_stage_budget(app, stage, budget);
  }

  void listen(EnginePart& part);
  // Control loop, windows and the end of the run.
  void drain();
  void on_policy_tick();
  void on_warmup_end();
  void on_window_close();
  void schedule_window_close();
  ClusterSnapshot snapshot();
  void check_money() const;

  EngineContext ctx_;
  FrontEnd front_;
  ReplicaRuntime replicas_;
  CloudInstances cloud_;
  LambdaRuntime lambda_;
  OfflineWork offline_;
  std::vector<std::unique_ptr<PartListener>> listeners_;
  std::uint32_t self_ = 0;
  bool draining_ = false;  // past the end: windows go on until the drain ends
  std::uint64_t events_ = 0;
  CostLedger billed_;  // every snapshot's ledger, for the money audit
  SimTime window_start_;
  SimTime last_snapshot_;
};

}  // namespace servesim
