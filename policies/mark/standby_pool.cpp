#include "policies/mark/standby_pool.hpp"

#include <algorithm>
#include <cmath>

namespace servesim::mark {

StandbyPool::StandbyPool(std::uint32_t stopped, double capacity_per_minute, bool resume_all)
    : stopped_(stopped), capacity_per_minute_(capacity_per_minute), resume_all_(resume_all) {}

std::uint32_t StandbyPool::resume_for(double lost_per_minute) {
  if (lost_per_minute <= 0 || stopped_ == 0) return 0;
  double wanted = resume_all_ ? stopped_ : std::ceil(lost_per_minute / capacity_per_minute_ - 1e-9);
  const auto n = static_cast<std::uint32_t>(std::min<double>(wanted, stopped_));
  stopped_ -= n;
  running_ += n;
  return n;
}

std::uint32_t StandbyPool::to_stop(double regular_per_minute, double planned_per_minute) {
  // Capacities are sums of the same C_i in different orders: equal counts
  // must compare equal.
  if (running_ == 0 || regular_per_minute < planned_per_minute * (1 - 1e-9)) return 0;
  const std::uint32_t n = running_;
  stopped_ += n;
  running_ = 0;
  return n;
}

std::uint32_t lambda_prewarm_count(double lost_per_minute, Duration lambda_latency) {
  if (lost_per_minute <= 0) return 0;
  return static_cast<std::uint32_t>(std::ceil(lost_per_minute / 60.0 * lambda_latency.seconds() - 1e-9));
}

}  // namespace servesim::mark
