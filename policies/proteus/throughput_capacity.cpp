#include "policies/proteus/throughput_capacity.hpp"

namespace servesim::proteus {
namespace {

// Section 4: a batch's latency may be at most half the SLO. Compared in
// integer nanoseconds as latency <= SLO - latency (2 x latency <= SLO without
// overflow), so an SLO of exactly 2 x a profiled latency (section 6.1.2's SLO
// rule) admits that batch, with no rounding of SLO / 2.
bool within_half_slo(Duration latency, Duration slo) {
  return slo.is_infinite() || latency.ns <= slo.ns - latency.ns;
}

}  // namespace

// Memory (section 4's second bound): the catalog gives one memory footprint
// per variant, not one per batch, so "the batch fits the device's memory" is
// "the variant fits": variant.memory_mb <= device.memory_mb, for every batch.
//
// Candidate batches are the measured ones (LatencyProfile::points(), up to the
// variant's max_batch), as Proteus profiles a fixed set of batch sizes
// (Proteus public code, core/simulator.py: {1, 2, 4, 8}); their latency is read through
// LatencyProfile::at, the same latency the simulator serves with (for a
// "linear" profile, the fitted line at that batch).
std::optional<Capacity> throughput_capacity(const ModelVariant& variant, const DeviceType& device, Duration slo) {
  if (variant.memory_mb > device.memory_mb) return std::nullopt;
  const LatencyProfile* profile = variant.profile_on(device.name);
  if (profile == nullptr) return std::nullopt;
  std::optional<Capacity> best;
  for (const LatencyPoint& point : profile->points()) {
    if (point.batch > variant.max_batch) break;  // points are sorted by batch
    const Duration latency = profile->at(point.batch);
    // Not `break`: the largest batch that qualifies wins even if a profile
    // is not monotone. A zero latency would give an infinite capacity.
    if (latency.ns <= 0 || !within_half_slo(latency, slo)) continue;
    best = Capacity{point.batch, latency, point.batch / latency.seconds()};
  }
  return best;
}

}  // namespace servesim::proteus
