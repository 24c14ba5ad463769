#pragma once
// serving.max_in_flight: the most queries a run may hold in flight (arrived,
// without an outcome yet). Each costs memory in the query table and in a
// replica queue (docs/scenario.md gives the bytes), so an overloaded run with
// no drop policy, or an absurd arrival rate, would otherwise grow them until
// the process runs out of memory. A run that reaches the cap stops; the
// runner keeps what it wrote so far, marked partial.
#include <cstdint>
#include <stdexcept>
#include <string>

#include "sim/core/time.hpp"

namespace servesim {

// About 9 GB of queries (about 90 bytes each, docs/scenario.md); an
// overloaded Clipper+ day legitimately holds 8 million.
inline constexpr std::uint64_t kDefaultMaxInFlight = 100'000'000;
// The query table numbers its slots with 32 bits; 1e9 stays well inside.
inline constexpr std::uint64_t kLargestMaxInFlight = 1'000'000'000;

// Thrown out of Simulation::run by the arrival that would exceed the cap; the
// simulation cannot go on after it.
class InFlightCapExceeded : public std::runtime_error {
 public:
  InFlightCapExceeded(std::string app, std::uint64_t cap, SimTime at)
      : std::runtime_error("application \"" + app + "\" would exceed the cap of " + std::to_string(cap) +
                           " queries in flight at " + std::to_string(at.seconds()) + " s"),
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
