#pragma once
// INFaaS' Metadata Store (sections 3.2 and 5): the variant profiles, the
// workers, and the state of every model-variant instance -- a {variant,
// worker} pair (section 5) -- with the replicas that make it up. Holds what
// the monitor measured; the selection policy and the autoscalers read it.
// Indices are dense and stable for the run: profiles, workers (never
// removed, only marked gone), instances and replica records (by the engine's
// replica id, which is never reused).
#include <cstdint>
#include <optional>
#include <vector>

#include "policies/infaas/variant_profile.hpp"
#include "policies/infaas/variant_state.hpp"
#include "sim/serving/cluster_view.hpp"

namespace servesim::infaas {

enum class WorkerPhase : std::uint8_t { kBooting, kRunning, kGone };

struct Worker {
  std::optional<InstanceId> instance;  // empty: a device of the fixed cluster
  std::uint32_t type_key = 0;          // instance type id, or a key past them for a fixed device type
  DeviceKind kind = DeviceKind::kCpu;  // the hardware it offers (its accelerator, else cpu)
  std::vector<DeviceId> devices;
  WorkerPhase phase = WorkerPhase::kRunning;
  bool leaving = false;  // stopped, or taken back after a notice: nothing new goes there
  std::uint32_t cpu_slots = 1;  // CPU replicas one of its CPU devices holds (vCPUs / cores per replica)
  // From the monitor's last look.
  double utilisation = 0;   // recent busy fraction of its devices of `kind`
  double load_qps = 0;      // queries routed to it per second
  std::uint64_t outstanding = 0;
};

struct VariantInstance {
  std::uint32_t profile = 0;
  std::uint32_t worker = 0;
  std::vector<ReplicaId> replicas;  // serving ones: not being retired
  VariantState state = VariantState::kInactive;
  double load_qps = 0;              // the model autoscaler's measure of its incoming load
  SimTime scale_down_since = SimTime::never();  // since when a scale-down has been possible
  SimTime hold_until = SimTime::zero();         // no scale-down before (an action is settling)
  bool in_transition = false;       // waiting for replicas it added or that replace it
};

struct ReplicaRecord {
  std::uint32_t instance = 0;  // its VariantInstance
  SimTime loaded_at;
  SimTime serving_since = SimTime::never();  // when it became Active
  bool warm = false;                         // loaded in start(): serving from before the run
  std::uint64_t routed = 0;               // queries routed to it, ever
  std::uint64_t routed_at_monitor = 0;    // `routed` at the monitor's last look
  std::uint64_t routed_at_scaler = 0;     // ... at the model autoscaler's
  double busy_at_monitor = 0;             // busy slot-seconds at the monitor's last look
  bool known = false;
  bool retired = false;                   // unloaded by the policy, or its worker went away
};

class MetadataStore {
 public:
  explicit MetadataStore(std::vector<VariantProfile> profiles);

  const std::vector<VariantProfile>& profiles() const { return profiles_; }
  const VariantProfile& profile(std::uint32_t p) const { return profiles_[p]; }

  std::uint32_t add_worker(Worker worker);
  std::size_t worker_count() const { return workers_.size(); }
  Worker& worker(std::uint32_t w) { return workers_[w]; }
  const Worker& worker(std::uint32_t w) const { return workers_[w]; }
  std::optional<std::uint32_t> worker_of_instance(InstanceId id) const;

  // The {profile, worker} instance, created (Inactive) on first use.
  std::uint32_t instance_of(std::uint32_t profile, std::uint32_t worker);
  std::optional<std::uint32_t> find_instance(std::uint32_t profile, std::uint32_t worker) const;
  std::size_t instance_count() const { return instances_.size(); }
  VariantInstance& instance(std::uint32_t i) { return instances_[i]; }
  const VariantInstance& instance(std::uint32_t i) const { return instances_[i]; }
  const std::vector<std::uint32_t>& instances_of_profile(std::uint32_t p) const { return by_profile_[p]; }
  const std::vector<std::uint32_t>& instances_on_worker(std::uint32_t w) const { return by_worker_[w]; }

  // A replica the policy loaded for instance `i`; the instance becomes Active.
  void add_replica(ReplicaId id, std::uint32_t i, SimTime now);
  // Takes a replica out of its instance (it is being unloaded or is gone).
  void retire(ReplicaId id);
  bool knows(ReplicaId id) const { return id < replicas_.size() && replicas_[id].known; }
  ReplicaRecord& replica(ReplicaId id) { return replicas_[id]; }
  const ReplicaRecord& replica(ReplicaId id) const { return replicas_[id]; }
  // Hot path: one more query went to this replica (no allocation).
  void count_routed(ReplicaId id) { ++replicas_[id].routed; }

  // Retires the replicas the engine no longer takes queries for (their
  // instance was stopped or taken back).
  void prune(const ClusterView& view);

 private:
  std::vector<VariantProfile> profiles_;
  std::vector<Worker> workers_;
  std::vector<VariantInstance> instances_;
  std::vector<std::vector<std::int32_t>> index_;  // [worker][profile] -> instance, -1 for none
  std::vector<std::vector<std::uint32_t>> by_profile_;
  std::vector<std::vector<std::uint32_t>> by_worker_;
  std::vector<ReplicaRecord> replicas_;
};

}  // namespace servesim::infaas
