#pragma once
// The progress lines a run prints on stderr: how far through the simulated
// time it is, in percent, and about how much wall time is left, extrapolated
// from the pace so far (a day whose load rises runs slower later on, so the
// estimate is a guide, not a promise).
#include <chrono>
#include <cstdint>
#include <mutex>
#include <string>

#include "sim/core/time.hpp"

namespace servesim {

// One line, without the newline: "[label] 42 % of 1200 s simulated, wall 3.1 s,
// about 4.3 s left, 2.1e+06 events/s". An infinite total (a trace replayed to
// its end) gives the simulated seconds alone.
std::string progress_text(const std::string& label, SimTime now, Duration total, double wall_seconds,
                          std::uint64_t events);

class ProgressLine {
 public:
  using Clock = std::chrono::steady_clock;
  ProgressLine(std::string label, Duration total, bool quiet, std::mutex& mutex);

  // Silent for the first few seconds, then at most every two seconds.
  void update(SimTime now, std::uint64_t events);

 private:
  std::string label_;
  Duration total_;
  bool quiet_;
  std::mutex& mutex_;
  Clock::time_point begin_;
  double last_ = 0;
};

}  // namespace servesim
