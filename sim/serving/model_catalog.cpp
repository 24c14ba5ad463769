#include "sim/serving/model_catalog.hpp"

#include <algorithm>

namespace servesim {

const LatencyProfile* ModelVariant::profile_on(std::string_view device_type) const {
  auto it = latency.find(device_type);
  return it == latency.end() ? nullptr : &it->second;
}

FamilyId ModelCatalog::add_family(std::string name) {
  families_.push_back(ModelFamily{std::move(name), {}});
  return static_cast<FamilyId>(families_.size() - 1);
}

VariantId ModelCatalog::add_variant(ModelVariant variant) {
  const auto id = static_cast<VariantId>(variants_.size());
  families_.at(variant.family).variants.push_back(id);
  variants_.push_back(std::move(variant));
  return id;
}

void ModelCatalog::normalize_accuracy() {
  for (const auto& family : families_) {
    double best = 0;
    for (VariantId v : family.variants) best = std::max(best, variants_[v].accuracy_raw);
    for (VariantId v : family.variants) variants_[v].accuracy = best > 0 ? variants_[v].accuracy_raw / best : 1.0;
  }
}

VariantId ModelCatalog::most_accurate(FamilyId family) const {
  const ModelFamily& f = families_.at(family);
  VariantId best = f.variants.at(0);
  for (VariantId v : f.variants) {
    if (variants_[v].accuracy > variants_[best].accuracy) best = v;
  }
  return best;
}

std::optional<FamilyId> ModelCatalog::find_family(std::string_view name) const {
  for (std::size_t i = 0; i < families_.size(); ++i) {
    if (families_[i].name == name) return static_cast<FamilyId>(i);
  }
  return std::nullopt;
}

std::optional<VariantId> ModelCatalog::find_variant(std::string_view name) const {
  for (std::size_t i = 0; i < variants_.size(); ++i) {
    if (variants_[i].name == name) return static_cast<VariantId>(i);
  }
  return std::nullopt;
}

std::optional<Duration> ModelCatalog::fastest_latency(FamilyId family,
                                                     const std::set<std::string>& device_types,
                                                     double min_accuracy) const {
  std::optional<Duration> best;
  for (VariantId v : families_.at(family).variants) {
    if (variants_[v].accuracy < min_accuracy) continue;
    for (const auto& type : device_types) {
      const LatencyProfile* profile = variants_[v].profile_on(type);
      if (profile && (!best || profile->at(1) < *best)) best = profile->at(1);
    }
  }
  return best;
}

}  // namespace servesim
