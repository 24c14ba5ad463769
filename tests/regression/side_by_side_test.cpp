// The side-by-side scenarios (configs/scenarios/side_by_side/, issue 17),
// each shortened to its first two simulated hours: every policy listed runs to
// the end (servesim checks conservation of queries, device time and capacity,
// causality and money at the end of every run, and exits 3 naming a broken
// one), every policy sees the same queries (common random numbers), the
// fixed-cluster policies pay only their cluster and the elastic ones only
// instances and Lambda, and each policy's outcomes match its goldens
// (tests/regression/goldens/<scenario>/, rewritten only by
// scripts/update_goldens.sh). Which policy wins is the results page's
// (docs/side_by_side.md), not a test's.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tests/regression/goldens.hpp"
#include "tests/regression/regression_support.hpp"

namespace servesim::test::side_by_side_test {  // its own: unity builds join test files
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const fs::path kScenarios = fs::path(SERVESIM_SOURCE_DIR) / "configs/scenarios/side_by_side";
constexpr const char* kTwoHours = "duration_s=7200";

class SideBySide : public ::testing::TestWithParam<std::string> {};

TEST_P(SideBySide, EveryPolicyRunsOnTheSameQueriesPaysItsOwnWayAndMatchesItsGoldens) {
  const fs::path file = kScenarios / (GetParam() + ".json");
  const json scenario = read_json(file);
  TempDir scratch;
  const fs::path out = scratch.path() / "out";
  const CliResult r = run_servesim(
      {"run", file.string(), "--out", out.string(), "--quiet", "--jobs", "2", "--set", kTwoHours}, scratch.path());
  ASSERT_EQ(r.status, 0) << r.err;

  ASSERT_FALSE(scenario.at("policies").empty());
  double arrived = -1;
  for (const json& policy : scenario.at("policies")) {
    const std::string label = policy.at("label");
    SCOPED_TRACE(label);
    const json s = read_json(out / label / "summary.json");
    EXPECT_FALSE(s.contains("partial"));
    const double a = s.at("queries").at("arrived").get<double>();
    if (arrived < 0) arrived = a;
    EXPECT_EQ(a, arrived) << "every policy sees the same arrivals";
    EXPECT_GT(s.at("queries").at("completed").get<double>(), 0);
    const json& cost = s.at("cost");
    if (policy.contains("cluster")) {
      EXPECT_GT(cost.at("fixed").get<double>(), 0);
      EXPECT_EQ(cost.at("on_demand").get<double>() + cost.at("spot").get<double>() + cost.at("lambda").get<double>(),
                0);
    } else {
      EXPECT_EQ(cost.at("fixed").get<double>(), 0);
      EXPECT_GT(cost.at("on_demand").get<double>() + cost.at("spot").get<double>(), 0);
    }
  }
  check_or_update_goldens(file.string(), out, "side_by_side/" + GetParam());
}

// Every shipped side-by-side scenario, found on disk: a new world is checked
// (and needs goldens) the moment it is shipped.
std::vector<std::string> shipped_scenarios() {
  std::vector<std::string> stems;
  for (const auto& entry : fs::directory_iterator(kScenarios)) {
    if (entry.path().extension() == ".json") stems.push_back(entry.path().stem().string());
  }
  std::sort(stems.begin(), stems.end());
  return stems;
}

INSTANTIATE_TEST_SUITE_P(Scenarios, SideBySide, ::testing::ValuesIn(shipped_scenarios()),
                         [](const ::testing::TestParamInfo<std::string>& info) { return info.param; });

}  // namespace
}  // namespace servesim::test::side_by_side_test
