#pragma once
// Loads a scenario file into an immutable Scenario, applying --set overrides
// first. Every problem is an InputError naming the file, the JSON path and what
// was expected (the CLI turns it into exit status 2). See docs/scenario.md.
#include <string>
#include <vector>

#include "sim/scenario/scenario.hpp"

namespace servesim {

// `observer` hears of every object of the scenario file the loader reads (not
// of catalog or trace files it names); the schema test passes one.
Scenario load_scenario(const std::string& path, const std::vector<std::string>& overrides = {},
                       JsonObjectObserver* observer = nullptr);

}  // namespace servesim
