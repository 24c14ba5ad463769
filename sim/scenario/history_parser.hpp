#pragma once
// Reads applications[i].history: the same JSON as a "workload" (any kind, read
// by parse_workload) plus "duration_s", the history's length:
//   "history": {"kind": "diurnal", "mean_qps": 50, "duration_s": 1209600}
// and draws it (ArrivalHistory) from the stream "history/<application>".
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>

#include "sim/core/json_node.hpp"
#include "sim/serving/arrival_history.hpp"

namespace servesim {

std::shared_ptr<const ArrivalHistory> parse_history(const JsonNode& node, const std::filesystem::path& base_dir,
                                                    std::uint64_t seed, const std::string& application);

}  // namespace servesim
