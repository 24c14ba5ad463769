#pragma once
// applications[i].offline_jobs: batch jobs of an application (docs/scenario.md,
// "Offline jobs"). Validated against the catalog and the run's duration.
#include <vector>

#include "sim/core/json_node.hpp"
#include "sim/serving/simulation_config.hpp"

namespace servesim {

// Appends the application's jobs to world.offline_jobs. `list` is the
// "offline_jobs" array of application `app` (already in world.applications).
void parse_offline_jobs(const JsonNode& list, AppId app, SimulationConfig& world);

}  // namespace servesim
