#pragma once
// Outcome goldens (tests/regression/goldens/<scenario>/<label>.json): each
// policy's key outcomes of a scenario's run, compared with a fresh run within
// goldens/tolerances.json. Goldens are regression, not truth: a behaviour
// change fails until scripts/update_goldens.sh (UPDATE_GOLDENS=1) rewrites
// them, and the rewrite is a reviewed diff. Shared by the paper scenarios and
// the side-by-side scenarios.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tests/regression/regression_support.hpp"

namespace servesim::test {

namespace goldens_detail {
namespace fs = std::filesystem;
using nlohmann::json;

inline const fs::path kGoldenSource = SERVESIM_SOURCE_DIR;
inline const fs::path kGoldens = kGoldenSource / "tests/regression/goldens";

// The outcomes a golden keeps: counts, rates, accuracy, cost, offline inputs
// done (null without offline jobs), and every policy counter.
inline const std::vector<std::string> kGoldenMetrics = {
    "queries.arrived", "queries.completed", "queries.on_time",    "queries.late",        "queries.dropped",
    "queries.rejected", "queries.unfinished", "throughput_qps",   "goodput_qps",         "violation_ratio",
    "effective_accuracy", "max_accuracy_drop", "cost.total",      "cost.memory_normalized", "drain_s",
    "offline.inputs_done"};

inline void flatten(const json& node, const std::string& prefix, json& out) {
  for (const auto& [key, value] : node.items()) {
    const std::string name = prefix + "." + key;
    if (value.is_object()) {
      flatten(value, name, out);
    } else if (value.is_number()) {
      out[name] = value;
    }
  }
}

inline json golden_metrics(const fs::path& summary_file) {
  const json s = read_json(summary_file);
  json metrics = json::object();
  for (const auto& name : kGoldenMetrics) {
    const json* node = &s;
    std::size_t begin = 0;
    while (node && begin <= name.size()) {
      const std::size_t dot = std::min(name.find('.', begin), name.size());
      const std::string key = name.substr(begin, dot - begin);
      node = node->is_object() && node->contains(key) ? &(*node)[key] : nullptr;
      begin = dot + 1;
    }
    metrics[name] = node ? *node : json();
  }
  flatten(s.at("policy_counters"), "policy_counters", metrics);
  return metrics;
}

struct Tolerance {
  double rel = 0, abs = 0;
};

inline Tolerance tolerance_of(const std::string& metric) {
  static const json t = read_json(kGoldens / "tolerances.json");
  json chosen = t.at("default");
  for (const auto& [key, value] : t.at("metrics").items()) {
    const bool wildcard = key.size() > 2 && key.compare(key.size() - 2, 2, ".*") == 0;
    if (key == metric || (wildcard && metric.rfind(key.substr(0, key.size() - 1), 0) == 0)) chosen = value;
  }
  return Tolerance{chosen.at("rel").get<double>(), chosen.at("abs").get<double>()};
}

inline void expect_matches(const json& golden, const json& fresh, const std::string& who) {
  for (const auto& [metric, want] : golden.items()) {
    ASSERT_TRUE(fresh.contains(metric)) << who << ": " << metric << " is gone";
    const json& got = fresh.at(metric);
    if (want.is_null() || got.is_null()) {
      EXPECT_EQ(want.is_null(), got.is_null()) << who << ": " << metric;
      continue;
    }
    const Tolerance t = tolerance_of(metric);
    const double w = want.get<double>(), g = got.get<double>();
    EXPECT_LE(std::abs(g - w), t.abs + t.rel * std::abs(w)) << who << ": " << metric << " was " << w << ", is " << g;
  }
  for (const auto& [metric, value] : fresh.items()) {
    EXPECT_TRUE(golden.contains(metric)) << who << ": " << metric << " is new (scripts/update_goldens.sh)";
  }
}

// Each run folder under `runs` (one per policy label) against
// goldens/<scenario file's stem>/<label>.json, or, with UPDATE_GOLDENS set
// (scripts/update_goldens.sh), rewrites them. `who` names the run in failures.
inline void check_or_update_goldens(const std::string& scenario, const fs::path& runs, const std::string& who) {
  const fs::path dir = kGoldens / fs::path(scenario).stem();
  const bool update = std::getenv("UPDATE_GOLDENS") != nullptr;
  if (update) fs::create_directories(dir);
  for (const auto& entry : fs::directory_iterator(runs)) {
    if (!entry.is_directory()) continue;
    const std::string label = entry.path().filename().string();
    const json fresh = golden_metrics(entry.path() / "summary.json");
    const fs::path file = dir / (label + ".json");
    if (update) {
      const json golden = {{"scenario", fs::relative(scenario, kGoldenSource).string()}, {"policy", label},
                           {"metrics", fresh}};
      std::ofstream(file) << golden.dump(2) << "\n";
      continue;
    }
    ASSERT_TRUE(fs::exists(file)) << file << " is missing: run scripts/update_goldens.sh";
    expect_matches(read_json(file).at("metrics"), fresh, who + "/" + label);
  }
}

}  // namespace goldens_detail

using goldens_detail::check_or_update_goldens;

}  // namespace servesim::test
