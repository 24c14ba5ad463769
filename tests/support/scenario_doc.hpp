#pragma once
// A scenario written as JSON into a test's folder and loaded by the real
// loader, as a user's file would be. Shared by the test worlds.
#include <nlohmann/json.hpp>
#include <string>

#include "sim/scenario/scenario_loader.hpp"
#include "tests/support/temp_dir.hpp"

namespace servesim::test {

inline Scenario load_doc(const TempDir& dir, const nlohmann::json& doc, const std::string& name = "scenario.json") {
  const auto file = dir.write(name, doc.dump(2));
  return load_scenario(file.string());
}

}  // namespace servesim::test
