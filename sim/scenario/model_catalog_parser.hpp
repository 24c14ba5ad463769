#pragma once
// Reader of model catalogs:
//   {"families": [{"name": "resnet", "source": "...", "variants": [
//     {"name": "resnet50", "accuracy": 76.1, "memory_mb": 98, "load_latency_ms": 800,
//      "max_batch": 32, "latency_fit": "interpolate"|"linear",
//      "latency_ms": {"cpu": [[1, 45.0], [4, 150.0]], "v100": [[1, 5.1], [8, 9.0]]},
//      "source": "..."}]}]}
// Accuracy is as published (any unit); the catalog normalizes it to the
// family's best. Latency points are [batch, milliseconds], batch 1 required
// unless "latency_fit" is "linear" (see sim/serving/latency_profile.hpp).
#include "sim/cluster/hardware_catalog.hpp"
#include "sim/core/json_node.hpp"
#include "sim/serving/model_catalog.hpp"

namespace servesim {

// Device types named by latency profiles must exist in `hardware`.
void parse_model_catalog(const JsonNode& node, const HardwareCatalog& hardware, ModelCatalog& into);

}  // namespace servesim
