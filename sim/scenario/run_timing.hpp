#pragma once
// timing.json: a run's wall-clock figures, kept out of summary.json so that
// reruns of a scenario stay byte-identical there.
#include <ostream>

#include "sim/scenario/scenario_runner.hpp"

namespace servesim {

// queries_per_wall_s counts every simulated query, the warm-up's too.
void write_timing_json(const RunReport& report, std::ostream& out);

}  // namespace servesim
