#pragma once
// Reader of hardware catalogs (docs/hardware.md has the full format):
//   {"device_types": [{"name": "v100", "kind": "gpu", "memory_mb": 16384,
//       "price_per_hour": 3.06, "interference": {"threshold": 0.5, "slope": 0.5,
//       "smaller_model_weight": 2}, "source": "..."}],
//    "instance_types": [{"name": "p3.2xlarge", "family": "p3", "vcpus": 8,
//       "memory_mb": 62464, "devices": [{"type": "v100", "count": 1}],
//       "price_per_hour": 3.06, "boot_latency_s": 90,
//       "billing": {"kind": "per_second", "minimum_s": 60},
//       "burstable": {...}, "source": "..."}],
//    "lambda": {"price_per_gb_second": ..., "granularity_ms": 1, ...}}
// Every key is optional at the top level. Several catalogs merge into one:
// names stay unique, an instance type may name device types of this or an
// earlier catalog, and only one catalog may give the Lambda settings.
#include "sim/cluster/hardware_catalog.hpp"
#include "sim/core/json_node.hpp"

namespace servesim {

void parse_hardware_catalog(const JsonNode& node, HardwareCatalog& into);

}  // namespace servesim
