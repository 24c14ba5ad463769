// What the replica runtime tells the policy's view of devices and replicas,
// the device-time books it settles at each snapshot, and the check of every
// device's capacity books.
#include <algorithm>
#include <string>

#include "sim/core/input_error.hpp"
#include "sim/serving/cloud_instances.hpp"
#include "sim/serving/replica_runtime.hpp"

namespace servesim {

DeviceInfo ReplicaRuntime::device_info(DeviceId id) const {
  const Device* live = devices_.get(id);
  if (!live) {  // its instance stopped and was freed: its occupancy and instance are all that is known
    const DeviceOccupancy empty = occupancy(id);
    return DeviceInfo{empty.type, device_records_[id].instance, false, empty.memory_free_mb, {}};
  }
  const Device& d = *live;
  return DeviceInfo{d.type,
                    d.instance,
                    device_usable(id),
                    d.memory_free_mb,
                    d.replicas,
                    d.exec.limits().slots,
                    d.exec.running(),
                    static_cast<std::uint32_t>(d.exec.waiting())};
}

DeviceOccupancy ReplicaRuntime::occupancy(DeviceId id) const {
  if (id >= devices_.size()) throw InvariantError("no device " + std::to_string(id));
  const Device* live = devices_.get(id);
  if (!live) {  // freed with its instance: every replica left it
    const DeviceTypeId type = device_records_[id].type;
    return DeviceOccupancy{type, config().hardware->type(type).memory_mb, {}};
  }
  return DeviceOccupancy{live->type, live->memory_free_mb, live->replicas};
}

ReplicaInfo ReplicaRuntime::replica_info(ReplicaId id) const {
  if (id >= replicas_.size()) throw InvariantError("no replica " + std::to_string(id));
  ReplicaInfo info;
  info.state = ReplicaState::kUnloaded;
  Replica* live = replicas_.get(id);
  if (!live) return info;  // freed: only its state is known
  Replica& r = *live;
  info.variant = r.variant;
  info.device = r.device;
  info.state = r.state;
  info.queue_length = r.queue.size();
  info.offline_queued = r.offline.size();
  info.running_batches = r.running;
  info.concurrency = static_cast<std::uint32_t>(r.batches.size());
  info.max_batch = r.max_batch();
  info.served_per_second = r.served.per_second(now());
  const double alive = (now() - r.loaded_at).seconds();
  const double busy = r.busy_slot_seconds + r.running * (now() - r.busy_since).seconds();
  info.utilisation = alive > 0 ? busy / (alive * static_cast<double>(r.batches.size())) : 0.0;
  info.observed_latency_mean = r.observed.mean(now());
  return info;
}

ReplicaBacklog ReplicaRuntime::backlog(ReplicaId id) const {
  const Replica* r = live_replica(id);
  if (!r) return {};
  ReplicaBacklog out{r->queue.size(), r->executing_visits, SimTime::never()};
  for (const RunningBatch& batch : r->batches) {
    if (batch.in_use) out.running_since = std::min(out.running_since, batch.started);
  }
  return out;
}

bool ReplicaRuntime::device_usable(DeviceId id) const {
  const Device& d = device_at(id);
  return !d.instance || cloud_.usable(*d.instance);
}

// Flows are settled and restarted; a device of the fixed cluster is owned: it
// costs and counts as capacity for the whole run, idle or not. An instance's
// devices count while it runs.
void ReplicaRuntime::settle_devices(ClusterSnapshot& snapshot, Duration window) {
  for (std::size_t k = 0; k < kDeviceKindCount; ++k) {
    snapshot.busy_seconds[k] = busy_[k].take(now());
    snapshot.memory_gb_seconds[k] = resident_gb_[k].take(now());
  }
  double fixed_per_hour = 0;
  for (DeviceId id = 0; id < devices_.size(); ++id) {
    if (!devices_.get(id)) continue;  // freed with its instance
    const Device& d = device_at(id);
    if (d.instance && !device_usable(id)) continue;
    const auto kind = static_cast<std::size_t>(d.kind);
    ++snapshot.devices[kind];
    snapshot.replicas[kind] += static_cast<std::uint32_t>(d.replicas.size());
    if (!d.instance) fixed_per_hour += config().fixed_price_per_hour(d.type);
  }
  snapshot.ledger.add_fixed(fixed_per_hour * window.seconds() / 3600.0);
  // Integrated at every load and leave, so a replica that came and went
  // within the window counts too.
  snapshot.ledger.add_hosted(hosted_.take(now()) / 3600.0);
  snapshot.cost_per_hour = fixed_per_hour;
}

void ReplicaRuntime::check_device_capacity() const {
  for (DeviceId id = 0; id < devices_.size(); ++id) {
    if (devices_.get(id)) check_device_capacity(id);  // freed ones were checked then
  }
}

void ReplicaRuntime::check_device_capacity(DeviceId id) const {
  if (const auto problem = device_at(id).exec.capacity_problem(now())) {
    throw InvariantError("device capacity: device " + std::to_string(id) + " (" +
                         config().hardware->type(device_at(id).type).name + ") " + *problem);
  }
}

}  // namespace servesim
