#pragma once
// A policy's own list of the variants it may use, as the Proteus artifact
// gives each of its baselines one (Proteus public code, run.py and
// core/simulator.py read_variants_from_file; its configs point Clipper-HA at
// traces/model_variants_proteus_noscaling, one variant per family, and
// Clipper-HT at traces/model_variants_clipper_lowacc). Scenario params (any
// flavor of proteus_policy.hpp):
//
//   "allowed_variants": "${PROTEUS_ARTIFACT}/traces/model_variants_proteus_noscaling"
//   "allowed_variants": ["resnet152_v1", "densenet201"]
//
// A folder holds one file per family of "name,accuracy_percent" lines (the
// artifact's format; only the names count: accuracy is the catalog's); a
// list names the variants. Every name must be a variant of the catalog.
// Applications whose family has none of them are left without options, an
// error at start (variant_options.hpp).
#include <filesystem>
#include <vector>

#include "sim/core/json_node.hpp"
#include "sim/serving/model_catalog.hpp"

namespace servesim::proteus {

// `base` resolves a relative folder. Throws InputError naming the field, or
// the file and line of a name the catalog does not have.
std::vector<VariantId> parse_allowed_variants(const JsonNode& node, const ModelCatalog& models,
                                              const std::filesystem::path& base);

}  // namespace servesim::proteus
