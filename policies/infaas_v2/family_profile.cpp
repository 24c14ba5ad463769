#include "policies/infaas_v2/family_profile.hpp"

#include <algorithm>
#include <stdexcept>

namespace servesim::infaas_v2 {
namespace {

// The measured point at exactly this batch: the artifact reads its CSV rows,
// never an interpolation.
double measured_ms(const LatencyProfile* profile, std::uint32_t batch) {
  if (profile == nullptr) return kInf;
  for (const LatencyPoint& p : profile->points()) {
    if (p.batch == batch) return p.latency_ms;
  }
  return kInf;
}

}  // namespace

FamilyProfile::FamilyProfile(const ModelCatalog& models, FamilyId family,
                             const std::array<std::string, kAccKinds>& device_types, double slo_ms)
    : variants_(models.family(family).variants), slo_ms_(slo_ms) {
  double least = kInf;
  best_accuracy_ = 0;
  for (const VariantId v : variants_) {
    const ModelVariant& variant = models.variant(v);
    accuracy_.push_back(variant.accuracy * 100.0);
    best_accuracy_ = std::max(best_accuracy_, accuracy_.back());
    if (accuracy_.back() < least) {
      least = accuracy_.back();
      least_accurate_ = v;
    }
    auto& table = latency_.emplace_back();
    auto& largest = largest_.emplace_back();
    for (std::size_t k = 0; k < kAccKinds; ++k) {
      const LatencyProfile* profile = device_types[k].empty() ? nullptr : variant.profile_on(device_types[k]);
      largest[k] = 0;
      for (std::size_t b = 0; b < kBatchSizes.size(); ++b) {
        table[k][b] = measured_ms(profile, kBatchSizes[b]);
        // Not monotone in general: the largest batch that qualifies, as the artifact's loop takes it.
        if (table[k][b] < slo_ms / 2) largest[k] = kBatchSizes[b];
      }
    }
  }
  for (std::size_t k = 0; k < kAccKinds; ++k) {
    for (const bool profiled : {true, false}) {
      for (std::size_t i = 0; i < variants_.size(); ++i) {
        for (std::size_t b = 0; b < kBatchSizes.size(); ++b) {
          if ((latency_[i][k][b] < kInf) == profiled) upgrade_order_[k].emplace_back(variants_[i], kBatchSizes[b]);
        }
      }
    }
  }
}

std::size_t FamilyProfile::local(VariantId variant) const {
  const auto it = std::find(variants_.begin(), variants_.end(), variant);
  if (it == variants_.end()) throw std::logic_error("infaas-v2: variant outside its family");
  return static_cast<std::size_t>(it - variants_.begin());
}

double FamilyProfile::latency_ms(VariantId variant, std::size_t kind, std::uint32_t batch) const {
  const auto b = std::find(kBatchSizes.begin(), kBatchSizes.end(), batch);
  if (b == kBatchSizes.end()) return kInf;
  return latency_[local(variant)][kind][static_cast<std::size_t>(b - kBatchSizes.begin())];
}

std::uint32_t FamilyProfile::largest_batch(VariantId variant, std::size_t kind) const {
  return largest_[local(variant)][kind];
}

double FamilyProfile::accuracy(VariantId variant) const { return accuracy_[local(variant)]; }

}  // namespace servesim::infaas_v2
