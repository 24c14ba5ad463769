#pragma once
// Before a run: the load the scenario's applications offer against the most
// its fixed cluster could serve, so that a rate typed 200x too high (which,
// with no drop policy, piles queries up until the in-flight cap stops the
// run) shows as a warning before it starts, not as memory growing.
//
// The offered load is counted from the run's own arrivals (the same seed and
// streams), the first kLoadSampleArrivals of each workload at most, so the
// check costs well under a second whatever the rate. The capacity is an upper
// bound: every device of the fixed cluster serving each stage alone with the
// family's fastest variant at its most efficient batch, a CPU with every core
// busy and a GPU at serving.gpu_concurrency's gain. A world whose catalogs
// offer instances to launch is not checked: what it can serve is what a
// policy buys.
#include <cstdint>
#include <optional>
#include <string>

#include "sim/scenario/scenario.hpp"

namespace servesim {

// Warn when the offered load exceeds the bound by more than this factor: a
// fixed cluster run at 2x what it could serve at best is a typo or a test of
// overload, never a sizing.
inline constexpr double kOverloadWarningFactor = 2.0;
inline constexpr std::uint64_t kLoadSampleArrivals = 1'000'000;

struct OfferedLoad {
  // Sum over applications and their stages of (arrival rate x the stage's
  // visit probability) / (the fixed cluster's best rate for its family):
  // above 1, no configuration of the cluster can keep up.
  double utilisation = 0;
  // The application that contributes most, for the message.
  std::string app;
  double app_qps = 0;
  double app_capacity_qps = 0;
};

// Nothing when the world is not checked (instances to launch, no fixed
// cluster, no arrival in the sample) or a stage's family can run on no fixed
// device (the policy must use Lambda or fail, which validate reports).
std::optional<OfferedLoad> offered_load(const SimulationConfig& world);

// One warning line per checked world (the scenario's, and each policy's own
// cluster) that exceeds kOverloadWarningFactor; none otherwise.
std::vector<std::string> overload_warnings(const Scenario& scenario);

}  // namespace servesim
