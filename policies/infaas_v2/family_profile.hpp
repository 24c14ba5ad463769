#pragma once
// One model family as the artifact's INFaaS sees it (Proteus public code,
// core/simulator.py: initialize_model_variant_runtimes, set_largest_batch_sizes;
// core/executor.py: model_variant_infaas_cost): p50 latency by (variant,
// accelerator kind, batch in {1, 2, 4, 8}), infinite where not profiled; the
// largest such batch whose latency is under half the SLO (0 when none);
// accuracy in percent of the family's best and its cost, the drop from the best.
#include <array>
#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "policies/infaas_v2/infaas_v2_params.hpp"
#include "sim/serving/model_catalog.hpp"

namespace servesim::infaas_v2 {

inline constexpr std::array<std::uint32_t, 4> kBatchSizes = {1, 2, 4, 8};
inline constexpr double kInf = std::numeric_limits<double>::infinity();

class FamilyProfile {
 public:
  FamilyProfile(const ModelCatalog& models, FamilyId family, const std::array<std::string, kAccKinds>& device_types,
                double slo_ms);

  // Infinite when the variant is not profiled at this batch on this kind, or
  // the batch is none of kBatchSizes (0: no batch fits).
  double latency_ms(VariantId variant, std::size_t kind, std::uint32_t batch) const;
  std::uint32_t largest_batch(VariantId variant, std::size_t kind) const;
  double accuracy(VariantId variant) const;  // percent of the family's best
  double cost(VariantId variant) const { return best_accuracy_ - accuracy(variant); }
  // The family's variants in the catalog's order (the artifact's variant list).
  const std::vector<VariantId>& variants() const { return variants_; }
  // The first of the least accurate (add_predictor without a variant name).
  VariantId least_accurate() const { return least_accurate_; }
  // The (variant, batch) entries the upgrade scans for a predictor of this
  // kind, in the order of its latency table: the profiled ones first, then
  // the unprofiled ones (the artifact's dict keeps its CSV rows' order,
  // which the catalog does not keep: here variants in list order, batches up).
  const std::vector<std::pair<VariantId, std::uint32_t>>& upgrade_order(std::size_t kind) const {
    return upgrade_order_[kind];
  }
  double slo_ms() const { return slo_ms_; }

 private:
  std::size_t local(VariantId variant) const;

  std::vector<VariantId> variants_;
  std::vector<double> accuracy_;
  // latency_[local][kind][batch index]
  std::vector<std::array<std::array<double, kBatchSizes.size()>, kAccKinds>> latency_;
  std::vector<std::array<std::uint32_t, kAccKinds>> largest_;
  std::array<std::vector<std::pair<VariantId, std::uint32_t>>, kAccKinds> upgrade_order_;
  double best_accuracy_ = 100;
  VariantId least_accurate_ = 0;
  double slo_ms_ = 0;
};

}  // namespace servesim::infaas_v2
