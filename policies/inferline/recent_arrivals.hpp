#pragma once
// The live arrivals the Tuner watches (InferLine, SoCC'20, section 5):
// arrival times at the pipeline's entry over the last minute (the envelope's
// widest window), recorded where the router sees them, so the Tuner can count
// the queries of any trailing window and compare them with the sample's
// envelope.
#include <cstdint>
#include <deque>
#include <optional>

#include "policies/inferline/traffic_envelope.hpp"
#include "sim/core/time.hpp"

namespace servesim::inferline {

class RecentArrivals {
 public:
  explicit RecentArrivals(Duration horizon = from_seconds(60)) : horizon_(horizon) {}

  // Arrival times must not decrease; arrivals older than the horizon before
  // `t` are forgotten.
  void record(SimTime t);
  // Arrivals in the trailing window (now - width, now]; width <= the horizon.
  std::uint64_t count_within(SimTime now, Duration width) const;
  // The highest rate of the `window`-wide windows that tile the last `span`
  // before now (the scale-down rule: 5-s windows over the last 30 s).
  double max_window_rate(SimTime now, Duration span, Duration window) const;

 private:
  Duration horizon_;
  std::deque<SimTime> times_;
};

// The Tuner's scale-up trigger: where a trailing window of the live arrivals
// holds more queries than the sample's envelope allows for its width, the
// largest such count / width (r_max); nothing when the live traffic stays
// inside the envelope.
std::optional<double> rate_above_envelope(const TrafficEnvelope& sample, const RecentArrivals& live, SimTime now);

}  // namespace servesim::inferline
