// Every scenario shipped under configs/scenarios (but the side-by-side days
// and the claims ledger's, run whole elsewhere; below) runs, shortened, with the checks every run makes at its end
// (docs/invariants.md: queries, device time, causality, money): a new
// scenario is covered the day it is added. Scenarios
// that read data from outside the project (${VAR} paths) are skipped when the
// variable is unset.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <regex>
#include <set>
#include <string>

#include "sim/scenario/claims_ledger.hpp"
#include "tests/regression/regression_support.hpp"

namespace servesim::test {
namespace {

namespace fs = std::filesystem;

// The scenarios a claim of the ledger runs as they are: PaperScenarios runs
// them whole, under the same end-of-run checks.
std::set<fs::path> ledger_scenarios(const fs::path& scenarios_dir) {
  const ClaimsLedger ledger = load_claims((scenarios_dir / "papers/claims.json").string());
  std::set<fs::path> out;
  for (const std::size_t r : ledger.run_of) out.insert(fs::weakly_canonical(ledger.runs.at(r).scenario));
  return out;
}

std::vector<fs::path> shipped_scenarios() {
  const fs::path dir = fs::path(SERVESIM_SOURCE_DIR) / "configs/scenarios";
  const std::set<fs::path> in_ledger = ledger_scenarios(dir);
  std::set<fs::path> files;  // sorted: the order does not depend on the file system
  for (const auto& entry : fs::recursive_directory_iterator(dir)) {
    // The side-by-side days run for two hours, goldens and all, in
    // side_by_side_test.cpp, and the ledger's scenarios whole in
    // paper_scenarios_test.cpp: 40 s of them here would only repeat their
    // start-up (a day of history, MArk's LSTMs) at up to a minute of CPU each.
    if (entry.is_regular_file() && entry.path().extension() == ".json" &&
        entry.path().filename() != "claims.json" && entry.path().parent_path().filename() != "side_by_side" &&
        !in_ledger.contains(fs::weakly_canonical(entry.path()))) {
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
  return test_name_of(
      fs::relative(info.param, fs::path(SERVESIM_SOURCE_DIR) / "configs/scenarios").replace_extension().string());
}

INSTANTIATE_TEST_SUITE_P(Every, ShippedScenarios, ::testing::ValuesIn(shipped_scenarios()), test_name);

TEST(ShippedScenarioList, HoldsTheExamplesAndNotTheLedgers) {
  const fs::path dir = fs::path(SERVESIM_SOURCE_DIR) / "configs/scenarios";
  const auto files = shipped_scenarios();
  EXPECT_NE(std::find(files.begin(), files.end(), dir / "quickstart.json"), files.end());
  EXPECT_EQ(std::find(files.begin(), files.end(), dir / "papers/infaas/figure1_colocation.json"), files.end());
}

}  // namespace
}  // namespace servesim::test
