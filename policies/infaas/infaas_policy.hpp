#pragma once
// INFaaS (Romero et al., USENIX ATC'21) with its greedy autoscaling: the
// "infaas" policy. One file per part:
//   variant_profile    the Metadata Store's static profiles (batch, T_inf, Q, C)
//   metadata_store     workers and {variant, worker} instances with their state
//   variant_state      Figure 4's state machine (public-code thresholds)
//   variant_monitor    the monitoring daemons, every 2 s (section 5)
//   variant_selector   Algorithm 1, per query (section 4.1)
//   scaling_decision   replicate vs upgrade, remove vs downgrade, by the ILP's cost
//   model_autoscaler   per worker, every 1 s (sections 4.2.1-4.2.2)
//   vm_autoscaler      at the controller, every 2 s (section 4.2.3)
//   worker_placement   resources, lowest-utilisation and bin-packing choices
//   interference_mitigation  moving an Interfered variant (section 4.1)
//   offline_throttle   offline jobs: dispatched per worker with the monitor (sections 3.2, 5, 6.3.2)
//   infaas_params      the JSON parameters (all documented there, with an example)
//
// Example:
//   {"name": "infaas", "params": {"initial_workers": {"m5.2xlarge": 1},
//     "worker_types": {"cpu": "m5.2xlarge", "gpu": "p3.2xlarge", "inferentia": "inf1.2xlarge"},
//     "slack_threshold": 1.05, "lambda_per_s": 1.0}}
//
// Workers are instances (the scenario's cluster.instances, else the params'
// initial_workers, launched warm at start, and those the autoscalers add) and
// each device of a fixed cluster. A worker the cloud takes back (spot) is
// replaced at its notice by an on-demand one of its type with its replicas
// (section 7, failure recovery). Nothing is loaded at start (unless
// "preload" or "initial_load_qps" says so): the first query of an
// application loads the variant Algorithm 1 picks, as in INFaaS. With
// "initial_load_qps" the start is warm, provisioned by the model autoscaler
// for that load (provision_initial_load, infaas_params.hpp).
//
// A stage's latency budget is the application's SLO divided by the number of
// stages on its pipeline's longest path (INFaaS serves single models; this is
// the simplest split for a pipeline). A replica serves the batch its profile
// says, with a greedy batcher, one batch at a time.
//
// Loading from route(): Algorithm 1 loads an Inactive variant on the query's
// path, through the ClusterControl the engine passes to route(); this happens
// once per {variant, worker} that becomes active, never per query.
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "policies/infaas/infaas_params.hpp"
#include "policies/infaas/metadata_store.hpp"
#include "policies/infaas/model_autoscaler.hpp"
#include "policies/infaas/offline_throttle.hpp"
#include "policies/infaas/variant_monitor.hpp"
#include "policies/infaas/variant_selector.hpp"
#include "policies/infaas/vm_autoscaler.hpp"
#include "policies/policy.hpp"

namespace servesim {

class InfaasPolicy final : public Policy {
 public:
  struct Stats {
    std::uint64_t unmet = 0;          // queries no variant could serve as asked (Algorithm 1 line 8)
    std::uint64_t route_loads = 0;    // variants loaded by Algorithm 1 line 5
    std::uint64_t replications = 0;   // replicas added by the model autoscaler
    std::uint64_t upgrades = 0;       // switches to a variant with a higher throughput
    std::uint64_t downgrades = 0;     // switches to a cheaper one
    std::uint64_t removals = 0;       // replicas removed by the model autoscaler
    std::uint64_t migrations = 0;     // interference mitigations
    std::uint64_t workers_launched = 0;
    std::uint64_t workers_stopped = 0;
    std::uint64_t workers_replaced = 0;  // lost ones (spot), replaced (section 7)
    std::uint64_t offline_loads = 0;     // replicas loaded for offline jobs (offline_placement.hpp)
  };

  InfaasPolicy(const JsonNode& params, const PolicyContext& context);

