// What a claim's expressions read: `label:path` from the claim's own run
// folder, `run/label:path` from the folder of one of its named runs.
#include "sim/scenario/claim_run_results.hpp"

#include <gtest/gtest.h>

#include "sim/core/input_error.hpp"
#include "sim/scenario/claims_ledger.hpp"
#include "tests/support/temp_dir.hpp"

namespace servesim {
namespace {

const char* kSeries = "window_start_s,window_end_s,app,load\n0,10,all,2\n10,20,all,4\n";

// Two run folders as `servesim run` writes them: the claim's own (co-located)
// and its "alone" run, each with a label "p".
struct TwoRunFolders {
  test::TempDir dir;
  TwoRunFolders() {
    dir.write("01-s/p/summary.json", R"({"violation_ratio": 0.3})");
    dir.write("01-s/p/timeseries.csv", kSeries);
    dir.write("02-s/p/summary.json", R"({"violation_ratio": 0.1})");
    dir.write("02-s/p/timeseries.csv", std::string(kSeries) + "20,30,all,12\n");
  }
  ClaimRunResults results() const {
    return ClaimRunResults(dir.path() / "01-s", {{"alone", dir.path() / "02-s"}}, "claims.json: claims[0] (a)");
  }
};

TEST(ClaimRunResults, ASlashedLabelReadsTheNamedRunsFolder) {
  const TwoRunFolders folders;
  const ClaimRunResults results = folders.results();
  EXPECT_DOUBLE_EQ(results.field("p", "violation_ratio"), 0.3);
  EXPECT_DOUBLE_EQ(results.field("alone/p", "violation_ratio"), 0.1);
  EXPECT_DOUBLE_EQ(results.series("p", "load", "max", 0, 30, "all"), 4);
  EXPECT_DOUBLE_EQ(results.series("alone/p", "load", "max", 0, 30, "all"), 12);
}

TEST(ClaimRunResults, AClaimComparesItsRunWithANamedRun) {
  const TwoRunFolders folders;
  const std::string ledger = R"json({"claims": [{"id": "a", "paper": "P", "claim": "co-location costs",
    "kind": "direction", "paper_value": "v", "scenario": "s.json", "runs": {"alone": ["x=1"]},
    "value": "p:violation_ratio / alone/p:violation_ratio",
    "holds": "value > 2 and series(alone/p, load, last, 0, 30) > series(p, load, last, 0, 30)"}]})json";
  const ClaimsLedger l = load_claims(folders.dir.write("claims.json", ledger).string());
  const ClaimResult r = evaluate_claim(l.claims[0], folders.results());
  ASSERT_EQ(r.values.size(), 1u);
  EXPECT_DOUBLE_EQ(r.values[0], 3);
  EXPECT_TRUE(r.holds && *r.holds) << r.error;
}

// A missing label or field in a named run names the claim and the run.
TEST(ClaimRunResults, ErrorsNameTheRun) {
  const TwoRunFolders folders;
  const ClaimRunResults results = folders.results();
  try {
    results.field("alone/p", "nothing");
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("claims[0] (a), run \"alone\": p:nothing"), std::string::npos) << e.what();
  }
  EXPECT_THROW(results.field("alone/q", "violation_ratio"), InputError);
  EXPECT_THROW(results.field("solo/p", "violation_ratio"), InputError);
}

}  // namespace
}  // namespace servesim
