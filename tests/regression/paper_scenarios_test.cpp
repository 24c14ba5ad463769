// Every run the claims ledger needs (configs/scenarios/papers/claims.json),
// once each, checked two ways (a run that is only some claim's named run has
// no test of its own: it runs in the test of that claim's run):
//   - claims: every claim marked "asserted" must hold. A claim is asserted
//     only as the paper states it, and only while it holds here; whether the
//     others hold is reported in docs/paper_claims.md (scripts/claims.sh),
//     never asserted either way.
//   - goldens: for a scenario's own run (no --set), each policy's key
//     outcomes must match tests/regression/goldens/<scenario>/<label>.json
//     within tests/regression/goldens/tolerances.json. Goldens are regression,
//     not truth: a behaviour change fails here until scripts/update_goldens.sh
//     (UPDATE_GOLDENS=1) rewrites them, and the rewrite is a reviewed diff.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "sim/scenario/claims_runner.hpp"
#include "tests/regression/regression_support.hpp"

namespace servesim::test {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const fs::path kSource = SERVESIM_SOURCE_DIR;
const std::string kLedger = (kSource / "configs/scenarios/papers/claims.json").string();
const fs::path kGoldens = kSource / "tests/regression/goldens";

// The outcomes a golden keeps: counts, rates, accuracy, cost, offline inputs
// done (null without offline jobs), and every policy counter.
const std::vector<std::string> kGoldenMetrics = {
    "queries.arrived", "queries.completed", "queries.on_time",    "queries.late",        "queries.dropped",
    "queries.rejected", "queries.unfinished", "throughput_qps",   "goodput_qps",         "violation_ratio",
    "effective_accuracy", "max_accuracy_drop", "cost.total",      "cost.memory_normalized", "drain_s",
    "offline.inputs_done"};

void flatten(const json& node, const std::string& prefix, json& out) {
  for (const auto& [key, value] : node.items()) {
    const std::string name = prefix + "." + key;
    if (value.is_object()) {
      flatten(value, name, out);
    } else if (value.is_number()) {
      out[name] = value;
    }
  }
}

json golden_metrics(const fs::path& summary_file) {
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

Tolerance tolerance_of(const std::string& metric) {
  static const json t = read_json(kGoldens / "tolerances.json");
  json chosen = t.at("default");
  for (const auto& [key, value] : t.at("metrics").items()) {
    const bool wildcard = key.size() > 2 && key.compare(key.size() - 2, 2, ".*") == 0;
    if (key == metric || (wildcard && metric.rfind(key.substr(0, key.size() - 1), 0) == 0)) chosen = value;
  }
  return Tolerance{chosen.at("rel").get<double>(), chosen.at("abs").get<double>()};
}

void expect_matches(const json& golden, const json& fresh, const std::string& who) {
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

void check_or_update_goldens(const ClaimRun& run, const fs::path& runs) {
  const fs::path dir = kGoldens / fs::path(run.scenario).stem();
  const bool update = std::getenv("UPDATE_GOLDENS") != nullptr;
  if (update) fs::create_directories(dir);
  for (const auto& entry : fs::directory_iterator(runs)) {
    if (!entry.is_directory()) continue;
    const std::string label = entry.path().filename().string();
    const json fresh = golden_metrics(entry.path() / "summary.json");
    const fs::path file = dir / (label + ".json");
    if (update) {
      const json golden = {{"scenario", fs::relative(run.scenario, kSource).string()}, {"policy", label},
                           {"metrics", fresh}};
      std::ofstream(file) << golden.dump(2) << "\n";
      continue;
    }
    ASSERT_TRUE(fs::exists(file)) << file << " is missing: run scripts/update_goldens.sh";
    expect_matches(read_json(file).at("metrics"), fresh, run.key + "/" + label);
  }
}

const ClaimsLedger& ledger() {
  static const ClaimsLedger l = load_claims(kLedger);
  return l;
}

// The runs that are some claim's own run; they select claims, the others
// (named runs only) would select none.
std::vector<std::size_t> run_indices() {
  const std::vector<std::size_t>& own = ledger().run_of;
  std::vector<std::size_t> out;
  for (std::size_t r = 0; r < ledger().runs.size(); ++r) {
    if (std::find(own.begin(), own.end(), r) != own.end()) out.push_back(r);
  }
  return out;
}

class PaperScenarios : public ::testing::TestWithParam<std::size_t> {};

TEST_P(PaperScenarios, AssertedClaimsHoldAndOutcomesMatchTheGoldens) {
  const ClaimRun& run = ledger().runs.at(GetParam());
  TempDir scratch;
  ClaimsRunOptions options;
  options.out_dir = scratch.path();
  options.jobs = 2;
  options.run = GetParam();
  const std::vector<ClaimResult> results = run_claims(ledger(), options);
  for (std::size_t i = 0; i < ledger().claims.size(); ++i) {
    if (!claim_selected(ledger(), i, options)) continue;
    const Claim& c = ledger().claims[i];
    const ClaimResult& r = results[i];
    std::printf("[claims] %-14s %s", r.holds ? (*r.holds ? "holds" : "does not hold") : "not evaluated", c.id.c_str());
    for (double v : r.values) std::printf("  %g", v);
    std::printf("\n");
    if (c.asserted) {
      EXPECT_TRUE(r.holds && *r.holds) << c.id << ": " << c.text << " " << r.error;
    }
  }
  if (run.sets.empty()) check_or_update_goldens(run, scratch.path() / run.key);
}

std::string run_name(const ::testing::TestParamInfo<std::size_t>& info) {
  std::string name = ledger().runs.at(info.param).key;
  for (char& c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return name;
}

INSTANTIATE_TEST_SUITE_P(Ledger, PaperScenarios, ::testing::ValuesIn(run_indices()), run_name);

}  // namespace
}  // namespace servesim::test
