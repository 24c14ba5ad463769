#pragma once
// Where the artifact's INFaaS sends one query (Proteus public code,
// core/executor.py, enqueue_request, TaskAssignment.INFAAS; the paper's
// Algorithm 1 as the artifact reads it):
//  1. among the family's predictors at least as accurate as the query asks
//     (100: only the best variant), those with room, peak > queued, where
//     peak = floor(batch x 1000 / latency(batch)); the least loaded
//     (queued / peak; the first on ties);
//  2. else a variant of the family not running yet, on the first kind (CPU,
//     GPU, VPU, FPGA order) where its latency at its largest allowed batch
//     (batch 1 if none) is under the deadline, with a free device: a new
//     predictor (the load time is 0 in the artifact);
//  3. else the predictors by closeness to the asked accuracy: the first with
//     room whose latency at its batch (1 if 0) is within the deadline;
//  4. else (switch random_fallback) any predictor of the family, at random.
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "policies/infaas_v2/family_profile.hpp"
#include "policies/infaas_v2/predictor.hpp"
#include "sim/core/random_stream.hpp"

namespace servesim::infaas_v2 {

struct Selection {
  enum class Kind : std::uint8_t { kLeastLoaded, kNewPredictor, kClosestAccuracy, kRandom, kNone };
  Kind kind = Kind::kNone;
  std::size_t index = 0;          // the predictor (all kinds but kNewPredictor, kNone)
  std::size_t new_kind = 0;       // kNewPredictor: accelerator kind
  VariantId new_variant = 0;      // kNewPredictor: variant
};

Selection select_predictor(const std::vector<Predictor>& predictors, std::span<const std::uint64_t> queued,
                           const FamilyProfile& profile, const Available& available, double deadline_ms,
                           const Params& params, RandomStream& rng);

}  // namespace servesim::infaas_v2
