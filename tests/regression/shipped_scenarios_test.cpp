// Every scenario shipped under configs/scenarios (but the side-by-side days,
// below) runs, shortened, with the checks every run makes at its end
// (docs/invariants.md: queries, device time, causality, money): a new
// scenario is covered the day it is added. Scenarios
// that read data from outside the project (${VAR} paths) are skipped when the
// variable is unset.
#include <gtest/gtest.h>

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

TEST(ShippedScenarios, EveryOneRunsAndHoldsItsInvariants) {
  const auto files = shipped_scenarios();
  ASSERT_GE(files.size(), 10u);
  for (const auto& file : files) {
    SCOPED_TRACE(file.string());
    if (const std::string var = missing_variable(file); !var.empty()) {
      std::printf("[shipped] skipped %s: ${%s} is not set\n", file.filename().c_str(), var.c_str());
      continue;
    }
    TempDir dir;
    const CliResult r = run_servesim(
        // No warm-up: a scenario's own (the side-by-side days' 600 s) may be longer than the 40 s.
        {"run", file.string(), "--out", (dir.path() / "out").string(), "--quiet", "--set", "duration_s=40", "--set",
         "outputs.warmup_s=0"},
        dir.path());
    EXPECT_EQ(r.status, 0) << r.err;  // exit 3 would name the broken invariant
  }
}

}  // namespace
}  // namespace servesim::test
