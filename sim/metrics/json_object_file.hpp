#pragma once
// Reads a JSON file that must hold one object (a summary.json, a sweep's
// point.json), keeping its key order, which `servesim collect` follows.
// Every failure is the user's: InputError naming the file.
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string_view>

namespace servesim {

// `what` names the expected document in the message, e.g. "a summary.json".
nlohmann::ordered_json read_json_object_file(const std::filesystem::path& file, std::string_view what);

}  // namespace servesim
