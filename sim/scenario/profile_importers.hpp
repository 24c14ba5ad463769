#pragma once
// Importers of measured latency profiles, so that users can bring their own
// measurements instead of writing a model catalog by hand. In a scenario's
// "catalogs.models" list, an entry may be an import (docs/catalogs.md):
//
//   {"import": "proteus_csv",
//    "file": "${PROTEUS_ARTIFACT}/profiling/aggregate_profiled.csv",
//    "variants_dir": "${PROTEUS_ARTIFACT}/traces/model_variants",
//    "device_map": {"onnxruntime_cpu": "cpu", "onnxruntime_gpu_pascal": "gtx1080ti",
//                   "onnxruntime_gpu_ampere": "a100"},
//    "families": ["resnet", "bert"],   // optional: default every file of variants_dir
//    "latency_column": "p50",          // optional: p50 (default) | p90 | avg | min | max
//    "duplicate_rows": "error",        // optional: error (default) | first | mean
//    "max_batch": 16, "memory_mb": 0, "load_latency_ms": 0,   // optional, per variant
//    "prefix": "", "source": "..."}    // optional
//
//   {"import": "infaas", "file": "profiles.csv",
//    "device_map": {"GPU": "v100"},    // optional: values of the "hardware" column -> device types
//    "latency_fit": "linear",          // optional: linear (default, INFaaS' rule) | interpolate
//    "prefix": "", "source": "..."}
//
// Paths may use ${VARS} and are relative to the folder of the file the entry
// is in. A device_map value is a device type, a list of them (one measured
// profile for several device types) or null (skip that accelerator's rows);
// an accelerator missing from the map is an error, so that nothing is dropped
// silently. Errors in an imported file name the file and line.
#include <filesystem>

#include "sim/cluster/hardware_catalog.hpp"
#include "sim/core/json_node.hpp"
#include "sim/serving/model_catalog.hpp"

namespace servesim {

// Whether a catalogs.models entry is an import rather than a catalog.
bool is_profile_import(const JsonNode& entry);

// Adds the imported families and variants to `into` and normalizes accuracy.
// `base` is the folder relative paths are resolved against.
void import_model_profiles(const JsonNode& entry, const std::filesystem::path& base, const HardwareCatalog& hardware,
                           ModelCatalog& into);

}  // namespace servesim
