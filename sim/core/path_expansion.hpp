#pragma once
// Paths in scenarios (catalog files, imported profiles, trace files) may name
// environment variables as ${NAME}, so that a scenario can point into a
// checkout whose place differs per machine: "${PROTEUS_ARTIFACT}/profiling/x.csv".
// NAME is letters, digits and '_' (not starting with a digit); a '$' not
// followed by '{' is kept as is. An undefined variable is an InputError at the
// field that names it, never an empty string: a silently empty prefix would
// turn "${DATA}/x.csv" into "/x.csv".
#include <filesystem>
#include <string>
#include <string_view>

#include "sim/core/json_node.hpp"

namespace servesim {

// The text with every ${NAME} replaced by the variable's value; `where` is the
// field the text came from (for the error).
std::string expand_env_vars(std::string_view text, const JsonNode& where);

// The string at `node`, expanded.
std::string expand_env_vars(const JsonNode& node);

// The string at `node`, expanded, and resolved against `base` if relative.
std::filesystem::path resolve_path(const JsonNode& node, const std::filesystem::path& base);

}  // namespace servesim
