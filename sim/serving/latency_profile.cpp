#include "sim/serving/latency_profile.hpp"

#include <algorithm>

#include "sim/core/input_error.hpp"

namespace servesim {

LatencyProfile::LatencyProfile(std::vector<LatencyPoint> points, Fit fit) : points_(std::move(points)), fit_(fit) {
  if (fit_ != Fit::kLinear || points_.empty()) return;
  if (points_.size() == 1) {
    intercept_ms_ = points_[0].latency_ms;
    return;
  }
  double n = 0, sx = 0, sy = 0, sxx = 0, sxy = 0;
  for (const auto& p : points_) {
    n += 1;
    sx += p.batch;
    sy += p.latency_ms;
    sxx += static_cast<double>(p.batch) * p.batch;
    sxy += p.batch * p.latency_ms;
  }
  slope_ms_ = (n * sxy - sx * sy) / (n * sxx - sx * sx);
  intercept_ms_ = (sy - slope_ms_ * sx) / n;
}

std::uint32_t LatencyProfile::max_batch(std::uint32_t variant_max_batch) const {
  if (fit_ == Fit::kLinear) return variant_max_batch;
  return std::min(variant_max_batch, points_.back().batch);
}

Duration LatencyProfile::at(std::uint32_t batch) const {
  if (fit_ == Fit::kLinear) return from_millis(std::max(0.0, intercept_ms_ + slope_ms_ * batch));
  if (batch < points_.front().batch || batch > points_.back().batch) {
    throw InvariantError("latency asked outside the measured batch range");
  }
  auto hi = std::lower_bound(points_.begin(), points_.end(), batch,
                             [](const LatencyPoint& p, std::uint32_t b) { return p.batch < b; });
  if (hi->batch == batch) return from_millis(hi->latency_ms);
  auto lo = std::prev(hi);
  const double f = static_cast<double>(batch - lo->batch) / (hi->batch - lo->batch);
  return from_millis(lo->latency_ms + f * (hi->latency_ms - lo->latency_ms));
}

std::vector<Duration> LatencyProfile::table(std::uint32_t variant_max_batch) const {
  const std::uint32_t top = max_batch(variant_max_batch);
  std::vector<Duration> out(top + 1);
  for (std::uint32_t b = 1; b <= top; ++b) out[b] = at(b);
  return out;
}

}  // namespace servesim
