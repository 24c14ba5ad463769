// What `servesim run` writes besides the numbers: the policy's actions and
// counters in summary.json, wall-clock figures only in timing.json,
// comparison.csv merged by label under --policy, each row with its config,
// the run's provenance, and the summary over the measured span when a
// warm-up is set.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "sim/core/sha256.hpp"
#include "sim/scenario/build_info.hpp"
#include "tests/regression/regression_support.hpp"
#include "toy_scenario.hpp"

namespace servesim::test {
namespace {

using nlohmann::json;

json two_policies() {
  json s = base_scenario();
  s["duration_s"] = 20;
  s["policies"].push_back({{"name", "static"}, {"label", "gpu"},
                           {"params", {{"placement", json::array({{{"variant", "big"}, {"device_type", "gpu"}}})}}}});
  return s;
}

CliResult run(const TempDir& dir, const json& scenario, const std::vector<std::string>& extra = {}) {
  const auto file = dir.write("scenario.json", scenario.dump());
  std::vector<std::string> args = {"run", file.string(), "--out", (dir.path() / "out").string(), "--quiet"};
  args.insert(args.end(), extra.begin(), extra.end());
  return run_servesim(args, dir.path());
}

TEST(RunOutputs, SummaryHasThePolicysActionsAndTimingHasTheWallClock) {
  TempDir dir;
  ASSERT_EQ(run(dir, two_policies()).status, 0);
  const json s = read_json(dir.path() / "out" / "static" / "summary.json");
  ASSERT_TRUE(s.contains("policy_counters"));
  EXPECT_EQ(s["policy_counters"]["actions"]["load_replica"], 2);  // its two CPU replicas
  EXPECT_EQ(s["policy_counters"]["actions"]["launch_instance"], 0);
  const json t = read_json(dir.path() / "out" / "static" / "timing.json");
  for (const char* key : {"wall_s", "events", "simulated_queries", "queries_per_wall_s", "process_peak_rss_mib"}) {
    EXPECT_TRUE(t.contains(key)) << key;
  }
  EXPECT_FALSE(read_text(dir.path() / "out" / "comparison.csv").find("wall") != std::string::npos);
}

// One policy at a time gives the same comparison.csv as both at once.
TEST(RunOutputs, PolicyRunsMergeIntoComparisonCsv) {
  TempDir both, one_by_one;
  ASSERT_EQ(run(both, two_policies()).status, 0);
  ASSERT_EQ(run(one_by_one, two_policies(), {"--policy", "gpu"}).status, 0);
  ASSERT_EQ(run(one_by_one, two_policies(), {"--policy", "static"}).status, 0);
  EXPECT_EQ(read_text(both.path() / "out" / "comparison.csv"), read_text(one_by_one.path() / "out" / "comparison.csv"));
}

// How a run was made: summary.json's provenance holds the build, the sha256
// of the scenario file's bytes and the overrides in order; `config` tells two
// invocations apart, and comparison.csv carries it per row, so that a row kept
// from a run with other overrides is marked, and servesim says so.
TEST(RunOutputs, ProvenanceTellsTwoRunsWithOtherOverridesApart) {
  TempDir dir;
  ASSERT_EQ(run(dir, two_policies(), {"--set", "seed=3", "--set", "duration_s=10"}).status, 0);
  const json first = read_json(dir.path() / "out" / "gpu" / "summary.json");
  const json& p = first["provenance"];
  EXPECT_EQ(p["scenario_sha256"], sha256_hex(read_text(dir.path() / "scenario.json")));
  EXPECT_EQ(p["overrides"], json::array({"seed=3", "duration_s=10"}));
  EXPECT_EQ(p["servesim_version"], servesim_version());
  EXPECT_EQ(p["servesim_commit"], servesim_commit());
  EXPECT_EQ(first["seed"], 3);
  const std::string first_config = p["config"];
  ASSERT_EQ(first_config.size(), 16u);

  const CliResult second = run(dir, two_policies(), {"--policy", "gpu", "--set", "seed=4", "--set", "duration_s=10"});
  ASSERT_EQ(second.status, 0);
  const std::string second_config = read_json(dir.path() / "out" / "gpu" / "summary.json")["provenance"]["config"];
  EXPECT_NE(second_config, first_config);
  // The static row is the first run's, marked by its config; the gpu row is this one's.
  const std::string csv = read_text(dir.path() / "out" / "comparison.csv");
  EXPECT_NE(csv.find(",config\n"), std::string::npos) << csv;
  const auto row_of = [&](const std::string& label) {
    const std::size_t at = csv.find("," + label + ",");
    return at == std::string::npos ? std::string() : csv.substr(at, csv.find('\n', at) - at);
  };
  EXPECT_TRUE(row_of("static").ends_with("," + first_config)) << csv;
  EXPECT_TRUE(row_of("gpu").ends_with("," + second_config)) << csv;
  EXPECT_NE(second.err.find("keeps the rows of static from a run with another scenario text or overrides"),
            std::string::npos)
      << second.err;
  // The same overrides again: the same config, and no note.
  const CliResult again = run(dir, two_policies(), {"--policy", "static", "--set", "seed=4", "--set", "duration_s=10"});
  EXPECT_EQ(read_json(dir.path() / "out" / "static" / "summary.json")["provenance"]["config"], second_config);
  EXPECT_EQ(again.err.find("keeps the rows"), std::string::npos) << again.err;
}

// The owned cluster (2 CPUs at $0, a GPU at $1/h) costs $1/h over the
// measured 20 - 5 s, whatever the drain; only queries after 5 s count.
TEST(RunOutputs, WarmupLeavesTheFirstSecondsOutOfTheSummary) {
  TempDir dir;
  json s = two_policies();
  s["outputs"] = {{"warmup_s", 5}, {"window_s", 1}};
  ASSERT_EQ(run(dir, s).status, 0);
  const json summary = read_json(dir.path() / "out" / "gpu" / "summary.json");
  EXPECT_NEAR(summary["cost"]["total"].get<double>(), 15.0 / 3600, 1e-6);
  EXPECT_EQ(summary["warmup_s"], 5);
  const Csv series = read_csv(dir.path() / "out" / "gpu" / "timeseries.csv");
  std::uint64_t after = 0, all = 0;
  for (std::size_t r = 0; r < series.rows.size(); ++r) {
    const auto n = std::stoull(series.values("arrivals")[r]);
    all += n;
    if (std::stod(series.values("window_start_s")[r]) >= 5) after += n;
  }
  EXPECT_GT(all, after);
  EXPECT_EQ(summary["queries"]["arrived"].get<std::uint64_t>(), after);
}

}  // namespace
}  // namespace servesim::test
