#include "policies/infaas/worker_placement.hpp"

#include <algorithm>

namespace servesim::infaas {

namespace {

// From the store's record when it has one (every replica on a live worker's
// device is ours): the view builds a whole ReplicaInfo, latency percentiles
// included, on every call, and fits() runs for each device on every rebuild
// of the selector.
VariantId variant_of(ReplicaId r, const ClusterView& view, const MetadataStore& store) {
  return store.knows(r) ? store.replica(r).variant : view.replica(r).variant;
}

// The device's share of constraint 3 that does not depend on the variant:
// a CPU slot, a free NeuronCore; a GPU is shared.
bool has_room(const Worker& worker, const DeviceOccupancy& info, DeviceKind kind) {
  if (worker.leaving) return false;
  switch (kind) {
    case DeviceKind::kCpu:
      return info.replicas.size() < worker.cpu_slots;
    case DeviceKind::kGpu:
      return true;
    case DeviceKind::kInferentia:
      return info.replicas.empty();
    case DeviceKind::kLambda:
      return false;
  }
  return false;
}

// fits() on a device already looked up.
bool fits_device(const ClusterView& view, const MetadataStore& store, const Worker& worker, const DeviceOccupancy& info,
                 std::uint32_t profile) {
  const VariantProfile& p = store.profile(profile);
  if (info.type != p.device_type || info.memory_free_mb < p.memory_mb) return false;
  if (!has_room(worker, info, p.kind)) return false;
  if (p.kind == DeviceKind::kGpu) {
    std::uint32_t same = 0;
    for (ReplicaId r : info.replicas) {
      if (variant_of(r, view, store) == p.variant && ++same >= store.gpu_replicas_per_variant()) return false;
    }
  }
  return true;
}

}  // namespace

void open_workers(const ClusterView& view, const MetadataStore& store, DeviceTypeId type,
                  std::vector<MetadataStore::WorkerRef>& out) {
  out.clear();
  const DeviceKind kind = view.hardware().type(type).kind;
  for (const MetadataStore::WorkerRef& ref : store.workers_offering(type)) {
    const Worker& worker = *ref.second;
    if (worker.phase != WorkerPhase::kRunning) continue;
    for (std::size_t k = 0; k < worker.devices.size(); ++k) {
      if (worker.device_types[k] == type && has_room(worker, view.occupancy(worker.devices[k]), kind)) {
        out.push_back(ref);
        break;
      }
    }
  }
}

bool fits(const ClusterView& view, const MetadataStore& store, std::uint32_t worker, DeviceId device,
          std::uint32_t profile) {
  return fits_device(view, store, store.worker(worker), view.occupancy(device), profile);
}

std::optional<DeviceId> device_on(const ClusterView& view, const MetadataStore& store, std::uint32_t worker,
                                  std::uint32_t profile, bool idle_only) {
  const Worker& w = store.worker(worker);
  const DeviceTypeId type = store.profile(profile).device_type;
  std::optional<DeviceId> best;
  double best_free = 0;
  for (std::size_t k = 0; k < w.devices.size(); ++k) {
    if (w.device_types[k] != type) continue;  // as fits() would find, without looking
    const DeviceId d = w.devices[k];
    const DeviceOccupancy info = view.occupancy(d);
    if (!fits_device(view, store, w, info, profile)) continue;
    if (idle_only && !info.replicas.empty()) continue;
    if (!best || info.memory_free_mb < best_free) {
      best = d;
      best_free = info.memory_free_mb;
    }
  }
  return best;
}

std::int64_t placeable(const ClusterView& view, const MetadataStore& store, std::uint32_t profile) {
  const VariantProfile& p = store.profile(profile);
  std::int64_t total = 0;
  for (const auto& [w, worker] : store.workers_offering(p.device_type)) {
    if (worker->phase != WorkerPhase::kRunning) continue;
    for (std::size_t k = 0; k < worker->devices.size(); ++k) {
      // The type first, from the worker's record; then the device's
      // occupancy, not a DeviceInfo: a copy of its replica list for every
      // device on every call was the policy's hot spot (profiled on the
      // Proteus artifact's 40 devices, and per-stage INFaaS' pipeline day).
      if (worker->device_types[k] != p.device_type) continue;
      const DeviceOccupancy info = view.occupancy(worker->devices[k]);
      if (!fits_device(view, store, *worker, info, profile)) continue;
      if (p.kind != DeviceKind::kCpu) {
        ++total;  // one replica of a variant per GPU, one per NeuronCore
        continue;
      }
      const auto by_memory = p.memory_mb > 0 ? static_cast<std::int64_t>(info.memory_free_mb / p.memory_mb) : 1;
      total += std::min<std::int64_t>(by_memory, worker->cpu_slots - static_cast<std::int64_t>(info.replicas.size()));
    }
  }
  return total;
}

std::optional<Slot> lowest_utilisation(const ClusterView& view, const MetadataStore& store, std::uint32_t profile,
                                       std::optional<std::uint32_t> exclude) {
  std::optional<Slot> best;
  double best_util = 0;
  for (const auto& [w, worker] : store.workers_offering(store.profile(profile).device_type)) {
    if (worker->phase != WorkerPhase::kRunning || w == exclude) continue;
    if (best && worker->utilisation >= best_util) continue;
    if (const auto d = device_on(view, store, w, profile)) {
      best = Slot{w, *d};
      best_util = worker->utilisation;
    }
  }
  return best;
}

std::optional<Slot> best_fit(const ClusterView& view, const MetadataStore& store, std::uint32_t profile,
                             std::optional<std::uint32_t> prefer) {
  if (prefer && store.worker(*prefer).phase != WorkerPhase::kGone) {
    if (const auto d = device_on(view, store, *prefer, profile)) return Slot{*prefer, *d};
  }
  for (const WorkerPhase phase : {WorkerPhase::kRunning, WorkerPhase::kBooting}) {
    std::optional<Slot> best;
    double best_free = 0;
    for (const auto& [w, worker] : store.workers_offering(store.profile(profile).device_type)) {
      if (worker->phase != phase) continue;
      const auto d = device_on(view, store, w, profile);
      if (!d) continue;
      const double free = view.occupancy(*d).memory_free_mb;
      if (!best || free < best_free) {
        best = Slot{w, *d};
        best_free = free;
      }
    }
    if (best) return best;
  }
  return std::nullopt;
}

}  // namespace servesim::infaas
