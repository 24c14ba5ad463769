#include "sim/cluster/billing_rule.hpp"

#include <algorithm>

namespace servesim {
namespace {

// Rounds up to a multiple of `unit` in integer nanoseconds, so a bill never
// depends on floating-point rounding of the run's length.
Duration round_up(Duration d, std::int64_t unit) {
  if (d.is_infinite()) return d;
  const std::int64_t units = d.ns / unit + (d.ns % unit != 0 ? 1 : 0);
  return Duration{units * unit};
}

}  // namespace

Duration BillingRule::billed(Duration running) const {
  if (running.ns <= 0) return Duration::zero();
  const Duration charged = std::max(running, minimum);
  return round_up(charged, kind == Kind::kPerSecond ? kNanosPerSecond : kNanosPerHour);
}

double BillingRule::charge(double price_per_hour, Duration running) const {
  const Duration b = billed(running);
  // Whole seconds (or hours) as an integer first: 61 s at $0.085/h is exactly
  // 61 * 0.085 / 3600, not a product of rounded fractions.
  const double seconds = static_cast<double>(b.ns / kNanosPerSecond);
  return price_per_hour * seconds / 3600.0;
}

}  // namespace servesim