  std::string_view name() const override { return "infaas"; }
  void start(ClusterControl& control, const ClusterView& view) override;
  RouteDecision route(const RouteRequest& request, ClusterControl& control, const ClusterView& view) override;
  Duration tick_interval() const override;
  void on_tick(ClusterControl& control, const ClusterView& view) override;
  void on_replica_ready(ReplicaId id, ClusterControl& control, const ClusterView& view) override;
  void on_instance_ready(InstanceId id, ClusterControl& control, const ClusterView& view) override;
  void on_interruption_notice(InstanceId id, SimTime at, ClusterControl& control, const ClusterView& view) override;
  void on_instance_gone(InstanceId id, ClusterControl& control, const ClusterView& view) override;
  // The Stats, under summary.json's names (workers_launched/stopped are
  // "workers_added"/"workers_removed", removals "replica_removals", unmet "queries_unmet"),
  // and with offline jobs the throttle's: "offline_inputs_dispatched" and
  // "offline_paused_checks_<kind>" per worker kind (each check one monitor period).
  void report(PolicyCounters& out) const override;

  const Stats& stats() const { return stats_; }
  const infaas::MetadataStore& store() const { return store_; }
  const infaas::InfaasParams& params() const { return params_; }
  const infaas::OfflineThrottle& throttle() const { return throttle_; }

 private:
  // Replicas added for a {variant, worker}, and those they replace once they serve.
  struct Transition {
    std::vector<ReplicaId> added;
    std::vector<ReplicaId> retire;
    std::vector<std::uint32_t> instances;  // marked in_transition meanwhile
  };

  std::uint32_t add_worker(InstanceId id, const ClusterView& view, bool initial);
  void sync_workers(const ClusterView& view);
  void replace_worker(std::uint32_t worker, const ClusterView& view);
  void catch_up(const ClusterView& view);
  void refresh(ClusterControl& control, const ClusterView& view);
  std::optional<ReplicaId> load(std::uint32_t profile, const infaas::Slot& slot, SimTime now);
  std::vector<ReplicaId> place(std::uint32_t profile, std::int64_t count, std::optional<std::uint32_t> prefer,
                               bool may_launch, const ClusterView& view);
  std::optional<infaas::Slot> request_worker(std::uint32_t profile, const ClusterView& view);
  void begin_transition(std::vector<ReplicaId> added, std::vector<ReplicaId> retire);
  void advance_transitions(const ClusterView& view);
  void run_monitor(const ClusterView& view);
  void run_vm_autoscaler(const ClusterView& view);
  void run_model_autoscaler(const ClusterView& view);
  infaas::ModelAutoscaler::Room scaling_room(const ClusterView& view) const;
  // Carries out the model autoscaler's actions; whether any replica was added or removed.
  bool apply_scaling(const std::vector<infaas::ScalingAction>& actions, const ClusterView& view);
  void provision_initial_load(const ClusterView& view);
  void stop_worker(std::uint32_t worker);
  void load_for_offline_jobs(const ClusterView& view);

  infaas::InfaasParams params_;
  infaas::ModeRules mode_;  // of params_.mode
  infaas::MetadataStore store_;
  std::unique_ptr<infaas::VariantSelector> selector_;
  infaas::VariantMonitor monitor_;
  std::unique_ptr<infaas::ModelAutoscaler> model_autoscaler_;
  infaas::VmAutoscaler vm_autoscaler_;
  infaas::OfflineThrottle throttle_;
  std::vector<std::uint32_t> minimum_workers_;  // by worker type key
  std::vector<std::uint32_t> stage_count_;      // by application: its pipeline's stages
  std::uint32_t fixed_type_base_ = 0;           // type keys of fixed device types start here
  std::vector<Transition> transitions_;
  std::vector<bool> launched_this_tick_;        // by DeviceKind: one requested worker per kind per tick
  SimTime next_monitor_, next_vm_, next_model_;
  ClusterControl* control_ = nullptr;           // the control of the start/tick/notice/route being handled
  bool starting_ = false;                       // inside start(): loads are warm
  bool has_offline_jobs_ = false;               // the throttle's counters are reported only then
  Stats stats_;
};

}  // namespace servesim
