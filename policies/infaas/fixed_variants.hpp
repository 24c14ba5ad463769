#pragma once
// Which model-variant the infaas policy may serve for each model family, when
// a variant is fixed instead of chosen (INFaaS section 6, Table 5: the
// baselines' "Variant selection: Static").
//
//   "fixed_variant": "resnet50-tf-cpu"
//       the one variant of its family (Figure 6: one application);
//   "fixed_variants": {"densenet121": "densenet121-tensorrt-b8",
//                      "alexnet": "alexnet-tensorflow-cpu", ...}
//       family name -> variant of that family (Figure 5: "Baselines statically
//       selected GPU variants for popular models, and CPU variants for the
//       rest"). Both keys may be given; a family fixed twice is an error.
//
// In the baselines ("mode": "clipper+" or "sm+") one of the two is required
// and every family an application's pipeline uses must be fixed. In the other
// modes ("infaas", "infaas-accuracy") "fixed_variant" stays an error (a
// baseline-only key), while "fixed_variants" names the variant an
// application's queries ask for explicitly (section 3.1: a query may name a
// model-variant instead of requirements; INFaaS then only picks the worker,
// and still scales the variant horizontally and mitigates its interference --
// section 6.3's two TensorRT batch-1 variants); families not listed stay
// model-less.
//
// Integration (policies/infaas/infaas_params.* and infaas_policy.cpp):
//   InfaasParams: `FixedVariants fixed;` replaces `fixed_variant`;
//   parse_infaas_params: "fixed_variants" among the allowed keys; after
//     `const bool baseline = ...` (clipper+ or sm+), in place of the
//     "fixed_variant" block and its preload check:
//       p.fixed = parse_fixed_variants(params, world, baseline);
//       if (baseline) for (const Preload& pre : p.preload) check_preload(p.fixed, pre.variant, *world.models, pre.where);
//   build_profiles: `if (!params.fixed.allows(f, v)) continue;` in place of
//     the fixed_variant test; the constructor's error message tests
//     params_.fixed.any().
#include <optional>
#include <string>
#include <vector>

#include "sim/core/json_node.hpp"
#include "sim/serving/model_catalog.hpp"
#include "sim/serving/simulation_config.hpp"

namespace servesim::infaas {

class FixedVariants {
 public:
  // Whether any family has a fixed variant.
  bool any() const { return count_ > 0; }
  // The fixed variant of a family, if it has one.
  std::optional<VariantId> of(FamilyId family) const {
    return family < by_family_.size() ? by_family_[family] : std::nullopt;
  }
  // Whether `variant` (of `family`) may serve: the family is not fixed, or
  // this is its fixed variant.
  bool allows(FamilyId family, VariantId variant) const {
    const auto fixed = of(family);
    return !fixed || *fixed == variant;
  }
  // Fixes `family` to `variant`; false if the family is already fixed.
  bool fix(FamilyId family, VariantId variant);

 private:
  std::vector<std::optional<VariantId>> by_family_;
  std::size_t count_ = 0;
};

// Reads "fixed_variant" and "fixed_variants" of the policy's params (see
// above). `baseline`: the mode is "clipper+" or "sm+". Throws InputError
// naming the JSON path of a bad value, or the params when a baseline leaves a
// family some application uses without a fixed variant.
FixedVariants parse_fixed_variants(const JsonNode& params, const PolicyWorld& world, bool baseline);

// A baseline pre-loads only fixed variants: throws InputError(where, ...)
// unless `variant` is its family's fixed variant.
void check_preload(const FixedVariants& fixed, VariantId variant, const ModelCatalog& models, const std::string& where);

}  // namespace servesim::infaas
