#pragma once
// MArk's load samples (MArk, ATC'19, section 4.2): "During each unit, MArk
// keeps sampling the arrival rate in consecutive short sample windows of Ps.
// It keeps track of the maximum arrival rate of the unit". A unit's sample is
// therefore the largest count of its Pu / Ps windows, expressed as a rate per
// unit: max window count x Pu / Ps (x 12 at [Ps, Pu] = [5 s, 1 min], requests
// per minute), as the public scheduler does (MArk public code,
// modules/scheduler.py: max_count_window *= PREDICTOR_PARAM[1] // PREDICTOR_WINDOW).
// The samples are what every predictor learns from and forecasts (predictor.hpp).
#include <cstdint>
#include <span>
#include <vector>

#include "sim/core/time.hpp"

namespace servesim::mark {

// Fed arrivals (or whole-window counts) in time order, yields one sample per
// completed unit. Units are aligned on `start`: unit u covers
// [start + u Pu, start + (u + 1) Pu) and its windows likewise by Ps.
class LoadSampler {
 public:
  // `prediction_unit` must be a positive whole multiple of `sample_window`
  // (validate_predictor_settings checks user input; a violation here throws
  // InvariantError).
  LoadSampler(Duration sample_window, Duration prediction_unit, SimTime start = SimTime::zero());

  // One arrival; times must not decrease and must not precede `start` or the
  // windows already closed (InvariantError otherwise).
  void record_arrival(SimTime at);
  // Closes every window that ends at or before `now` (empty ones count 0), so
  // that a unit without arrivals still yields its sample. `now` must be finite.
  void advance_to(SimTime now);
  // For a caller that counts windows itself: `count` more arrivals in the open
  // window, which then closes.
  void record_window(std::uint64_t count);

  // The samples of the units completed since the last call, oldest first.
  std::vector<double> take_samples();

  // A unit's sample from its largest window count: the rate per unit.
  double sample_of(std::uint64_t largest_window_count) const;
  std::uint64_t windows_per_unit() const { return windows_per_unit_; }
  // Where the open window ends.
  SimTime window_end() const { return window_end_; }

 private:
  void close_window();

  Duration sample_window_;
  std::uint64_t windows_per_unit_;
  SimTime window_end_;
  std::uint64_t open_count_ = 0;       // arrivals in the open window
  std::uint64_t closed_in_unit_ = 0;   // windows of the open unit already closed
  std::uint64_t largest_in_unit_ = 0;  // their largest count
  std::vector<double> completed_;      // samples not yet taken
};

// The samples of a workload history, for training: every whole unit in
// [start, end) of the sorted arrival times (arrivals outside are ignored; a
// partial last unit is dropped).
std::vector<double> samples_from_arrivals(std::span<const SimTime> arrivals, SimTime start, SimTime end,
                                          Duration sample_window, Duration prediction_unit);
// The same from consecutive per-window counts (the first window starts a
// unit; a partial last unit is dropped).
std::vector<double> samples_from_window_counts(std::span<const std::uint64_t> counts, Duration sample_window,
                                               Duration prediction_unit);

}  // namespace servesim::mark
