#pragma once
// `--set path=value` for sweeps: path is dotted, with [i] or .i for array
// elements (policies[0].params.routing, applications.1.slo_ms); value is JSON
// when it parses as JSON (numbers, true, objects...) and a plain string
// otherwise. Missing objects on the way are created; validation then judges
// the result like any scenario, so a misspelt key is an "unknown key" error.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace servesim {

// Throws InputError("--set <assignment>", reason) on a malformed assignment.
void apply_override(nlohmann::json& document, const std::string& assignment);
void apply_overrides(nlohmann::json& document, const std::vector<std::string>& assignments);

}  // namespace servesim
