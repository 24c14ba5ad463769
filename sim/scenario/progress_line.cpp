#include "sim/scenario/progress_line.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace servesim {

namespace {

// "4.3 s", "12 min", "2.5 h": as precise as an extrapolation deserves.
std::string rounded_duration(double seconds) {
  char text[32];
  if (seconds < 60) {
    std::snprintf(text, sizeof text, "%.1f s", seconds);
  } else if (seconds < 3600) {
    std::snprintf(text, sizeof text, "%.0f min", seconds / 60);
  } else {
    std::snprintf(text, sizeof text, "%.1f h", seconds / 3600);
  }
  return text;
}

}  // namespace

std::string progress_text(const std::string& label, SimTime now, Duration total, double wall_seconds,
                          std::uint64_t events) {
  const double rate = wall_seconds > 0 ? static_cast<double>(events) / wall_seconds : 0.0;
  char tail[64];
  std::snprintf(tail, sizeof tail, ", %.2g events/s", rate);
  char head[128];
  if (total.is_infinite() || total.seconds() <= 0) {
    std::snprintf(head, sizeof head, "[%s] simulated %.0f s, wall %.1f s", label.c_str(), now.seconds(),
                  wall_seconds);
    return head + std::string(tail);
  }
  const double done = std::clamp(now.seconds() / total.seconds(), 0.0, 1.0);
  std::snprintf(head, sizeof head, "[%s] %.0f %% of %.0f s simulated, wall %.1f s", label.c_str(), 100 * done,
                total.seconds(), wall_seconds);
  // Nothing to extrapolate from before the first simulated second.
  const std::string left =
      done > 0 ? ", about " + rounded_duration(wall_seconds * (1 - done) / done) + " left" : std::string();
  return head + left + tail;
}

ProgressLine::ProgressLine(std::string label, Duration total, bool quiet, std::mutex& mutex)
    : label_(std::move(label)), total_(total), quiet_(quiet), mutex_(mutex), begin_(Clock::now()) {}

void ProgressLine::update(SimTime now, std::uint64_t events) {
  if (quiet_) return;
  const double wall = std::chrono::duration<double>(Clock::now() - begin_).count();
  if (wall < 3.0 || wall - last_ < 2.0) return;
  last_ = wall;
  const std::string line = progress_text(label_, now, total_, wall, events);
  std::lock_guard lock(mutex_);
  std::fprintf(stderr, "%s\n", line.c_str());
}

}  // namespace servesim
