#include "policies/mark/slo_monitor.hpp"

#include <algorithm>
#include <cmath>

namespace servesim::mark {

SloMonitor::SloMonitor(SloMonitorParams params) : params_(params), window_(std::max(1u, params.last_requests)) {}

bool SloMonitor::failing() const {
  if (params_.rule == SloMonitorRule::kEwma) return ewma_ > params_.ewma_threshold;
  // Misses allowed in the window; the epsilon keeps 1 - 0.8 from counting
  // 10 x 0.19999... as fewer than 2.
  const double allowed = std::floor((1.0 - params_.service_level) * static_cast<double>(window_.size()) + 1e-9);
  return static_cast<double>(misses_) > allowed;
}

bool SloMonitor::record(bool missed, SimTime now) {
  if (seen_ == window_.size() && window_[next_]) --misses_;  // the oldest leaves
  window_[next_] = missed;
  if (++next_ == window_.size()) next_ = 0;  // a ring; no division per request
  seen_ = std::min(seen_ + 1, window_.size());
  if (missed) ++misses_;
  ewma_ = (1.0 - params_.ewma_weight) * ewma_ + params_.ewma_weight * (missed ? 1.0 : 0.0);
  if (now < quiet_until_ || !failing()) return false;
  quiet_until_ = now + params_.cooldown;
  if (params_.rule == SloMonitorRule::kEwma) ewma_ = 0;
  ++triggers_;
  return true;
}

}  // namespace servesim::mark
