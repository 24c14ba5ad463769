#pragma once
// The load balancers' monitoring daemon (section 3): arrivals per application
// counted per whole second of simulated time, and the demand estimate s_q the
// MILP is solved for.
//
// The estimate is the artifact's (core/simulator.py, add_moving_demand): a
// moving window of the last `window` one-second samples and pandas'
// ewm(com).mean() over it, whose last value is
//     sum_i (1 - a)^i x_(t-i) / sum_i (1 - a)^i,  a = 1 / (1 + com),
// i = 0 (the newest sample) .. window - 1 (pandas' default adjust=True).
//
// Counting arrivals at the router, not ClusterView::arrival_rate: the view
// averages over 10 s, so its per-second samples would be smoothed twice and a
// burst would show late.
#include <cstdint>
#include <deque>
#include <vector>

#include "sim/core/time.hpp"

namespace servesim::proteus {

class DemandEstimator {
 public:
  // `keep`: how many samples to remember (at least the EWMA window).
  DemandEstimator(std::size_t apps, double com, std::uint32_t window, std::uint32_t keep);

  // One arrival of `app` at `now` (times never decrease).
  void count(std::size_t app, SimTime now);
  // Closes every whole second before `now` (seconds without arrivals give 0).
  void advance(SimTime now);

  std::size_t samples() const { return samples_.empty() ? 0 : samples_.front().size(); }
  // The EWMA of the last `window` samples; 0 without samples.
  double estimate(std::size_t app) const;
  std::vector<double> estimates() const;
  // Mean of the last `seconds` samples (fewer if fewer exist); 0 without samples.
  double recent(std::size_t app, std::uint32_t seconds) const;
  // The largest of the last `seconds` samples' totals over all applications.
  double max_total(std::uint32_t seconds) const;

 private:
  void close_second();

  double decay_;  // 1 - a
  std::uint32_t window_;
  std::uint32_t keep_;
  std::int64_t open_second_ = 0;
  std::vector<std::uint64_t> open_counts_;
  std::vector<std::deque<double>> samples_;  // by app, oldest first
};

}  // namespace servesim::proteus
