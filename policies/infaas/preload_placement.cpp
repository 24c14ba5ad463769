#include "policies/infaas/preload_placement.hpp"

namespace servesim::infaas {

std::optional<Slot> roomiest_fit(const ClusterView& view, const MetadataStore& store, std::uint32_t profile) {
  for (const WorkerPhase phase : {WorkerPhase::kRunning, WorkerPhase::kBooting}) {
    std::optional<Slot> best;
    double best_free = 0;
    for (const auto& [w, worker] : store.workers()) {
      if (worker.phase != phase) continue;
      for (DeviceId d : worker.devices) {
        if (!fits(view, store, w, d, profile)) continue;
        const double free = view.occupancy(d).memory_free_mb;
        if (!best || free > best_free) {
          best = Slot{w, d};
          best_free = free;
        }
      }
    }
    if (best) return best;
  }
  return std::nullopt;
}

std::optional<Slot> preload_slot(PreloadPlacement placement, const ClusterView& view, const MetadataStore& store,
                                 std::uint32_t profile) {
  return placement == PreloadPlacement::kSpread ? roomiest_fit(view, store, profile) : best_fit(view, store, profile);
}

}  // namespace servesim::infaas
