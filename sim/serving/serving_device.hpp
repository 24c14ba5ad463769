#pragma once
// A device as the replica runtime keeps it: its memory, the replicas loaded
// on it, the instance it belongs to (none for the fixed cluster) and its
// execution slots. The cloud adds an instance's devices; the runtime frees
// them with the instance once its bill is final, keeping a DeviceRecord.
#include <optional>
#include <vector>

#include "sim/cluster/hardware_catalog.hpp"
#include "sim/cluster/instance.hpp"
#include "sim/serving/device_execution.hpp"
#include "sim/serving/replica.hpp"

namespace servesim {

struct Device {
  DeviceTypeId type = 0;
  DeviceKind kind = DeviceKind::kCpu;
  double memory_free_mb = 0;
  std::vector<ReplicaId> replicas;
  std::optional<InstanceId> instance;  // empty: a device of the fixed cluster
  bool on_burstable = false;  // its instance earns CPU credits: checked at every batch, so kept here
  DeviceExecution exec;                // its slots, and the replicas waiting for one
};

// What the view still tells of a freed device.
struct DeviceRecord {
  DeviceTypeId type = 0;
  std::optional<InstanceId> instance;
};

}  // namespace servesim
