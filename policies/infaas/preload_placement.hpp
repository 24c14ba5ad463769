#pragma once
// Where the infaas policy puts the replicas "preload" asks for at start.
//
//   "preload_placement": "pack"    (default) INFaaS' online bin packing, the
//                                  model autoscaler's rule (best_fit: the
//                                  device with the least free memory that fits);
//   "preload_placement": "spread"  the device with the most free memory that
//                                  fits (lowest worker on ties), as the static
//                                  policy places replicas: one model per GPU
//                                  while there are GPUs to spare -- section
//                                  6.3's "Clipper+ with one model persisted on
//                                  each GPU", and Clipper+'s developer-set
//                                  instances in section 6.1.
//
// The key is declared in infaas_params.cpp's table; InfaasPolicy::start places
// each preloaded replica with preload_slot.
#include <cstdint>
#include <optional>

#include "policies/infaas/metadata_store.hpp"
#include "policies/infaas/worker_placement.hpp"
#include "sim/serving/cluster_view.hpp"

namespace servesim::infaas {

enum class PreloadPlacement : std::uint8_t { kPack, kSpread };

// The device with the most free memory that fits one more replica of
// `profile`, running workers before booting ones, lowest worker on ties.
std::optional<Slot> roomiest_fit(const ClusterView& view, const MetadataStore& store, std::uint32_t profile);

// best_fit for kPack, roomiest_fit for kSpread.
std::optional<Slot> preload_slot(PreloadPlacement placement, const ClusterView& view, const MetadataStore& store,
                                 std::uint32_t profile);

}  // namespace servesim::infaas
