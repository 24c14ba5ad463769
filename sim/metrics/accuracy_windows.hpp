#pragma once
// The maximum accuracy drop, as the Proteus artifact's plotting rule defines
// it (plotting/endtoend.py): completions are grouped into fixed 10 s windows,
// each window's effective accuracy is its mean normalized accuracy, and the
// drop is 100 % minus the lowest of them. Fixed windows, not the time series'
// outputs.window_s, so the number does not change with the report's window.
// Windows start at the measurement start (the warm-up's end); completions
// after the last arrival window (the drain) count in that last window, so a
// handful of stragglers cannot make a window of their own.
#include <cstdint>
#include <optional>

#include "sim/core/time.hpp"

namespace servesim {

class AccuracyWindows {
 public:
  static constexpr Duration kWidth{10'000'000'000};

  // Windows tile [start, end); end > start.
  AccuracyWindows(SimTime start, SimTime end);

  // A completion at `finish` (never earlier than the previous one) with
  // normalized accuracy in [0, 1].
  void add(SimTime finish, double accuracy);
  // 100 - the lowest window's effective accuracy in percent; empty when
  // nothing completed.
  std::optional<double> max_drop() const;

 private:
  std::int64_t index_of(SimTime finish) const;

  SimTime start_;
  std::int64_t last_index_;
  std::int64_t current_ = -1;
  double sum_ = 0;
  std::uint64_t count_ = 0;
  std::optional<double> lowest_closed_pct_;
};

}  // namespace servesim
