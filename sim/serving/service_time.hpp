#pragma once
// How long a batch really takes around its profiled latency. Deterministic by
// default (the profile is the truth); a distribution with a coefficient of
// variation models run-to-run noise, and "exponential" gives the textbook
// M/M/c server the fidelity tests need.
#include <cstdint>

#include "sim/core/random_stream.hpp"
#include "sim/core/time.hpp"

namespace servesim {

struct ServiceTimeSpec {
  enum class Distribution : std::uint8_t { kDeterministic, kExponential, kGamma, kLognormal };
  Distribution distribution = Distribution::kDeterministic;
  double cv = 0;  // kGamma, kLognormal; kExponential is cv 1 by definition

  Duration draw(Duration mean, RandomStream& rng) const;
};

}  // namespace servesim
