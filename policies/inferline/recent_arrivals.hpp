#pragma once
// The live arrivals the Tuner watches (InferLine, SoCC'20, section 5):
// arrival times at the pipeline's entry over the last minute (the envelope's
// widest window), recorded where the router sees them, so the Tuner can count
// the queries of any trailing window and compare them with the sample's
// envelope.
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <vector>

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

  // Arrivals are numbered 0, 1, ... as recorded, forgotten ones included, so
  // a reader can keep its place in them (LiveEnvelope's window pointers):
  // the kept ones are first_kept() .. recorded() - 1.
  std::uint64_t recorded() const { return first_kept_ + (times_.size() - head_); }
  std::uint64_t first_kept() const { return first_kept_; }
  // A kept arrival's time (inline: LiveEnvelope reads one each time a window moves).
  SimTime at(std::uint64_t index) const {
    if (index < first_kept_ || index >= recorded()) throw std::out_of_range("arrival not kept");
    return times_[head_ + (index - first_kept_)];
  }
  Duration horizon() const { return horizon_; }

 private:
  Duration horizon_;
  // The kept times are times_[head_..]. Forgetting moves head_; the vector
  // drops its forgotten front once that is most of it (amortised O(1) per
  // arrival), so reading a kept time is one load where a deque takes two.
  std::vector<SimTime> times_;
  std::size_t head_ = 0;
  std::uint64_t first_kept_ = 0;  // the number of times_[head_]
};

// The Tuner's scale-up trigger sampled at `now` ("envelope_check": "tick"):
// the live arrivals counted in the windows of the envelope's widths that end
// at now, compared with the sample's (rate_above_envelope on counts).
std::optional<double> rate_above_envelope(const TrafficEnvelope& sample, const RecentArrivals& live, SimTime now);

}  // namespace servesim::inferline
