#pragma once
// One InferLine plan of a pipeline (SoCC'20, section 4): per stage, the
// hardware it runs on, the batch size b of its greedy batcher and its replica
// count k, and the latency table T(1..b) those imply (section 4.1's profile),
// read from the model catalog.
#include <cstdint>
#include <vector>

#include "sim/cluster/hardware_catalog.hpp"
#include "sim/core/time.hpp"
#include "sim/serving/model_catalog.hpp"
#include "sim/serving/pipeline.hpp"

namespace servesim::inferline {

struct StageConfig {
  VariantId variant = 0;          // the stage's model (a variant of the stage's family)
  DeviceTypeId device_type = 0;   // its hardware
  std::uint32_t batch = 1;        // b: the largest batch a replica takes from the stage's queue
  std::uint32_t replicas = 1;     // k
};

// Indexed by StageId.
using PipelineConfig = std::vector<StageConfig>;

// What the estimator needs of one stage: T(b) for b = 1..batch (entry 0
// unused), deterministic, and the replica count.
struct StageService {
  std::vector<Duration> latency;
  std::uint32_t replicas = 1;

  std::uint32_t batch() const { return static_cast<std::uint32_t>(latency.size() - 1); }
};

// T(1..b) of each stage from the catalog's profile of its variant on its
// device type (the profile's interpolation rule, as the engine's replicas
// use it). Throws std::invalid_argument naming the stage when the config has
// the wrong length, a variant of another family, a device type the variant is
// not profiled on, a batch of 0 or above the profile's maximum, or no replica.
std::vector<StageService> stage_services(const Pipeline& pipeline, const PipelineConfig& config,
                                         const ModelCatalog& models, const HardwareCatalog& hardware);

}  // namespace servesim::inferline
