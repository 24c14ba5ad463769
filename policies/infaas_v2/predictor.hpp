#pragma once
// One of the artifact's "predictors": a replica of one variant on one device,
// with the batch size INFaaS' scaler sets for it (Proteus public code,
// core/predictor.py: infaas_batch_size, starting at the largest allowed).
#include <array>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "policies/infaas_v2/infaas_v2_params.hpp"
#include "sim/serving/cluster_view.hpp"

namespace servesim::infaas_v2 {

struct Predictor {
  ReplicaId replica = 0;
  VariantId variant = 0;
  std::size_t kind = 0;  // accelerator kind (Params::device_types)
  DeviceId device = 0;
  std::uint32_t batch = 0;    // its INFaaS batch size; 0: cannot serve in time
  std::uint32_t largest = 0;  // the largest allowed batch under half the SLO
};

// Free devices per accelerator kind (the artifact's available_predictors).
using Available = std::array<int, kAccKinds>;

// What one scaling pass decided for a family: predictors to remove (indices
// into the family's list at the time of the pass) and to add (kind, variant).
// Batch-size changes are made on the predictors in place, as the artifact
// makes them at once (and keeps them even when it drops its plan).
struct ScalingPlan {
  std::vector<std::size_t> remove;
  std::vector<std::pair<std::size_t, VariantId>> add;
  enum class Action : std::uint8_t { kNone, kUpgrade, kReplicate } action = Action::kNone;
};

// The inputs both scalers read for one family.
struct FamilyLoad {
  std::span<const std::uint64_t> queued;  // per predictor, the artifact's len(request_dict)
  double incoming = 0;                    // the last second's arrivals
  Available available{};
};

}  // namespace servesim::infaas_v2
