#include "policies/inferline/tuner_rules.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace servesim::inferline {

double max_provisioning_ratio(double sample_rate_qps, double scale_factor, std::uint32_t replicas,
                              double replica_throughput_qps) {
  if (replicas == 0 || !(replica_throughput_qps > 0)) {
    throw std::invalid_argument("max-provisioning ratio of a stage without replicas or throughput");
  }
  return sample_rate_qps * scale_factor / (replicas * replica_throughput_qps);
}

std::uint32_t replicas_for_rate(double rate_qps, const StageProvision& stage, double ratio) {
  if (!(ratio > 0) || !(stage.replica_throughput_qps > 0)) {
    throw std::invalid_argument("replicas for a rate need a positive ratio and throughput");
  }
  // A hair below the integer: the planned rate with the stage's own ratio is
  // k x (1 +- rounding), which must give k back, not k + 1.
  const double k = std::ceil(rate_qps * stage.scale_factor / (stage.replica_throughput_qps * ratio) - 1e-9);
  return static_cast<std::uint32_t>(std::max(1.0, k));
}

double lowest_ratio(std::span<const StageProvision> stages) {
  if (stages.empty()) throw std::invalid_argument("lowest ratio of no stage");
  double r = stages.front().max_provisioning_ratio;
  for (const StageProvision& s : stages) r = std::min(r, s.max_provisioning_ratio);
  return r;
}

double plan_throughput_qps(std::span<const StageProvision> stages, std::span<const std::uint32_t> replicas) {
  if (stages.size() != replicas.size()) throw std::invalid_argument("one replica count per stage expected");
  double qps = std::numeric_limits<double>::infinity();
  for (std::size_t m = 0; m < stages.size(); ++m) {
    if (stages[m].scale_factor <= 0) continue;  // never visited: never the bottleneck
    qps = std::min(qps, replicas[m] * stages[m].replica_throughput_qps / stages[m].scale_factor);
  }
  return qps;
}

}  // namespace servesim::inferline
