#pragma once
// The example scenarios under configs/scenarios (papers/** too), each loaded
// as `servesim validate` would read it, with every object the loader and the
// policies' parameter readers checked recorded.
#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "object_recorder.hpp"
#include "policies/policy_registry.hpp"
#include "sim/scenario/overrides.hpp"
#include "sim/scenario/policy_context.hpp"
#include "sim/scenario/scenario_loader.hpp"

namespace servesim::test {

struct ExampleScenario {
  std::string file;
  nlohmann::json document;
  std::vector<ReadObject> objects;
};

// A JSON file is a scenario if it has "policies" (claims.json, catalogs and
// traces have none).
inline bool looks_like_scenario(const std::filesystem::path& file) {
  if (file.extension() != ".json") return false;
  const nlohmann::json doc = read_json_file(file.string());
  return doc.is_object() && doc.contains("policies");
}

// Overrides that cut every application's history to four hours: drawing MArk's
// two weeks of history takes minutes, and a value (not a key) changes.
inline std::vector<std::string> shorter_histories(const nlohmann::json& document) {
  std::vector<std::string> overrides;
  const auto& apps = document.value("applications", nlohmann::json::array());
  for (std::size_t a = 0; a < apps.size(); ++a) {
    if (apps[a].contains("history")) overrides.push_back("applications[" + std::to_string(a) + "].history.duration_s=14400");
  }
  return overrides;
}

// Loads the scenario with `changes` (--set assignments) and builds each of its
// policies (which reads the policy's params); throws InputError as `servesim
// validate` would.
inline ExampleScenario read_example(const std::filesystem::path& file, std::vector<std::string> changes = {}) {
  ObjectRecorder recorder;
  nlohmann::json document = read_json_file(file.string());
  apply_overrides(document, changes);
  for (std::string& shorter : shorter_histories(document)) changes.push_back(std::move(shorter));
  const Scenario scenario = load_scenario(file.string(), changes, &recorder);
  for (const PolicySpec& spec : scenario.policies) {
    build_scenario_policy(scenario, spec, nullptr, /*check_only=*/true, &recorder);  // as validate: no training
  }
  return {file.string(), document, recorder.objects()};
}

inline std::vector<std::filesystem::path> example_files() {
  std::vector<std::filesystem::path> files;
  const std::filesystem::path root = std::filesystem::path(SERVESIM_SOURCE_DIR) / "configs" / "scenarios";
  for (const auto& entry : std::filesystem::recursive_directory_iterator(root)) {
    if (entry.is_regular_file() && looks_like_scenario(entry.path())) files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace servesim::test
