#include "policies/infaas/scaling_decision.hpp"

#include <algorithm>
#include <cmath>

namespace servesim::infaas {

double action_cost(double cost_per_second, std::int64_t delta, double lambda_per_s, double load_latency_s) {
  const auto d = static_cast<double>(delta);
  return cost_per_second * (d + lambda_per_s * load_latency_s * std::max(d, 0.0));
}

std::int64_t replicas_for(double load_qps, double slack, double q) {
  if (load_qps <= 0) return 0;
  if (q <= 0) return -1;
  // A hair below the exact quotient counts as enough: rates come from counts.
  return static_cast<std::int64_t>(std::ceil(load_qps * slack / q - 1e-9));
}

namespace {

// The cost of running `n` of `to` in place of `replicas` of `running`.
double switch_cost(const ScalingOption& running, std::uint32_t replicas, const ScalingOption& to, std::int64_t n,
                   double lambda_per_s) {
  return action_cost(to.cost_per_second, n, lambda_per_s, to.load_latency_s) +
         action_cost(running.cost_per_second, -static_cast<std::int64_t>(replicas), lambda_per_s,
                     running.load_latency_s);
}

}  // namespace

ScalingDecision choose_scale_up(const ScalingOption& running, std::uint32_t replicas, double load_qps,
                                std::span<const ScalingOption> alternatives, double slack, double lambda_per_s) {
  ScalingDecision best;
  const std::int64_t delta = replicas_for(load_qps, slack, running.saturation_qps) - replicas;
  if (delta <= 0) return best;  // no deficit
  if (delta <= running.room) {
    best = {ScalingDecision::Kind::kReplicate, running.profile, delta,
            action_cost(running.cost_per_second, delta, lambda_per_s, running.load_latency_s)};
  }
  for (const ScalingOption& up : alternatives) {
    if (up.saturation_qps <= running.saturation_qps) continue;  // an upgrade has a higher throughput
    const std::int64_t n = std::max<std::int64_t>(1, replicas_for(load_qps, slack, up.saturation_qps));
    if (n > up.room) continue;
    const double cost = switch_cost(running, replicas, up, n, lambda_per_s);
    if (best.kind == ScalingDecision::Kind::kNone || cost < best.cost) {
      best = {ScalingDecision::Kind::kSwitch, up.profile, n, cost};
    }
  }
  if (best.kind == ScalingDecision::Kind::kNone && running.room > 0) {  // nothing carries it all: add what fits
    best = {ScalingDecision::Kind::kReplicate, running.profile, running.room,
            action_cost(running.cost_per_second, running.room, lambda_per_s, running.load_latency_s)};
  }
  return best;
}

ScalingDecision choose_scale_down(const ScalingOption& running, std::uint32_t replicas, double load_qps,
                                  std::span<const ScalingOption> alternatives, double slack, double lambda_per_s) {
  ScalingDecision best;
  if (replicas == 0) return best;
  if (replicas_for(load_qps, slack, running.saturation_qps) <= static_cast<std::int64_t>(replicas) - 1) {
    best = {ScalingDecision::Kind::kRemove, running.profile, 1,
            action_cost(running.cost_per_second, -1, lambda_per_s, running.load_latency_s)};
  }
  const double running_rate = running.cost_per_second * replicas;
  for (const ScalingOption& down : alternatives) {
    if (down.profile == running.profile || down.saturation_qps <= 0) continue;
    const std::int64_t n = std::max<std::int64_t>(1, replicas_for(load_qps, slack, down.saturation_qps));
    if (n > down.room || down.cost_per_second * static_cast<double>(n) >= running_rate) continue;  // no room, or not cheaper
    const double cost = switch_cost(running, replicas, down, n, lambda_per_s);
    if (cost < best.cost) best = {ScalingDecision::Kind::kSwitch, down.profile, n, cost};
  }
  if (best.cost >= 0) best = {};
  return best;
}

}  // namespace servesim::infaas
