#pragma once
// The sample trace InferLine's Planner plans on (SoCC'20, sections 4 and 6:
// "a separate trace of the same lambda and CV"): the application's history
// when the scenario gives one (applications[i].history, the arrivals logged
// before the run; its last `max_arrivals`), else the application's own
// workload drawn from another random stream ("inferline-sample/<app>"), its
// first `max_arrivals` (50,000, the prototype's sample size).
#include <cstddef>
#include <vector>

#include "sim/serving/simulation_config.hpp"

namespace servesim::inferline {

inline constexpr std::size_t kPrototypeSampleSize = 50'000;

// Sorted arrival times from the sample's start. Empty when the application
// has no arrivals to sample (a caller's input error to report).
std::vector<SimTime> planning_sample(const PolicyWorld& world, AppId app,
                                     std::size_t max_arrivals = kPrototypeSampleSize);

}  // namespace servesim::inferline
