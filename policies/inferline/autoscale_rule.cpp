#include "policies/inferline/autoscale_rule.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace servesim::inferline {

AutoScaleRule::AutoScaleRule(double unit_throughput_qps, Duration slo, Duration wait)
    : per_unit_(unit_throughput_qps * slo.seconds()), wait_(wait) {
  if (!(per_unit_ > 0)) throw std::invalid_argument("AutoScale needs a positive unit throughput and SLO");
}

std::uint32_t AutoScaleRule::units_needed(std::uint64_t in_system) const {
  const double k = std::ceil(static_cast<double>(in_system) / per_unit_);
  return static_cast<std::uint32_t>(std::max(1.0, k));
}

std::uint32_t AutoScaleRule::decide(SimTime now, std::uint64_t in_system, std::uint32_t units) {
  units = std::max(units, 1u);
  const std::uint32_t k = units_needed(in_system);
  if (k >= units) {
    below_since_ = SimTime::never();
    return k;
  }
  if (below_since_.is_never()) below_since_ = now;
  if (now - below_since_ < wait_) return units;
  below_since_ = now;  // the next removal waits again
  return units - 1;
}

}  // namespace servesim::inferline
