#include "policies/infaas_v2/upscaling.hpp"

#include <cmath>

namespace servesim::infaas_v2 {
namespace {

double capacity(const std::vector<Predictor>& predictors, const FamilyProfile& profile) {
  double total = 0;
  for (const Predictor& p : predictors) {
    if (p.batch > 0) total += p.largest * 1000.0 / profile.latency_ms(p.variant, p.kind, p.batch);
  }
  return total;
}

struct Upgrade {
  double cost = kInf;
  double needed = 0;
  std::size_t kind = 0;
  VariantId variant = 0;
  bool found = false;
};

// The cheapest (variant, batch) on its best kind, the first on ties.
Upgrade cheapest_upgrade(const Predictor& p, const FamilyProfile& profile, const FamilyLoad& load,
                         const Params& params) {
  const double factor = 1 - params.slack;
  Upgrade best;
  for (const auto& [variant, batch] : profile.upgrade_order(p.kind)) {
    double fewest = kInf;
    std::size_t fewest_kind = 0;
    for (std::size_t k = 0; k < kAccKinds; ++k) {
      const double latency = profile.latency_ms(variant, k, batch);
      // The artifact divides by the latency where a throughput is meant.
      const double rate = params.latency_as_throughput ? latency : batch * 1000.0 / latency;
      double needed = std::ceil(load.incoming / (rate * factor));
      if (load.available[k] <= 0) needed = kInf;
      if (needed < fewest) {
        fewest = needed;
        fewest_kind = k;
      }
    }
    const double cost = profile.cost(variant) * fewest;
    if (cost < best.cost) best = {cost, fewest, fewest_kind, variant, true};
  }
  return best;
}

void add_up_to(ScalingPlan& plan, double count, std::size_t kind, VariantId variant, int available) {
  for (int n = 0; n < available && n < count; ++n) plan.add.emplace_back(kind, variant);
}

}  // namespace

ScalingPlan upscale(std::vector<Predictor>& predictors, const FamilyProfile& profile, const FamilyLoad& load,
                    const Params& params) {
  ScalingPlan plan;
  const double factor = 1 - params.slack;
  if (std::floor(capacity(predictors, profile) * factor) >= load.incoming) return plan;
  for (Predictor& p : predictors) {
    const double latency = profile.latency_ms(p.variant, p.kind, p.batch);
    for (const std::uint32_t b : kBatchSizes) {
      if (b > p.largest) break;
      p.batch = b;  // a larger batch costs nothing: taken first, and kept
    }
    const double peak = p.batch * 1000.0 / latency;
    const double replicas = peak == 0 ? kInf : std::ceil(load.incoming / (peak * factor));
    const double replication_cost = profile.cost(p.variant) * replicas;  // NaN for 0 x inf
    const Upgrade upgrade = cheapest_upgrade(p, profile, load, params);
    if (!upgrade.found) continue;
    if (upgrade.cost <= replication_cost) {
      plan.action = ScalingPlan::Action::kUpgrade;
      add_up_to(plan, upgrade.needed, upgrade.kind, upgrade.variant, load.available[upgrade.kind]);
    } else {
      plan.action = ScalingPlan::Action::kReplicate;
      const VariantId variant = params.replicate_least_accurate ? profile.least_accurate() : p.variant;
      add_up_to(plan, replicas, p.kind, variant, load.available[p.kind]);
    }
    return plan;
  }
  return plan;
}

}  // namespace servesim::infaas_v2
