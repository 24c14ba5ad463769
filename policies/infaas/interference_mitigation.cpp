#include "policies/infaas/interference_mitigation.hpp"

namespace servesim::infaas {

std::optional<Migration> plan_migration(const MetadataStore& store, const ClusterView& view, std::uint32_t instance) {
  const VariantInstance& vi = store.instance(instance);
  ReplicaId from = kNoReplica;
  for (ReplicaId r : vi.replicas) {
    for (ReplicaId other : view.occupancy(view.replica(r).device).replicas) {
      if (other != r && (!store.knows(other) || store.replica(other).instance != instance)) from = r;
    }
    if (from != kNoReplica) break;
  }
  if (from == kNoReplica) return std::nullopt;
  if (const auto d = device_on(view, store, vi.worker, vi.profile, /*idle_only=*/true)) {
    return Migration{from, Slot{vi.worker, *d}};
  }
  if (const auto slot = lowest_utilisation(view, store, vi.profile, vi.worker)) return Migration{from, *slot};
  return std::nullopt;
}

}  // namespace servesim::infaas
