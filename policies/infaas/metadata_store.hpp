#pragma once
// INFaaS' Metadata Store (sections 3.2 and 5): the variant profiles, the
// workers, and the state of every model-variant instance -- a {variant,
// worker} pair (section 5) -- with the replicas that make it up. Holds what
// the monitor measured; the selection policy and the autoscalers read it.
// Profiles are dense. Workers, instances and replica records have ids that
// are never reused (a replica's is the engine's), but only live ones are
// kept, so memory follows the cluster's size, not the run's length: a gone
// worker is forgotten with its instances by forget(), once no transition
// holds any of them, and a retired replica's record once it has left its
// device (until then the monitor still sees it draining there).
#include <cstdint>
#include <map>
#include <optional>
#include <utility>
#include <vector>

#include "policies/infaas/variant_profile.hpp"
#include "policies/infaas/variant_state.hpp"
#include "sim/core/id_pages.hpp"
#include "sim/serving/cluster_view.hpp"

namespace servesim::infaas {

enum class WorkerPhase : std::uint8_t { kBooting, kRunning, kGone };

struct Worker {
  std::optional<InstanceId> instance;  // empty: a device of the fixed cluster
  std::uint32_t type_key = 0;          // instance type id, or a key past them for a fixed device type
  DeviceKind kind = DeviceKind::kCpu;  // the hardware it offers (its accelerator, else cpu)
  std::vector<DeviceId> devices;
  std::vector<DeviceTypeId> device_types;  // of `devices`, in order: placement skips other types unasked
  WorkerPhase phase = WorkerPhase::kRunning;
  bool leaving = false;  // stopped, or taken back after a notice: nothing new goes there
  std::uint32_t cpu_slots = 1;  // CPU replicas one of its CPU devices holds (vCPUs / cores per replica)
  // From the monitor's last look.
  double utilisation = 0;   // recent busy fraction of its devices of `kind`
};

struct VariantInstance {
  std::uint32_t profile = 0;
  std::uint32_t worker = 0;
  std::vector<ReplicaId> replicas;  // serving ones: not being retired
  VariantState state = VariantState::kInactive;
  double load_qps = 0;              // the model autoscaler's measure of its incoming load
  double last_rate_qps = -1;        // ... its rate over the previous period (-1: none yet)
  SimTime scale_down_since = SimTime::never();  // since when a scale-down has been possible
  SimTime hold_until = SimTime::zero();         // no scale-down before (an action is settling)
  bool in_transition = false;       // waiting for replicas it added or that replace it
  Duration observed;                // the monitor's last mean observed latency (zero: nothing finished)
  bool offline_work = false;        // holds_offline_work, as of the model autoscaler's last look
};

struct ReplicaRecord {
  std::uint32_t instance = 0;  // its VariantInstance
  VariantId variant = 0;       // its instance's profile's
  DeviceId device = 0;
  SimTime loaded_at;
  SimTime serving_since = SimTime::never();  // when it became Active
  bool warm = false;                         // loaded in start(): serving from before the run
  std::uint64_t routed = 0;               // queries routed to it, ever
  std::uint64_t routed_at_monitor = 0;    // `routed` at the monitor's last look
  std::uint64_t routed_at_scaler = 0;     // ... at the model autoscaler's
  double busy_at_monitor = 0;             // busy slot-seconds at the monitor's last look
  bool retired = false;                   // unloaded by the policy, or its worker went away
};

class MetadataStore {
 public:
  using Workers = std::map<std::uint32_t, Worker>;  // live ones by id, oldest first
  using Instances = std::map<std::uint32_t, VariantInstance>;

  explicit MetadataStore(std::vector<VariantProfile> profiles);

  const std::vector<VariantProfile>& profiles() const { return profiles_; }
  const VariantProfile& profile(std::uint32_t p) const { return profiles_[p]; }

  // Its id: one more than the last one's.
  std::uint32_t add_worker(Worker worker);
  Workers& workers() { return workers_; }
  const Workers& workers() const { return workers_; }
  Worker& worker(std::uint32_t w) { return *index_of(w).worker; }
  const Worker& worker(std::uint32_t w) const { return *index_of(w).worker; }
  // The live workers with a device of `type`, oldest first (the order
  // workers() walks them in): placement of a variant looks at these only.
  using WorkerRef = std::pair<std::uint32_t, const Worker*>;
  const std::vector<WorkerRef>& workers_offering(DeviceTypeId type) const;

