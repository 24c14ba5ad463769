#include "policies/infaas_v2/query_selection.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace servesim::infaas_v2 {
namespace {

// floor(batch x 1000 / latency): queries a predictor takes per second.
double peak_of(const Predictor& p, const FamilyProfile& profile, std::uint32_t batch) {
  if (batch == 0) return 0;
  return std::floor(batch * 1000.0 / profile.latency_ms(p.variant, p.kind, batch));
}

std::optional<std::size_t> least_loaded(const std::vector<Predictor>& predictors, std::span<const std::uint64_t> queued,
                                        const FamilyProfile& profile, double accuracy) {
  std::optional<std::size_t> best;
  double best_load = 0;
  for (std::size_t i = 0; i < predictors.size(); ++i) {
    const Predictor& p = predictors[i];
    if (profile.accuracy(p.variant) < accuracy) continue;
    const double peak = peak_of(p, profile, p.batch);
    const auto q = static_cast<double>(queued[i]);
    if (!(peak > q)) continue;
    const double load = q / peak;
    if (!best || load < best_load) {
      best = i;
      best_load = load;
    }
  }
  return best;
}

std::optional<Selection> inactive_variant(const std::vector<Predictor>& predictors, const FamilyProfile& profile,
                                          const Available& available, double deadline_ms) {
  for (const VariantId v : profile.variants()) {
    const bool running = std::any_of(predictors.begin(), predictors.end(),
                                     [v](const Predictor& p) { return p.variant == v; });
    if (running) continue;
    for (std::size_t k = 0; k < kAccKinds; ++k) {
      const std::uint32_t batch = std::max<std::uint32_t>(profile.largest_batch(v, k), 1);
      if (!(profile.latency_ms(v, k, batch) < deadline_ms)) continue;
      if (available[k] <= 0) continue;
      Selection s;
      s.kind = Selection::Kind::kNewPredictor;
      s.new_kind = k;
      s.new_variant = v;
      return s;
    }
  }
  return std::nullopt;
}

std::optional<std::size_t> closest_accuracy(const std::vector<Predictor>& predictors,
                                            std::span<const std::uint64_t> queued, const FamilyProfile& profile,
                                            double accuracy, double deadline_ms) {
  std::vector<std::size_t> order(predictors.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return std::abs(profile.accuracy(predictors[a].variant) - accuracy) <
           std::abs(profile.accuracy(predictors[b].variant) - accuracy);
  });
  for (const std::size_t i : order) {
    const Predictor& p = predictors[i];
    const std::uint32_t batch = std::max<std::uint32_t>(p.batch, 1);
    const double latency = profile.latency_ms(p.variant, p.kind, batch);
    if (peak_of(p, profile, batch) > static_cast<double>(queued[i]) && latency <= deadline_ms) return i;
  }
  return std::nullopt;
}

}  // namespace

Selection select_predictor(const std::vector<Predictor>& predictors, std::span<const std::uint64_t> queued,
                           const FamilyProfile& profile, const Available& available, double deadline_ms,
                           const Params& params, RandomStream& rng) {
  Selection s;
  if (const auto i = least_loaded(predictors, queued, profile, params.request_accuracy)) {
    s.kind = Selection::Kind::kLeastLoaded;
    s.index = *i;
    return s;
  }
  if (const auto added = inactive_variant(predictors, profile, available, deadline_ms)) return *added;
  if (const auto i = closest_accuracy(predictors, queued, profile, params.request_accuracy, deadline_ms)) {
    s.kind = Selection::Kind::kClosestAccuracy;
    s.index = *i;
    return s;
  }
  if (params.random_fallback && !predictors.empty()) {
    s.kind = Selection::Kind::kRandom;
    s.index = static_cast<std::size_t>(rng.below(predictors.size()));
  }
  return s;
}

}  // namespace servesim::infaas_v2
