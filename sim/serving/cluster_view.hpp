#pragma once
// What a policy may see of the cluster: what a real monitor would report, never
// engine internals. Replica ids are never reused within a run.
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "sim/cluster/hardware_catalog.hpp"
#include "sim/serving/application.hpp"
#include "sim/serving/model_catalog.hpp"
#include "sim/serving/replica.hpp"

namespace servesim {

struct DeviceInfo {
  DeviceTypeId type = 0;
  double memory_free_mb = 0;
  std::vector<ReplicaId> replicas;  // live ones (not unloaded)
};

struct ReplicaInfo {
  VariantId variant = 0;
  DeviceId device = 0;
  ReplicaState state = ReplicaState::kLoading;
  std::uint64_t queue_length = 0;
  std::uint32_t running_batches = 0;
  std::uint32_t concurrency = 1;
  std::uint32_t max_batch = 1;
  double served_per_second = 0;  // over the monitor's recent window
  double utilisation = 0;        // busy fraction since the replica was loaded
};

class ClusterView {
 public:
  virtual ~ClusterView() = default;
  virtual SimTime now() const = 0;
  virtual const ModelCatalog& models() const = 0;
  virtual const HardwareCatalog& hardware() const = 0;
  virtual std::span<const Application> applications() const = 0;
  virtual std::size_t device_count() const = 0;
  virtual DeviceInfo device(DeviceId id) const = 0;
  virtual std::size_t replica_count() const = 0;
  virtual ReplicaInfo replica(ReplicaId id) const = 0;
  // Queued plus executing visits of a replica: cheap, for per-query routing.
  virtual std::uint64_t outstanding(ReplicaId id) const = 0;
  // Arrivals per second at an application's stage over the recent window.
  virtual double arrival_rate(AppId app, StageId stage) const = 0;
};

}  // namespace servesim
