#pragma once
// serving.max_in_flight: the most queries a run may hold in flight (arrived,
// without an outcome yet). Each costs memory in the query table and in a
// replica queue (docs/scenario.md gives the bytes), so an overloaded run with
// no drop policy, or an absurd arrival rate, would otherwise grow them until
// the process runs out of memory. A run that reaches the cap stops; the
// runner keeps what it wrote so far, marked partial.
#include <cstdint>
#include <cstdio>
#include <stdexcept>
#include <string>

#include "sim/core/time.hpp"

namespace servesim {

// What one query in flight costs: its record in the query table, its place
// in a replica's queue and the tables' growth slack (docs/scenario.md: the
// peak RSS of an overloaded run stopped at 1 and at 11 million queries
// differs by 0.9 GB).
inline constexpr std::uint64_t kBytesPerQueryInFlight = 90;
// The default cap is a memory budget, not a count: 2 GiB of queries, about
// 23.9 million, well above what a legitimately overloaded day holds (an
// overloaded Clipper+ day holds 8 million) and well below a laptop's memory.
inline constexpr std::uint64_t kDefaultInFlightBudgetBytes = std::uint64_t{2} << 30;
inline constexpr std::uint64_t kDefaultMaxInFlight = kDefaultInFlightBudgetBytes / kBytesPerQueryInFlight;
// The query table numbers its slots with 32 bits; 1e9 stays well inside.
inline constexpr std::uint64_t kLargestMaxInFlight = 1'000'000'000;

// "2.0 GiB", "9 KiB": what `queries` in flight cost, for messages.
inline std::string memory_text(std::uint64_t queries) {
  const double bytes = static_cast<double>(queries) * static_cast<double>(kBytesPerQueryInFlight);
  char text[32];
  if (bytes >= 1024.0 * 1024 * 1024) {
    std::snprintf(text, sizeof text, "%.1f GiB", bytes / (1024.0 * 1024 * 1024));
  } else if (bytes >= 1024.0 * 1024) {
    std::snprintf(text, sizeof text, "%.0f MiB", bytes / (1024.0 * 1024));
  } else {
    std::snprintf(text, sizeof text, "%.0f KiB", bytes / 1024.0);
  }
  return text;
}

// Thrown out of Simulation::run by the arrival that would exceed the cap; the
// simulation cannot go on after it.
class InFlightCapExceeded : public std::runtime_error {
 public:
  InFlightCapExceeded(std::string app, std::uint64_t cap, SimTime at)
      : std::runtime_error("application \"" + app + "\" would exceed the cap of " + std::to_string(cap) +
                           " queries in flight (about " + memory_text(cap) + " of memory) at " +
                           std::to_string(at.seconds()) + " s"),
        app_(std::move(app)),
        cap_(cap),
        at_(at) {}

  const std::string& app() const { return app_; }
  std::uint64_t cap() const { return cap_; }
  SimTime at() const { return at_; }

 private:
  std::string app_;
  std::uint64_t cap_;
  SimTime at_;
};

}  // namespace servesim
