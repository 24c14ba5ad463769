#pragma once
// One run of one policy over the scenario's world: the front end that turns
// arrivals into queries and routes their stages, the replicas that batch and
// execute them, and the clock that drives the policy's control loop and the
// metrics windows. Holds no global state; many can run at once.
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "sim/cluster/lambda_pool.hpp"
#include "sim/core/event_loop.hpp"
#include "sim/core/id_pages.hpp"
#include "sim/core/level_integral.hpp"
#include "sim/metrics/control_actions.hpp"
#include "sim/metrics/cost_ledger.hpp"
#include "sim/metrics/money_audit.hpp"
#include "sim/metrics/run_metrics.hpp"
#include "sim/serving/central_queue.hpp"
#include "sim/serving/cluster_control.hpp"
#include "sim/serving/cluster_view.hpp"
#include "sim/serving/controller.hpp"
#include "sim/serving/device_execution.hpp"
#include "sim/serving/offline_progress.hpp"
#include "sim/serving/query_table.hpp"
#include "sim/serving/simulation_config.hpp"
#include "sim/serving/stage_deadlines.hpp"
#include "sim/serving/weighted_route.hpp"

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
  std::uint64_t in_flight() const { return queries_.in_flight(); }
  // The policy's control actions so far, by kind.
  const ControlActionCounts& actions() const { return actions_; }
  std::uint64_t events_dispatched() const { return events_; }
  // Wall-clock seconds spent inside the policy's start/on_tick/notices.
  double policy_wall_seconds() const { return policy_wall_.count(); }
  const ClusterView& view() const { return *this; }

 private:
  enum EventKind : std::uint32_t {
    kArrival,
    kBatchDone,
    kBatcherWake,
    kReplicaReady,
    kPolicyTick,
    kWindowClose,
    kInstanceReady,
    kInterruptionNotice,
    kInstanceTerminate,
    kScheduledInterruption,
    kLambdaDone,
    kSharedBatchDone,
    kWarmupEnd,
    kOfflineSubmit,
    kHopArrival,
  };

  // EventHandler
  void handle(const Event& event) override;
  // ClusterView
  SimTime now() const override { return loop_.now(); }
  const ModelCatalog& models() const override { return *config_.models; }
  const HardwareCatalog& hardware() const override { return *config_.hardware; }
  std::span<const Application> applications() const override { return config_.applications; }
  std::size_t device_count() const override { return devices_.size(); }
  DeviceInfo device(DeviceId id) const override;
  DeviceOccupancy occupancy(DeviceId id) const override;
  std::size_t replica_count() const override { return replicas_.size(); }
  ReplicaInfo replica(ReplicaId id) const override;
  std::uint64_t outstanding(ReplicaId id) const override {
    const Replica* r = live_replica(id);
    return r ? r->outstanding() : 0;
  }
  ReplicaBacklog backlog(ReplicaId id) const override;
  std::optional<std::uint64_t> accepting_outstanding(ReplicaId id) const override {
    const Replica* r = live_replica(id);
    if (!r || !r->accepts_visits()) return std::nullopt;
    return r->outstanding();
  }
  ReplicaId least_outstanding(std::span<const ReplicaId> candidates, std::uint64_t limit) const override {
    // Qualified: no virtual call per candidate, and the lookups inline.
    return least_outstanding_of(candidates, limit, [this](ReplicaId id) { return Simulation::accepting_outstanding(id); });
  }
  std::uint64_t dropped(ReplicaId id) const override {
    const Replica* r = live_replica(id);
    return r ? r->dropped : 0;
  }
  bool accepts(ReplicaId id) const override {
    const Replica* r = live_replica(id);
    return r && r->accepts_visits();
  }
  double arrival_rate(AppId app, StageId stage) const override;
  std::uint64_t central_queue_length(AppId app, StageId stage) const override;
  FinishedQueries finished_queries(AppId app) const override { return finished_.at(app); }
  std::uint64_t queries_in_system(AppId app) const override { return in_flight_per_app_.at(app); }
  std::size_t instance_count() const override { return instances_.size(); }
  InstanceInfo instance(InstanceId id) const override;
  InstanceState instance_state(InstanceId id) const override;
  double spot_price_per_hour(InstanceTypeId type) const override;
  std::size_t lambda_function_count() const override { return config_.cloud.lambda_functions.size(); }
  std::span<const OfflineJob> offline_jobs() const override { return config_.offline_jobs; }
  std::uint64_t offline_backlog(OfflineJobId job) const override { return offline_.at(job).backlog(); }
  // ClusterControl
  LoadResult load_replica(const ReplicaRequest& request) override;
  void unload_replica(ReplicaId id) override;
  void set_batcher(ReplicaId id, const BatcherSpec& spec) override;
  InstanceId launch_instance(InstanceTypeId type, Market market) override;
  void stop_instance(InstanceId id) override;
  void set_routing_weights(AppId app, StageId stage, std::vector<RoutingWeight> weights) override;
  std::uint64_t dispatch_offline(OfflineJobId job, ReplicaId replica, std::uint64_t count) override;
  void note_offline_paused(DeviceKind kind) override;
  std::uint32_t prewarm_lambda(std::uint32_t function, std::uint32_t count) override;
  void attach_central_queue(ReplicaId replica, AppId app, StageId stage) override;
  void set_stage_budget(AppId app, StageId stage, Duration budget) override { stage_deadlines_.set(app, stage, budget); }

  struct Device {
    DeviceTypeId type = 0;
    DeviceKind kind = DeviceKind::kCpu;
    double memory_free_mb = 0;
    std::vector<ReplicaId> replicas;
    std::optional<InstanceId> instance;  // empty: a device of the fixed cluster
    bool on_burstable = false;  // its instance earns CPU credits: checked at every batch, so kept here
    DeviceExecution exec;                // its slots, and the replicas waiting for one
  };
  struct LambdaInvocation {
    Visit visit;  // none for a ping
    std::uint32_t function = 0;
    Duration run;  // execution time, billed
    bool ping = false;  // prewarm_lambda's: serves no query
  };

  // Query flow.
  void on_arrival(std::uint32_t stream);
  void pull_next_arrival(std::uint32_t stream);
  // `again`: a visit routed anew after its replica was lost, not an arrival.
  void start_visit(std::uint32_t slot, StageId stage, bool again = false);
  FailReason enqueue_visit(std::uint32_t slot, StageId stage, const RouteDecision& decision);
  ReplicaId pick_weighted(AppId app, StageId stage);
  // Central queues (simulation_central_queue.cpp).
  void enqueue_central(std::uint32_t slot, StageId stage);
  void offer_central(std::uint32_t index);
  void drop_expired_unpulled(CentralQueue& central);
  void detach_central(Replica& replica);
  VisitQueue& source_queue(Replica& replica);
  bool has_stage(AppId app, StageId stage) const;
  bool has_online_work_queued(const Replica& replica) const;
  void resolve_edges(std::uint32_t slot, StageId stage, bool visited);
  void resolve_into(std::uint32_t slot, StageId child, bool delivered);
  // A taken edge: the query reaches `child` after serving.hop_delay_ms.
  void deliver(std::uint32_t slot, StageId child);
  void on_hop_arrival(std::uint32_t slot, StageId child);
  bool edge_taken(const QueryRecord& query, StageId stage, std::size_t edge_index, double probability) const;
  void end_visit(std::uint32_t slot);
  void fail_visit(std::uint32_t slot, FailReason why);
  void finish_query(std::uint32_t slot);
  void describe_service(const QueryRecord& query, QueryOutcome& outcome) const;
  // Replicas. An unloaded replica's storage is freed once the event that
  // unloaded it is over (free_retired_replicas); only its record stays.
  Replica* live_replica(ReplicaId id) const { return replicas_.get(id); }
  // Devices and instances that are not freed; the _at forms take live ids only.
  Device& device_at(DeviceId id) const { return *devices_.get(id); }
  Instance& instance_at(InstanceId id) const { return *instances_.get(id); }
  const Instance* known_instance(InstanceId id) const;
  DeviceId add_device(DeviceTypeId type, std::optional<InstanceId> instance, bool ready);
  void retire_replica(Replica& replica);
  void free_retired_replicas();
  Device make_device(DeviceTypeId type, std::optional<InstanceId> instance, bool ready) const;
  void try_start_batches(Replica& replica);
  void serve_waiting(Device& device);
  bool is_late(const Replica& replica, const Visit& visit) const;
  SimTime batch_deadline(const Visit& visit) const { return stage_deadlines_.batch_deadline(visit, queries_.at(visit.query)); }
  bool drop_head_if_late(Replica& replica, VisitQueue& queue);
  void drop_visit(Replica& replica, const Visit& visit, FailReason why);
  void start_batch(Replica& replica, VisitQueue& queue, std::uint32_t size, std::uint32_t charge = 0);
  void run_on_device(Replica& replica, std::uint32_t slot, std::uint32_t run_as);
  void on_batch_done(ReplicaId id, std::uint32_t slot);
  void resume_after_batch(Replica& replica);
  void on_shared_batch_done(DeviceId id, std::uint32_t generation);
  void schedule_shared_completion(DeviceId id);
  void end_batch_on_device(Replica& replica, RunningBatch& batch, bool completed);
  void schedule_wake(Replica& replica, SimTime at);
  void mark_busy_change(Replica& replica, int delta);
  void check_device_capacity() const;
  void check_device_capacity(DeviceId id) const;
  void check_money() const;
  void on_replica_ready(ReplicaId id);
  void request_unload(ReplicaId id);
  void stop_accepting(Replica& replica) {
    replica.unload_requested = true;
    ++acceptance_epoch_;
  }
  void release_if_drained(Replica& replica);
  void leave_device(Replica& replica);
  bool device_usable(DeviceId id) const;
  Duration batch_duration(Replica& replica, std::uint32_t size);
  double interference_factor(const Replica& replica) const;
  void advance_credits(const Replica& replica);
  double busy_vcpus(const Instance& instance) const;
  // Instances (simulation_instances.cpp).
  InstanceId add_instance(InstanceTypeId type, Market market, bool warm);
  void on_instance_ready(InstanceId id);
  void on_interruption_notice(InstanceId id);
  void on_scheduled_interruption(std::uint32_t index);
  void terminate_instance(InstanceId id);
  void evict_replica(Replica& replica);
  void finish_stop_if_drained(InstanceId id);
  void bill_instances(ClusterSnapshot& snapshot);
  void free_instance(InstanceId id);
  double instance_bill(const Instance& instance, const InstanceType& type, SimTime until) const;
  // Lambda (simulation_lambda.cpp).
  bool invoke_lambda(std::uint32_t slot, StageId stage, std::uint32_t function);
  void begin_invocation(const LambdaInvocation& invocation, LambdaAccount::Start start);
  void on_lambda_done(std::uint32_t invocation);
  // Offline jobs (simulation_offline.cpp).
  void schedule_offline_jobs();
  void on_offline_submit(OfflineJobId job);
  bool device_admits_offline(const Device& device) const;
  void start_offline_batches(Device& device);
  void start_offline_batch(Replica& replica);
  void on_offline_batch_done(Replica& replica, RunningBatch& batch);
  void requeue_offline(Replica& replica);
  void check_offline_conservation() const;
  void report_offline();
  // Control loop, windows and the end of the run.
  void drain();
  void fail_unfinished();
  void on_warmup_end();
  void on_policy_tick();
  void on_window_close();
  void schedule_window_close();
  ClusterSnapshot snapshot();
  template <typename F>
  void timed_policy_call(F&& call) {
    const auto begin = std::chrono::steady_clock::now();
    call();
    policy_wall_ += std::chrono::steady_clock::now() - begin;
  }
  void notify_gone(InstanceId id);

  const SimulationConfig& config_;
  Controller& controller_;
  RunMetrics& metrics_;
  EventLoop loop_;
  std::uint32_t self_ = 0;
  SimTime end_;             // the last arrival comes before it
  bool draining_ = false;   // past end_: windows go on until the drain ends
  bool starting_ = false;   // inside Controller::start: actions act at once
  ControlActionCounts actions_;

  // Devices and instances are freed once their instance has stopped and its
  // bill is final (free_instance); a few bytes of each stay, for the view.
  struct DeviceRecord {
    DeviceTypeId type = 0;
    std::optional<InstanceId> instance;
  };
  struct InstanceRecord {  // what the view still tells of a freed instance
    InstanceTypeId type = 0;
    Market market = Market::kOnDemand;
    SimTime requested;
    SimTime ready_at;
    SimTime interruption_at = SimTime::never();  // if a notice came
    DeviceId first_device = 0;                   // its devices are numbered consecutively
    std::uint32_t device_count = 0;
  };
  IdPages<Device> devices_;
  std::vector<DeviceRecord> device_records_;
  IdPages<Replica> replicas_;       // null once unloaded and freed
  // What every replica ever loaded served on, by ReplicaId: what queries.csv
  // names as the server of a query whose replica may be long gone.
  struct ReplicaRecord {
    VariantId variant = 0;
    DeviceTypeId device_type = 0;
  };
  std::vector<ReplicaRecord> replica_records_;
  std::vector<ReplicaId> retired_;  // unloaded, to be freed after the event
  IdPages<Instance> instances_;
  std::vector<InstanceRecord> instance_records_;
  double freed_instances_bill_ = 0;  // the final bills of freed instances, for the money audit
  RandomStream spot_rng_;
  LambdaAccount lambda_;
  std::vector<LambdaInvocation> invocations_;
  std::vector<std::uint32_t> free_invocations_;
  CostLedger window_lambda_;  // Lambda dollars and counts of the open window
  double lambda_charged_ = 0;   // every invocation's charge, for the money audit
  CostLedger billed_;           // every snapshot's ledger, for the money audit
  std::uint32_t window_invocations_ = 0;
  std::uint32_t window_cold_starts_ = 0;
  // set_routing_weights: [app][stage] -> weights over replicas.
  std::vector<std::vector<WeightedRoute>> routing_weights_;
  // Changes whenever a replica stops accepting visits (stop_accepting), so
  // that routes cached over accepting replicas are rebuilt.
  std::uint64_t acceptance_epoch_ = 0;
  RandomStream routing_rng_;
  CentralQueues central_queues_;
  StageDeadlines stage_deadlines_;  // set_stage_budget's, for batch formation
  RandomStream lambda_rng_;  // Lambda execution-time draws
  QueryTable queries_;
  std::vector<std::uint64_t> in_flight_per_app_;
  std::vector<FinishedQueries> finished_;  // by AppId, for the view
  std::uint64_t next_query_id_ = 0;
  std::uint64_t events_ = 0;
  std::uint64_t branch_seed_ = 0;

  std::vector<OfflineProgress> offline_;  // by OfflineJobId

  std::vector<std::unique_ptr<ArrivalStream>> streams_;
  std::vector<Arrival> pending_;  // one pending arrival per stream
  mutable std::vector<std::vector<SlidingRate>> stage_arrivals_;  // [app][stage]; reading rolls it

  // Per device kind: the devices' busy levels (DeviceExecution::busy_level),
  // and the model memory resident on devices, loading or serving, in GB of
  // 1000 MB (as INFaaS' cost per GB-second, policies/infaas/variant_profile.hpp).
  std::array<LevelIntegral, kDeviceKindCount> busy_{};
  std::array<LevelIntegral, kDeviceKindCount> resident_gb_{};
  // Dollars per hour of the fixed-cluster devices that host at least one
  // replica (loading, serving or draining): CostLedger::hosted.
  LevelIntegral hosted_;
  SimTime window_start_;
  SimTime last_snapshot_;
  std::chrono::duration<double> policy_wall_{0};
};

}  // namespace servesim