  // The {profile, worker} instance, created (Inactive) on first use.
  std::uint32_t instance_of(std::uint32_t profile, std::uint32_t worker);
  std::optional<std::uint32_t> find_instance(std::uint32_t profile, std::uint32_t worker) const {
    const std::int32_t slot = index_of(worker).by_profile[profile];
    if (slot < 0) return std::nullopt;
    return static_cast<std::uint32_t>(slot);
  }
  Instances& instances() { return instances_; }
  const Instances& instances() const { return instances_; }
  VariantInstance& instance(std::uint32_t i) { return instance_node(i); }
  const VariantInstance& instance(std::uint32_t i) const { return instance_node(i); }
  // Those of profile p that hold replicas, oldest first (a worker keeps an
  // instance of every variant it ever ran; the selector wants the loaded ones).
  const std::vector<std::uint32_t>& loaded_instances(std::uint32_t p) const { return loaded_by_profile_[p]; }
  const std::vector<std::uint32_t>& instances_on_worker(std::uint32_t w) const { return index_of(w).instances; }

  // A replica the policy loaded for instance `i` on `device`; the instance becomes Active.
  void add_replica(ReplicaId id, std::uint32_t i, DeviceId device, SimTime now);
  // Takes a replica out of its instance (it is being unloaded or is gone).
  void retire(ReplicaId id);
  // Whether the store has a record of it (a replica of one of its instances,
  // serving or still draining on its device).
  bool knows(ReplicaId id) const { return replicas_.get(id) != nullptr; }
  // Known and not retired: one of its instances' replicas.
  bool serving(ReplicaId id) const;
  ReplicaRecord& replica(ReplicaId id) { return record_of(id); }
  const ReplicaRecord& replica(ReplicaId id) const { return record_of(id); }
  // Hot path: one more query went to this replica.
  void count_routed(ReplicaId id) { ++record_of(id).routed; }

  // Retires the replicas the engine no longer takes queries for (their
  // instance was stopped or taken back).
  void prune(const ClusterView& view);
  // Drops what no longer exists: gone workers (with their instances) that no
  // transition holds, and records of retired replicas that left their device.
  void forget(const ClusterView& view);

  std::size_t replica_records() const { return replicas_.live(); }

  // Replicas of one variant a GPU may hold (ModeRules::gpu_replicas_per_variant).
  std::uint32_t gpu_replicas_per_variant() const { return gpu_replicas_per_variant_; }
  void set_gpu_replicas_per_variant(std::uint32_t n) { gpu_replicas_per_variant_ = n; }

 private:
  struct WorkerIndex {
    Worker* worker = nullptr;               // its node in workers_ (a std::map's nodes stay put)
    std::vector<std::int32_t> by_profile;   // -> instance, -1 for none
    std::vector<std::uint32_t> instances;   // oldest first
  };

  // Lookups by id in two loads, not a hash or a tree walk: they run per
  // query (count_routed) and per worker of every placement scan.
  WorkerIndex& index_of(std::uint32_t w) const {
    WorkerIndex* index = by_worker_.get(w);
    if (!index) [[unlikely]] missing("live worker", w);
    return *index;
  }
  ReplicaRecord& record_of(ReplicaId id) const {
    ReplicaRecord* record = replicas_.get(id);
    if (!record) [[unlikely]] missing("record of replica", id);
    return *record;
  }
  VariantInstance& instance_node(std::uint32_t i) const {
    VariantInstance* const* node = instance_nodes_.get(i);
    if (!node) [[unlikely]] missing("instance", i);
    return **node;
  }
  [[noreturn]] static void missing(const char* what, std::uint32_t id);

  bool forgettable(const Worker& worker, const WorkerIndex& index) const;
  void forget_worker(std::uint32_t w);
  bool left_device(ReplicaId id, const ReplicaRecord& record, const ClusterView& view) const;

  std::vector<VariantProfile> profiles_;
  Workers workers_;
  Instances instances_;
  IdPages<VariantInstance*> instance_nodes_;  // by instance id: its node in instances_
  IdPages<WorkerIndex> by_worker_;  // by worker id (live workers); looked up only, never walked
  std::vector<std::vector<WorkerRef>> offering_;  // by device type; a std::map's nodes stay put
  std::vector<std::vector<std::uint32_t>> loaded_by_profile_;  // instance ids, oldest first
  IdPages<ReplicaRecord> replicas_;  // by the engine's replica id; looked up only, never walked
  std::vector<ReplicaId> retired_;  // records kept while they drain
  std::uint32_t gpu_replicas_per_variant_ = 1;
};

}  // namespace servesim::infaas
