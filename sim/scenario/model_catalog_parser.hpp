#pragma once
// Reader of model catalogs:
//   {"families": [{"name": "resnet", "source": "...", "variants": [
//     {"name": "resnet50", "accuracy": 76.1, "memory_mb": 98, "load_latency_ms": 800,
//      "max_batch": 32, "latency_fit": "interpolate"|"linear",
//      "latency_ms": {"cpu": [[1, 45.0], [4, 150.0]], "v100": [[1, 5.1], [8, 9.0]]},
//      "source": "...",
//      "provenance": {"accuracy": "measured: ...", "latency": "derived: ...",
//                     "memory": "...", "load_latency": "...", "max_batch": "..."}}]}]}
// Accuracy is as published (any unit); the catalog normalizes it to the
// family's best. Latency points are [batch, milliseconds], batch 1 required
// unless "latency_fit" is "linear" (see sim/serving/latency_profile.hpp).
// "provenance" (optional, every key optional, non-empty free text) says per
// number whether it was measured (and where) or derived (and by which rule);
// the project's own catalogs must give it (tests/unit/catalogs). Besides the
// hardware catalog's device types, a profile may be keyed "lambda": the
// latency of one query on AWS Lambda at a reference memory size.
// Importers of measured profiles (Proteus CSV, INFaaS) are in profile_importers.hpp.
#include "sim/cluster/hardware_catalog.hpp"
#include "sim/core/json_node.hpp"
#include "sim/serving/model_catalog.hpp"

namespace servesim {

// Device types named by latency profiles must exist in `hardware`.
void parse_model_catalog(const JsonNode& node, const HardwareCatalog& hardware, ModelCatalog& into);

}  // namespace servesim
