#include "policies/inferline/coarse_grained_plan.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "policies/inferline/critical_path.hpp"
#include "policies/inferline/traffic_envelope.hpp"

namespace servesim::inferline {
namespace {

std::uint32_t largest_common_batch(const StageLatencies& latency) {
  std::size_t largest = std::numeric_limits<std::size_t>::max();
  for (const auto& table : latency) largest = std::min(largest, table.size() - 1);
  return static_cast<std::uint32_t>(largest);
}

std::vector<Duration> times_at(const StageLatencies& latency, std::uint32_t batch) {
  std::vector<Duration> times;
  for (const auto& table : latency) times.push_back(table.at(batch));
  return times;
}

}  // namespace

std::optional<std::uint32_t> coarse_batch(const Pipeline& pipeline, const StageLatencies& latency, Duration slo) {
  if (latency.size() != pipeline.stages().size()) throw std::invalid_argument("one latency table per stage expected");
  for (const auto& table : latency) {
    if (table.size() < 2) throw std::invalid_argument("a stage without a batch-1 latency");
  }
  std::optional<std::uint32_t> best;
  const std::uint32_t largest = largest_common_batch(latency);
  for (std::uint32_t b = 1; b <= largest; b *= 2) {
    if (critical_path(pipeline, times_at(latency, b)) > slo) break;  // latency grows with the batch
    best = b;
  }
  return best;
}

double unit_throughput_qps(const Pipeline& pipeline, const StageLatencies& latency, std::uint32_t batch) {
  double unit = std::numeric_limits<double>::infinity();
  for (StageId s = 0; s < latency.size(); ++s) {
    const double share = pipeline.visit_probability(s);
    if (share <= 0) continue;  // never visited: never the bottleneck
    unit = std::min(unit, batch / latency[s].at(batch).seconds() / share);
  }
  return unit;
}

std::uint32_t units_for_rate(double rate_qps, double unit_throughput_qps) {
  if (!(unit_throughput_qps > 0)) throw std::invalid_argument("units for a rate need a positive unit throughput");
  return static_cast<std::uint32_t>(std::max(1.0, std::ceil(rate_qps / unit_throughput_qps - 1e-9)));
}

double peak_rate_qps(std::span<const SimTime> arrivals, Duration slo) {
  const Duration widths[] = {slo};
  return traffic_envelope(arrivals, widths).front().rate();
}

double mean_rate_qps(std::span<const SimTime> arrivals) {
  if (arrivals.size() < 2) throw std::invalid_argument("a mean rate needs at least two arrivals");
  return static_cast<double>(arrivals.size() - 1) / (arrivals.back() - arrivals.front()).seconds();
}

}  // namespace servesim::inferline
