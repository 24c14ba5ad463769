// The replica runtime's replicas coming and going: loading (at once at the
// start, after the model's load latency otherwise, after the boot on a
// booting instance), draining on unload, leaving the device, eviction with
// a lost instance, and a new batcher.
#include <algorithm>
#include <string>

#include "sim/core/input_error.hpp"
#include "sim/serving/cloud_instances.hpp"
#include "sim/serving/front_end.hpp"
#include "sim/serving/offline_work.hpp"
#include "sim/serving/replica_runtime.hpp"

namespace servesim {
namespace {

// kFillDevice: a batch on each core of a CPU (a CPU profile is one batch on
// one core), one at a time on an accelerator.
std::uint32_t concurrency_on(const DeviceType& type, std::uint32_t asked) {
  if (asked != kFillDevice) return asked;
  return type.kind == DeviceKind::kCpu ? std::max(1u, type.cores) : 1u;
}

}  // namespace

LoadResult ReplicaRuntime::load_replica(const ReplicaRequest& request) {
  if (request.device >= devices_.size()) return {std::nullopt, "no device " + std::to_string(request.device)};
  if (!devices_.get(request.device)) return {std::nullopt, "device " + std::to_string(request.device) + " is gone"};
  if (request.variant >= config().models->variants().size()) return {std::nullopt, "no such variant"};
  Device& device = device_at(request.device);
  const Instance* host = device.instance ? &cloud_.instance_at(*device.instance) : nullptr;
  if (host && host->state != InstanceState::kBooting && host->state != InstanceState::kRunning) {
    return {std::nullopt, "instance " + std::to_string(*device.instance) + " is going away"};
  }
  const ModelVariant& variant = config().models->variant(request.variant);
  const DeviceType& type = config().hardware->type(device.type);
  const LatencyProfile* profile = variant.profile_on(type.name);
  if (profile == nullptr) return {std::nullopt, variant.name + " has no latency profile on " + type.name};
  if (variant.memory_mb > device.memory_free_mb) {
    return {std::nullopt, variant.name + " needs " + std::to_string(variant.memory_mb) + " MB, device " +
                              std::to_string(request.device) + " has " + std::to_string(device.memory_free_mb) +
                              " MB free"};
  }
  std::vector<Duration> table = profile->table(variant.max_batch);
  const ReplicaId id = replicas_.size();
  auto made = std::make_unique<Replica>(id, request.variant, request.device, std::move(table),
                                        make_batcher(request.batcher), concurrency_on(type, request.concurrency),
                                        RandomStream(config().seed, "replica/" + std::to_string(id)));
  Replica& replica = *made;
  replicas_.add(std::move(made));
  replica_records_.push_back(ReplicaRecord{request.variant, device.type});
  replica.cap_batch(request.batcher.max_batch);
  replica.busy_since = now();
  replica.loaded_at = now();
  device.memory_free_mb -= variant.memory_mb;
  resident_gb_[static_cast<std::size_t>(device.kind)].change(now(), variant.memory_mb / 1000.0);
  if (!device.instance && device.replicas.empty()) hosted_.change(now(), config().fixed_price_per_hour(device.type));
  device.replicas.push_back(id);
  ctx_.actions.count(ControlAction::kLoadReplica);
  if (host && host->state == InstanceState::kBooting) return {id, ""};  // loads once it runs
  if (ctx_.starting) {
    replica.state = ReplicaState::kActive;
  } else {
    schedule_after(variant.load_latency, kReplicaReady, id);
  }
  return {id, ""};
}

void ReplicaRuntime::on_replica_ready(ReplicaId id) {
  Replica* live = live_replica(id);
  if (!live || live->state != ReplicaState::kLoading) return;  // evicted while loading: a stale event
  Replica& replica = *live;
  replica.state = replica.unload_requested ? ReplicaState::kDraining : ReplicaState::kActive;
  if (replica.state == ReplicaState::kActive) {
    ctx_.call_policy([&](Controller& policy, ClusterControl& control, const ClusterView& view) {
      policy.on_replica_ready(id, control, view);
    });
  }
  try_start_batches(replica);
}

void ReplicaRuntime::unload_replica(ReplicaId id) {
  if (id >= replicas_.size()) throw InvariantError("unload of replica " + std::to_string(id) + ", which never existed");
  const Replica* replica = live_replica(id);
  if (!replica || replica->state == ReplicaState::kUnloaded || replica->unload_requested) return;
  ctx_.actions.count(ControlAction::kUnloadReplica);
  request_unload(id);
}

void ReplicaRuntime::request_unload(ReplicaId id) {
  Replica& replica = *replicas_.get(id);
  if (replica.state == ReplicaState::kUnloaded || replica.unload_requested) return;
  stop_accepting(replica);
  detach_central(replica);  // what waits there is for the replicas that stay
  // Queries already queued are served first, never lost; a replica still
  // loading drains once its model is in (on_replica_ready).
  if (replica.state == ReplicaState::kLoading) return;
  replica.state = ReplicaState::kDraining;
  try_start_batches(replica);
}

void ReplicaRuntime::release_if_drained(Replica& replica) {
  if (replica.state != ReplicaState::kDraining || replica.running > 0 || !replica.queue.empty() ||
      !replica.offline.empty()) {
    return;
  }
  leave_device(replica);
  const Device& device = device_at(replica.device);
  if (device.instance) cloud_.finish_stop_if_drained(*device.instance);
}

// The replica is unloaded and leaves its device (drained, or evicted with its
// instance): its memory is free again, and a fixed-cluster device it leaves
// empty stops hosting (it hosted from the first load request on it).
void ReplicaRuntime::leave_device(Replica& replica) {
  // Routes cached over accepting replicas (WeightedRoute) learnt that it
  // stopped accepting from stop_accepting, which every way here goes through.
  if (!replica.unload_requested) {
    throw InvariantError("replica " + std::to_string(replica.id) + " left its device without being unloaded");
  }
  replica.state = ReplicaState::kUnloaded;
  Device& device = device_at(replica.device);
  const double memory_mb = config().models->variant(replica.variant).memory_mb;
  device.memory_free_mb += memory_mb;
  resident_gb_[static_cast<std::size_t>(device.kind)].change(now(), -memory_mb / 1000.0);
  std::erase(device.replicas, replica.id);
  if (!device.instance && device.replicas.empty()) {
    hosted_.change(now(), -config().fixed_price_per_hour(device.type));
  }
  // Its storage (queue, batches, monitors) goes once the current event is
  // over: callers up the stack may still hold the reference.
  retired_.push_back(replica.id);
}

void ReplicaRuntime::free_retired() {
  for (ReplicaId id : retired_) replicas_.erase(id);
  retired_.clear();
}

// Running batches are lost, and every visit the replica held is routed again
// or failed; none is lost uncounted. Its offline inputs go back to their jobs.
void ReplicaRuntime::evict_replica(Replica& replica) {
  std::vector<Visit> orphans;
  for (RunningBatch& batch : replica.batches) {
    if (!batch.in_use) continue;
    orphans.insert(orphans.end(), batch.visits.begin(), batch.visits.end());
    offline_.requeue_running(batch.offline);
    batch.offline.clear();
    replica.executing_visits -= batch.visits.size();
    end_batch_on_device(replica, batch, /*completed=*/false);
  }
  if (device_at(replica.device).exec.limits().shared_speed) schedule_shared_completion(replica.device);
  while (!replica.queue.empty()) orphans.push_back(replica.queue.pop());
  detach_central(replica);
  offline_.requeue_queued(replica);
  stop_accepting(replica);
  leave_device(replica);
  for (const Visit& v : orphans) {
    if (config().cloud.on_instance_loss == InstanceLossPolicy::kFail) {
      front_.fail_visit(v.query, FailReason::kInstanceLost);
      continue;
    }
    front_.start_visit(v.query, v.stage, /*again=*/true);  // adds its own outstanding count first
    front_.end_visit(v.query);
  }
}

void ReplicaRuntime::set_batcher(ReplicaId id, const BatcherSpec& spec) {
  if (id >= replicas_.size()) throw InvariantError("batcher set on replica " + std::to_string(id) + ", which never existed");
  Replica* live = live_replica(id);
  if (!live || live->state == ReplicaState::kUnloaded) return;  // gone: nothing to set
  Replica& replica = *live;
  ctx_.actions.count(ControlAction::kSetBatcher);
  replica.batcher = make_batcher(spec);
  replica.cap_batch(spec.max_batch);  // 0 restores the variant's maximum
  ++replica.wake_generation;  // the old batcher's wake-up no longer applies
  replica.wake_at = SimTime::never();
  try_start_batches(replica);
}

}  // namespace servesim
