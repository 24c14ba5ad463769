#include "policies/sagemaker/target_tracking.hpp"

#include <algorithm>
#include <cmath>

namespace servesim::sagemaker {

std::uint32_t TargetTracking::desired_for(double metric, std::uint32_t capacity) const {
  const double wanted = std::ceil(static_cast<double>(capacity) * metric / params_.target - 1e-9);
  return std::max(params_.min_capacity, static_cast<std::uint32_t>(std::max(0.0, wanted)));
}

std::optional<std::uint32_t> TargetTracking::datapoint(double metric, std::uint32_t capacity, SimTime now) {
  above_ = metric > params_.target ? above_ + 1 : 0;
  below_ = metric < params_.scale_in_ratio * params_.target ? below_ + 1 : 0;
  if (above_ >= params_.scale_out_points) {
    const std::uint32_t to = desired_for(metric, capacity);
    const bool cooling = last_out_ && now - *last_out_ < params_.scale_out_cooldown;
    // In the scale-out cooldown only a larger scale-out than the last goes.
    if (to > capacity && (!cooling || to > last_out_to_.value_or(0))) {
      last_out_ = now;
      last_out_to_ = to;
      last_activity_ = now;
      return to;
    }
    return std::nullopt;
  }
  if (below_ >= params_.scale_in_points) {
    const std::uint32_t to = desired_for(metric, capacity);
    const bool cooling = last_activity_ && now - *last_activity_ < params_.scale_in_cooldown;
    if (to < capacity && !cooling) {
      last_activity_ = now;
      return to;
    }
  }
  return std::nullopt;
}

}  // namespace servesim::sagemaker
