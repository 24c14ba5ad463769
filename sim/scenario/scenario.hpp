#pragma once
// A loaded, validated scenario: the world every policy run shares, the policies
// to compare, and where the results go. Immutable once loaded.
#include <filesystem>
#include <memory>
#include <optional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "sim/core/json_node.hpp"
#include "sim/metrics/memory_cost.hpp"
#include "sim/serving/simulation_config.hpp"

namespace servesim {

struct PolicySpec {
  std::string name;    // registry name, e.g. "static"
  std::string label;   // unique in the scenario; names the run folder
  nlohmann::json name_json;
  nlohmann::json params;
  std::string path;    // JSON path of the entry, for errors
  // The entry's own "cluster", when it has one: the scenario's world with
  // that cluster in place of the scenario's (the same applications, SLOs and
  // workload), e.g. a fixed-cluster policy beside elastic ones.
  std::shared_ptr<const SimulationConfig> own_world;
  // "oracle": true lets the policy read the run's future arrivals
  // (policies/arrival_oracle.hpp), as an oracle mode of it asks to.
  bool oracle = false;

  JsonNode name_node(const std::string& file) const { return JsonNode(name_json, file, path + ".name"); }
  JsonNode params_node(const std::string& file, JsonObjectObserver* observer = nullptr) const {
    return JsonNode(params, file, path + ".params", observer);
  }
};

struct OutputSpec {
  std::filesystem::path dir;  // run folders go to dir/<policy label>/
  bool queries_csv = false;
  // "metrics": "proteus-artifact" adds the Proteus artifact's violation ratio
  // to summary.json (run_summary.hpp).
  bool proteus_artifact_metrics = false;
  // INFaaS section 6.2's memory-proportional cost as a reported column
  // (sim/metrics/memory_cost.hpp); empty: not reported.
  std::optional<MemoryPrices> memory_prices;
};

struct Scenario {
  std::string name;
  std::string description;
  std::string file;  // as given on the command line
  std::string sha256;                  // of the file's bytes as read
  std::vector<std::string> overrides;  // the --set assignments applied, in order
  SimulationConfig world;
  std::vector<PolicySpec> policies;
  OutputSpec outputs;

  const SimulationConfig& world_of(const PolicySpec& spec) const { return spec.own_world ? *spec.own_world : world; }
};

}  // namespace servesim
