// Every scenario shipped under configs/scenarios (but the side-by-side days,
// below) runs, shortened, with the checks every run makes at its end
// (docs/invariants.md: queries, device time, causality, money): a new
// scenario is covered the day it is added. Scenarios
// that read data from outside the project (${VAR} paths) are skipped when the
// variable is unset.
#include <gtest/gtest.h>

#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <regex>
#include <set>
#include <string>

#include "tests/regression/regression_support.hpp"

namespace servesim::test {
namespace {

namespace fs = std::filesystem;

std::vector<fs::path> shipped_scenarios() {
  std::set<fs::path> files;  // sorted: the order does not depend on the file system
  for (const auto& entry : fs::recursive_directory_iterator(fs::path(SERVESIM_SOURCE_DIR) / "configs/scenarios")) {
    // The side-by-side days run for two hours, goldens and all, in
    // side_by_side_test.cpp: 40 s of them here would only repeat their
    // start-up (a day of history, MArk's LSTMs) at a minute of CPU each.
    if (entry.is_regular_file() && entry.path().extension() == ".json" &&
        entry.path().filename() != "claims.json" && entry.path().parent_path().filename() != "side_by_side") {
      files.insert(entry.path());
    }
  }
  return {files.begin(), files.end()};
}

// The first ${VAR} the file uses that is not set, if any.
std::string missing_variable(const fs::path& file) {
  const std::string text = read_text(file);
  static const std::regex var(R"(\$\{([A-Za-z_][A-Za-z0-9_]*)\})");
  for (std::sregex_iterator it(text.begin(), text.end(), var), end; it != end; ++it) {
    if (std::getenv((*it)[1].str().c_str()) == nullptr) return (*it)[1].str();
  }
  return "";
}

// One test per file, so that ctest runs them side by side and names the one that fails.
class ShippedScenarios : public ::testing::TestWithParam<fs::path> {};

TEST_P(ShippedScenarios, RunsAndHoldsItsInvariants) {
  const fs::path& file = GetParam();
  if (const std::string var = missing_variable(file); !var.empty()) {
    GTEST_SKIP() << file.filename().string() << ": ${" << var << "} is not set";
  }
  TempDir dir;
  const CliResult r = run_servesim(
      // No warm-up: a scenario's own (the side-by-side days' 600 s) may be longer than the 40 s.
      {"run", file.string(), "--out", (dir.path() / "out").string(), "--quiet", "--set", "duration_s=40", "--set",
       "outputs.warmup_s=0"},
      dir.path());
  EXPECT_EQ(r.status, 0) << r.err;  // exit 3 would name the broken invariant
}

// The file's path below configs/scenarios, with what a test name cannot hold as '_'.
std::string test_name(const ::testing::TestParamInfo<fs::path>& info) {
  std::string name = fs::relative(info.param, fs::path(SERVESIM_SOURCE_DIR) / "configs/scenarios").replace_extension().string();
  for (char& c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return name;
}

INSTANTIATE_TEST_SUITE_P(Every, ShippedScenarios, ::testing::ValuesIn(shipped_scenarios()), test_name);

TEST(ShippedScenarioList, HoldsTheExamplesAndThePaperScenarios) { EXPECT_GE(shipped_scenarios().size(), 10u); }

}  // namespace
}  // namespace servesim::test
