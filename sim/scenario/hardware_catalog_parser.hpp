#pragma once
// Reader of hardware catalogs:
//   {"device_types": [{"name": "v100", "kind": "gpu", "memory_mb": 16384,
//     "price_per_hour": 0, "source": "..."}]}
#include "sim/cluster/hardware_catalog.hpp"
#include "sim/core/json_node.hpp"

namespace servesim {

void parse_hardware_catalog(const JsonNode& node, HardwareCatalog& into);

}  // namespace servesim
