#pragma once
// The replica runtime of one run: the devices, the replicas loaded on them
// with their queues and batchers, batch formation and execution on the
// devices' slots (deadline drops, interference, CPU credits), the central
// queues replicas pull from, and loading, draining and unloading replicas.
// It keeps the device-time books: busy levels, resident memory and the
// fixed-cluster devices that host a replica.
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "sim/core/id_pages.hpp"
#include "sim/core/level_integral.hpp"
#include "sim/serving/central_queue.hpp"
#include "sim/serving/engine_part.hpp"
#include "sim/serving/replica.hpp"
#include "sim/serving/serving_device.hpp"
#include "sim/serving/stage_deadlines.hpp"

namespace servesim {

class FrontEnd;
class CloudInstances;
class OfflineWork;
struct QueryRecord;

// What every replica ever loaded served on, by ReplicaId: what queries.csv
// names as the server of a query whose replica may be long gone.
struct ReplicaRecord {
  VariantId variant = 0;
  DeviceTypeId device_type = 0;
};

class ReplicaRuntime final : public EnginePart {
 public:
  ReplicaRuntime(EngineContext& context, FrontEnd& front, CloudInstances& cloud, OfflineWork& offline);

  void handle(const Event& event) override;

  // Devices. Those of freed instances are erased (erase_device), with a
  // record kept; the _at form takes live ids only.
  DeviceId add_device(DeviceTypeId type, std::optional<InstanceId> instance, bool ready);
  std::size_t device_count() const { return devices_.size(); }
  bool has_device(DeviceId id) const { return devices_.get(id) != nullptr; }
  Device& device_at(DeviceId id) const { return *devices_.get(id); }
  void erase_device(DeviceId id);
  // Its instance finished booting: the device runs, and the replicas
  // requested while it booted start loading.
  void device_ready(DeviceId id);
  // vCPUs of the instance in use now: each running batch takes one of its CPU's cores.
  double busy_vcpus(const Instance& instance) const;

  // Replicas. An unloaded replica's storage is freed once the event that
  // unloaded it is over (free_retired); only its record stays.
  std::size_t replica_count() const { return replicas_.size(); }
  Replica* live_replica(ReplicaId id) const { return replicas_.get(id); }
  const ReplicaRecord& record(ReplicaId id) const { return replica_records_[id]; }
  bool accepts(ReplicaId id) const {
    const Replica* r = live_replica(id);
    return r && r->accepts_visits();
  }
  // Changes whenever a replica stops accepting visits (stop_accepting), so
  // that routes cached over accepting replicas are rebuilt.
  std::uint64_t acceptance_epoch() const { return acceptance_epoch_; }
  void free_retired();

  // The query flow into replicas.
  void enqueue(ReplicaId target, std::uint32_t slot, StageId stage);
  void enqueue_central(std::uint32_t slot, StageId stage);
  void try_start_batches(Replica& replica);

  // Batches on a device's slots (offline work runs its batches through these too).
  void run_on_device(Replica& replica, std::uint32_t slot, std::uint32_t run_as);
  void end_batch_on_device(Replica& replica, RunningBatch& batch, bool completed);
  void resume_after_batch(Replica& replica);
  bool has_online_work_queued(const Replica& replica) const;

  // Loading and unloading (the control's; actions counted here).
  LoadResult load_replica(const ReplicaRequest& request);
  void unload_replica(ReplicaId id);
  void set_batcher(ReplicaId id, const BatcherSpec& spec);
  void attach_central_queue(ReplicaId replica, AppId app, StageId stage);
  void set_stage_budget(AppId app, StageId stage, Duration budget) { stage_deadlines_.set(app, stage, budget); }
  // Part of an instance's stop, not an action of its own.
  void request_unload(ReplicaId id);
  void stop_accepting(Replica& replica) {
    replica.unload_requested = true;
    ++acceptance_epoch_;
  }
  // The replica's instance is gone: every visit it held is routed again or
  // failed, as the scenario says.
  void evict_replica(Replica& replica);

  // For the view.
  DeviceInfo device_info(DeviceId id) const;
  DeviceOccupancy occupancy(DeviceId id) const;
  ReplicaInfo replica_info(ReplicaId id) const;
  ReplicaBacklog backlog(ReplicaId id) const;
  std::uint64_t central_queue_length(AppId app, StageId stage) const;
  bool device_usable(DeviceId id) const;

  // The books since the last snapshot: busy and memory flows, devices and
  // replicas by kind, and the fixed cluster's hosting and price.
  void settle_devices(ClusterSnapshot& snapshot, Duration window);
  double hosted_dollar_seconds_per_hour() const { return hosted_.total(now()); }
  void check_device_capacity() const;
  void check_device_capacity(DeviceId id) const;

 private:
  enum EventKind : std::uint32_t { kBatchDone, kBatcherWake, kReplicaReady, kSharedBatchDone };

  Device make_device(DeviceTypeId type, std::optional<InstanceId> instance, bool ready) const;
  bool has_stage(AppId app, StageId stage) const;
  void offer_central(std::uint32_t index);
  void drop_expired_unpulled(CentralQueue& central);
  void detach_central(Replica& replica);
  VisitQueue& source_queue(Replica& replica);
  void serve_waiting(Device& device);
  bool is_late(const Replica& replica, const Visit& visit) const;
  SimTime batch_deadline(const Visit& visit) const;
  bool drop_head_if_late(Replica& replica, VisitQueue& queue);
  void drop_visit(Replica& replica, const Visit& visit, FailReason why);
  void start_batch(Replica& replica, VisitQueue& queue, std::uint32_t size, std::uint32_t charge = 0);
  void on_batch_done(ReplicaId id, std::uint32_t slot);
  void on_batcher_wake(ReplicaId id, std::uint32_t generation);
  void on_shared_batch_done(DeviceId id, std::uint32_t generation);
  void schedule_shared_completion(DeviceId id);
  void schedule_wake(Replica& replica, SimTime at);
  void mark_busy_change(Replica& replica, int delta);
  Duration batch_duration(Replica& replica, std::uint32_t size);
  double interference_factor(const Replica& replica) const;
  void advance_credits(const Replica& replica);
  void on_replica_ready(ReplicaId id);
  void release_if_drained(Replica& replica);
  void leave_device(Replica& replica);

  FrontEnd& front_;
  CloudInstances& cloud_;
  OfflineWork& offline_;
  IdPages<Device> devices_;
  std::vector<DeviceRecord> device_records_;
  IdPages<Replica> replicas_;  // null once unloaded and freed
  std::vector<ReplicaRecord> replica_records_;
  std::vector<ReplicaId> retired_;  // unloaded, to be freed after the event
  std::uint64_t acceptance_epoch_ = 0;
  CentralQueues central_queues_;
  StageDeadlines stage_deadlines_;  // set_stage_budget's, for batch formation
  // Per device kind: the devices' busy levels (DeviceExecution::busy_level),
  // and the model memory resident on devices, loading or serving, in GB of
  // 1000 MB (as INFaaS' cost per GB-second, policies/infaas/variant_profile.hpp).
  std::array<LevelIntegral, kDeviceKindCount> busy_{};
  std::array<LevelIntegral, kDeviceKindCount> resident_gb_{};
  // Dollars per hour of the fixed-cluster devices that host at least one
  // replica (loading, serving or draining): CostLedger::hosted.
  LevelIntegral hosted_;
};

}  // namespace servesim
