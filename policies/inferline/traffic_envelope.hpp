#pragma once
// Traffic envelopes (InferLine, SoCC'20, section 5, after network calculus):
// for each window width dT_i, the most queries that arrive in any window of
// that width. The widths start at the pipeline's service time Ts and double
// up to 60 s, so one envelope tells both how much a workload bursts (small
// widths) and its long-term rate (large widths). The Planner computes it on
// the sample trace; the Tuner compares the live arrivals with it.
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "sim/core/time.hpp"

namespace servesim::inferline {

struct EnvelopePoint {
  Duration width;               // dT_i
  std::uint64_t max_count = 0;  // q_i: the most arrivals in any window of this width
  double rate() const { return static_cast<double>(max_count) / width.seconds(); }  // r_i = q_i / dT_i
};

using TrafficEnvelope = std::vector<EnvelopePoint>;

// Ts, 2 Ts, 4 Ts, ... up to `largest` (60 s in the paper); a Ts above
// `largest` gives the single width `largest`. Ts must be positive.
std::vector<Duration> envelope_widths(Duration service_time, Duration largest = from_seconds(60));

// The envelope of sorted arrival times: for each width w, the most arrivals
// in a half-open window [t, t + w). The best window starts at an arrival, so
// two pointers over the trace find it in linear time per width.
TrafficEnvelope traffic_envelope(std::span<const SimTime> arrivals, std::span<const Duration> widths);

// Section 5's scale-up trigger: counts[i] live arrivals in a window of the
// sample's width i. Where a count exceeds the sample's q_i, the largest such
// count / width (r_max: "in the case that multiple rates have exceeded their
// sample trace counterpart, we take the max rate"); nothing when the live
// traffic stays inside the envelope. One count per envelope point.
std::optional<double> rate_above_envelope(const TrafficEnvelope& sample, std::span<const std::uint64_t> counts);

}  // namespace servesim::inferline
