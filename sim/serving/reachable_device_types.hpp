#pragma once
// The device types a run can use, by name: those of the fixed cluster's
// devices and of the initial instances; with neither (a policy launches
// everything), every type of the hardware catalog; and "lambda" when the
// scenario has Lambda functions. The scenario loader checks each SLO against
// the fastest latency there; the per-stage policy splits SLOs by it.
#include <set>
#include <string>

#include "sim/serving/simulation_config.hpp"

namespace servesim {

std::set<std::string> reachable_device_types(const PolicyWorld& world);

}  // namespace servesim
