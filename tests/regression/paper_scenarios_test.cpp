// Every run the claims ledger needs (configs/scenarios/papers/claims.json),
// once each, checked two ways (a run that is only some claim's named run has
// no test of its own: it runs in the test of that claim's run):
//   - claims: every claim marked "asserted" must hold. A claim is asserted
//     only as the paper states it, and only while it holds here; whether the
//     others hold is reported in docs/paper_claims.md (scripts/claims.sh),
//     never asserted either way. A run whose claims need data that is not
//     here (an unset variable they require: the Proteus artifact) is skipped.
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

#include "sim/scenario/claims_report.hpp"
#include "sim/scenario/claims_runner.hpp"
#include "tests/regression/goldens.hpp"
#include "tests/regression/regression_support.hpp"

namespace servesim::test {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const fs::path kSource = SERVESIM_SOURCE_DIR;
const std::string kLedger = (kSource / "configs/scenarios/papers/claims.json").string();

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

// Under ctest the tests share one folder of runs (SERVESIM_LEDGER_RUNS, emptied
// before them: tests/CMakeLists.txt) and reuse what another test made, each
// run folder locked while it is made; alone, a test makes its runs in `scratch`.
fs::path runs_folder(const TempDir& scratch) {
  const char* shared = std::getenv("SERVESIM_LEDGER_RUNS");
  return shared != nullptr && *shared != '\0' ? fs::path(shared) : scratch.path();
}

class PaperScenarios : public ::testing::TestWithParam<std::size_t> {};

TEST_P(PaperScenarios, AssertedClaimsHoldAndOutcomesMatchTheGoldens) {
  const ClaimRun& run = ledger().runs.at(GetParam());
  TempDir scratch;
  ClaimsRunOptions options;
  options.out_dir = runs_folder(scratch);
  options.reuse = options.out_dir != scratch.path();
  options.jobs = 2;
  options.run = GetParam();
  const std::vector<ClaimResult> results = run_claims(ledger(), options);
  std::string not_run;
  bool needs_data = false;
  for (std::size_t i = 0; i < ledger().claims.size(); ++i) {
    if (!claim_selected(ledger(), i, options)) continue;
    const Claim& c = ledger().claims[i];
    needs_data = needs_data || !c.requires_env.empty();
    const ClaimResult& r = results[i];
    std::printf("[claims] %-14s %s", verdict_text(c, r).c_str(), c.id.c_str());
    for (double v : r.values) std::printf("  %g", v);
    std::printf("\n");
    if (!r.not_run.empty()) {
      not_run = r.not_run;  // its data is missing here: neither holding nor failing
      continue;
    }
    if (c.asserted) {
      EXPECT_TRUE(r.holds && *r.holds) << c.id << ": " << c.text << " " << r.error;
    }
  }
  if (!not_run.empty()) GTEST_SKIP() << "not run: " << not_run;
  // A run on data CI does not have (the Proteus artifact) keeps no goldens:
  // CI could never check them, and they would be numbers of that data.
  if (run.sets.empty() && !needs_data) check_or_update_goldens(run.scenario, options.out_dir / run.key, run.key);
}

std::string run_name(const ::testing::TestParamInfo<std::size_t>& info) {
  return test_name_of(ledger().runs.at(info.param).key);
}

INSTANTIATE_TEST_SUITE_P(Ledger, PaperScenarios, ::testing::ValuesIn(run_indices()), run_name);

}  // namespace
}  // namespace servesim::test
