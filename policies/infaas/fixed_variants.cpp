#include "policies/infaas/fixed_variants.hpp"

#include "sim/core/input_error.hpp"

namespace servesim::infaas {

bool FixedVariants::fix(FamilyId family, VariantId variant) {
  if (by_family_.size() <= family) by_family_.resize(family + 1);
  if (by_family_[family]) return false;
  by_family_[family] = variant;
  ++count_;
  return true;
}

namespace {

VariantId known_variant(const JsonNode& node, const ModelCatalog& models) {
  const auto v = models.find_variant(node.string());
  if (!v) node.fail("unknown model variant \"" + node.string() + "\"");
  return *v;
}

void fix_or_fail(FixedVariants& fixed, const JsonNode& node, FamilyId family, VariantId variant,
                 const ModelCatalog& models) {
  if (!fixed.fix(family, variant)) {
    node.fail("family \"" + models.family(family).name + "\" is fixed twice (\"fixed_variant\" and \"fixed_variants\")");
  }
}

}  // namespace

FixedVariants parse_fixed_variants(const JsonNode& params, const PolicyWorld& world, bool baseline) {
  const ModelCatalog& models = *world.models;
  FixedVariants fixed;
  if (params.has("fixed_variants")) {
    const JsonNode map = params.at("fixed_variants");
    if (!map.raw().is_object() || map.raw().empty()) map.fail("expected an object of family -> model variant");
    for (const std::string& name : map.keys()) {
      const JsonNode variant = map.at(name);
      const auto family = models.find_family(name);
      if (!family) variant.fail("unknown model family \"" + name + "\"");
      const VariantId v = known_variant(variant, models);
      if (models.variant(v).family != *family) {
        variant.fail("variant \"" + variant.string() + "\" is not of family \"" + name + "\"");
      }
      fix_or_fail(fixed, variant, *family, v, models);
    }
  }
  if (params.has("fixed_variant")) {
    const JsonNode variant = params.at("fixed_variant");
    if (!baseline) variant.fail("only the baselines (\"mode\": \"clipper+\" or \"sm+\") take a fixed variant");
    const VariantId v = known_variant(variant, models);
    fix_or_fail(fixed, variant, models.variant(v).family, v, models);
  }
  if (!baseline) return fixed;
  if (!fixed.any()) params.fail("the baselines (\"mode\": \"clipper+\" or \"sm+\") need \"fixed_variant\" or \"fixed_variants\"");
  for (const Application& app : world.applications) {
    for (const Stage& stage : app.pipeline.stages()) {
      if (!fixed.of(stage.family)) {
        params.fail("application \"" + app.name + "\" uses family \"" + models.family(stage.family).name +
                    "\", which has no fixed variant (give it in \"fixed_variants\")");
      }
    }
  }
  return fixed;
}

void check_preload(const FixedVariants& fixed, VariantId variant, const ModelCatalog& models, const std::string& where) {
  if (!fixed.allows(models.variant(variant).family, variant) || !fixed.of(models.variant(variant).family)) {
    throw InputError(where, "the baselines preload only their fixed variants");
  }
}

}  // namespace servesim::infaas
