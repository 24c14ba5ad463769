#pragma once
// Model families and their variants. A family is what an application stage asks
// for ("resnet"); a variant is one concrete model of it ("resnet50-trt-b8") with
// its accuracy, memory, load latency, maximum batch and latency profiles.
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "sim/serving/latency_profile.hpp"

namespace servesim {

using FamilyId = std::uint32_t;
using VariantId = std::uint32_t;

struct ModelVariant {
  std::string name;
  FamilyId family = 0;
  double accuracy_raw = 0;  // as published (e.g. top-1 %)
  double accuracy = 1;      // normalized to the family's best variant (1 = best)
  double memory_mb = 0;
  Duration load_latency;
  std::uint32_t max_batch = 1;
  // Keyed by device type name; a variant not profiled on a type cannot run there.
  std::map<std::string, LatencyProfile, std::less<>> latency;

  const LatencyProfile* profile_on(std::string_view device_type) const;
};

struct ModelFamily {
  std::string name;
  std::vector<VariantId> variants;
};

class ModelCatalog {
 public:
  FamilyId add_family(std::string name);
  // Adds a variant to its family; call normalize_accuracy() once all are in.
  VariantId add_variant(ModelVariant variant);
  void normalize_accuracy();

  const ModelFamily& family(FamilyId id) const { return families_.at(id); }
  const ModelVariant& variant(VariantId id) const { return variants_.at(id); }
  const std::vector<ModelFamily>& families() const { return families_; }
  const std::vector<ModelVariant>& variants() const { return variants_; }
  std::optional<FamilyId> find_family(std::string_view name) const;
  std::optional<VariantId> find_variant(std::string_view name) const;
  // The family's most accurate variant, the lowest id on ties (normalized
  // accuracy 1: it meets every accuracy floor).
  VariantId most_accurate(FamilyId family) const;
  // The lowest batch-1 latency of the family's variants (those at or above
  // `min_accuracy`, normalized) on the named device types; nothing when none
  // is profiled there.
  std::optional<Duration> fastest_latency(FamilyId family, const std::set<std::string>& device_types,
                                          double min_accuracy = 0) const;

 private:
  std::vector<ModelFamily> families_;
  std::vector<ModelVariant> variants_;
};

}  // namespace servesim
