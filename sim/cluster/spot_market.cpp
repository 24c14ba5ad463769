#include "sim/cluster/spot_market.hpp"

#include <algorithm>
#include <cmath>

#include "sim/core/input_error.hpp"

namespace servesim {

const SpotPriceSeries* SpotPricing::series_for(InstanceTypeId type) const {
  if (const auto own = series_by_type.find(type); own != series_by_type.end()) return &own->second;
  return series ? &*series : nullptr;
}

double spot_price_per_hour(const SpotPricing& pricing, InstanceTypeId type, double on_demand_price_per_hour,
                           SimTime at) {
  if (const SpotPriceSeries* series = pricing.series_for(type)) return series->price_at(at);
  return (1.0 - pricing.discount) * on_demand_price_per_hour;
}

double spot_cost(const SpotPricing& pricing, InstanceTypeId type, double on_demand_price_per_hour, SimTime from,
                 SimTime to) {
  if (!(to > from)) return 0;
  const Duration billed = pricing.billing.billed(to - from);
  if (const SpotPriceSeries* series = pricing.series_for(type)) return series->cost(from, from + billed);
  return pricing.billing.charge((1.0 - pricing.discount) * on_demand_price_per_hour, to - from);
}

double spot_cost_when_interrupted(const SpotPricing& pricing, InstanceTypeId type, double on_demand_price_per_hour,
                                  SimTime from, SimTime to) {
  if (to - from < from_seconds(3600)) return 0;
  return spot_cost(pricing, type, on_demand_price_per_hour, from, to);
}

SpotInterruptions SpotInterruptions::poisson(double per_hour) {
  if (!std::isfinite(per_hour) || per_hour < 0) {
    throw InvariantError("spot interruption rate must be a finite number >= 0");
  }
  SpotInterruptions s;
  s.poisson_ = true;
  s.per_hour_ = per_hour;
  return s;
}

SpotInterruptions SpotInterruptions::at_times(Scheduled events) {
  SpotInterruptions s;
  std::erase_if(events, [](const auto& e) { return e.second == 0; });
  std::stable_sort(events.begin(), events.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  s.scheduled_ = std::move(events);
  return s;
}

std::optional<SimTime> SpotInterruptions::draw_for_instance(SimTime launched, RandomStream& rng) const {
  if (!poisson_ || per_hour_ <= 0) return std::nullopt;
  return launched + from_seconds(rng.exponential(3600.0 / per_hour_));
}

}  // namespace servesim
