#pragma once
// The live traffic envelope, computed continuously (InferLine, SoCC'20,
// section 5, "Scaling Up": "The Tuner continuously computes the traffic
// envelope for the current arrival workload"): for each envelope width dT_i,
// the most arrivals in a window (t - dT_i, t] ending at an arrival t, over
// the arrivals observed since the Tuner last took the counts.
//
// Windows ending at arrivals are enough: a window of any placement holds no
// more arrivals than the one of the same width ending at its last arrival,
// so these maxima are the live envelope's q_i (the sample's, counted on
// windows starting at arrivals, are the same maxima). Counting only the
// window that ends at each Tuner tick instead misses a burst shorter than
// the tick period that falls between two ticks.
//
// One pointer per width, to the oldest arrival inside that width's window:
// each arrival enters a width's window once (when observed) and leaves it
// once (when the pointer steps past it, never to come back), so observe()
// costs O(number of widths) amortised per arrival. The pointer keeps its
// arrival's time, so a width whose window loses no arrival reads nothing.
#include <cstdint>
#include <vector>

#include "policies/inferline/recent_arrivals.hpp"
#include "sim/core/time.hpp"

namespace servesim::inferline {

class LiveEnvelope {
 public:
  // Positive widths, in the order the counts are reported (the sample
  // envelope's); none gives an envelope that counts nothing.
  explicit LiveEnvelope(std::vector<Duration> widths = {});

  // Counts the windows that end at live's latest arrival; call after each
  // live.record(). Every width must fit in live's horizon, so that the
  // arrivals live has forgotten are outside every window.
  void observe(const RecentArrivals& live);
  // Per width, the most arrivals in a window ending at an arrival observed
  // since the last take_peaks() (0 if none was observed).
  const std::vector<std::uint64_t>& peaks() const { return peaks_; }
  // peaks(), and counting starts again: the Tuner's check.
  std::vector<std::uint64_t> take_peaks();

 private:
  struct Window {
    std::uint64_t oldest = 0;  // RecentArrivals' number of the oldest arrival in the window
    SimTime oldest_time;       // its time
  };
  void point_at(Window& window, std::uint64_t arrival, const RecentArrivals& live) const;

  std::vector<Duration> widths_;
  Duration widest_;
  std::vector<Window> windows_;
  bool placed_ = false;  // the windows point at an arrival (from the first observe() on)
  std::vector<std::uint64_t> peaks_;
};

}  // namespace servesim::inferline
