// The claims ledger: loading (errors name the claim and field), the runs it
// needs, reading run folders back, and evaluating a claim.
#include "sim/scenario/claims_ledger.hpp"

#include <gtest/gtest.h>

#include <map>
#include <sstream>

#include "sim/core/input_error.hpp"
#include "sim/scenario/claims_report.hpp"
#include "sim/scenario/run_results.hpp"
#include "tests/support/temp_dir.hpp"

namespace servesim {
namespace {

const char* kTwoClaims = R"json({"claims": [
  {"id": "a", "paper": "P", "claim": "x is small", "paper_value": 4.3, "scenario": "s.json",
   "value": "p:x", "holds": "value < 1", "asserted": true},
  {"id": "b", "paper": "P", "claim": "y", "scenario": "s.json", "set": ["seed=2"],
   "value": ["p:x", "series(p, load, mean, 0, 20)"], "unit": "x", "holds": "p:x > 0"},
  {"id": "c", "paper": "P", "claim": "z", "scenario": "./s.json", "holds": "q:nothing > 0",
   "explanation": "why not"}]})json";

// Claim a names two runs; b's "solo" is a's "alone" (the same scenario and
// overrides), and c's own run is a's "idle": each is run once.
const char* kNamedRuns = R"json({"claims": [
  {"id": "a", "paper": "P", "claim": "x", "scenario": "s.json", "set": ["seed=2"],
   "runs": {"alone": ["x=1"], "idle": ["x=2"]}, "value": "p:x / alone/p:x", "holds": "value > 1"},
  {"id": "b", "paper": "P", "claim": "y", "scenario": "s.json", "runs": {"solo": ["seed=2", "x=1"]},
   "holds": "series(solo/p, load, mean, 0, 20) > 0"},
  {"id": "c", "paper": "P", "claim": "z", "scenario": "s.json", "set": ["seed=2", "x=2"], "holds": "p:x > 0"}]})json";

std::string error_of(const test::TempDir& dir, const std::string& text) {
  try {
    load_claims(dir.write("claims.json", text).string());
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

TEST(ClaimsLedger, ClaimsShareRunsByScenarioAndOverrides) {
  test::TempDir dir;
  const ClaimsLedger l = load_claims(dir.write("claims.json", kTwoClaims).string());
  ASSERT_EQ(l.claims.size(), 3u);
  EXPECT_EQ(l.claims[0].paper_value, "4.3");
  EXPECT_TRUE(l.claims[0].asserted);
  ASSERT_EQ(l.runs.size(), 2u);  // s.json, and s.json with seed=2 ("./s.json" is the same file)
  EXPECT_EQ(l.run_of, (std::vector<std::size_t>{0, 1, 0}));
  EXPECT_EQ(l.runs[0].key, "01-s");
  EXPECT_EQ(l.runs[1].key, "02-s");
}

TEST(ClaimsLedger, NamedRunsAreRunsSharedLikeAnyOther) {
  test::TempDir dir;
  const ClaimsLedger l = load_claims(dir.write("claims.json", kNamedRuns).string());
  EXPECT_EQ(l.claims[0].runs, (std::map<std::string, std::vector<std::string>>{{"alone", {"x=1"}}, {"idle", {"x=2"}}}));
  ASSERT_EQ(l.runs.size(), 4u);
  EXPECT_EQ(l.runs[1].sets, (std::vector<std::string>{"seed=2", "x=1"}));  // the claim's "set", then the run's
  EXPECT_EQ(l.runs[2].sets, (std::vector<std::string>{"seed=2", "x=2"}));
  EXPECT_TRUE(l.runs[3].sets.empty());
  EXPECT_EQ(l.runs[3].key, "04-s");
  EXPECT_EQ(l.run_of, (std::vector<std::size_t>{0, 3, 2}));
  using Named = std::map<std::string, std::size_t>;
  EXPECT_EQ(l.named_runs_of, (std::vector<Named>{{{"alone", 1}, {"idle", 2}}, {{"solo", 1}}, {}}));
}

TEST(ClaimsLedger, AReferenceToARunTheClaimDoesNotNameIsAnError) {
  test::TempDir dir;
  const std::string claim = R"({"claims": [{"id": "a", "paper": "P", "claim": "c", "scenario": "s", )";
  EXPECT_NE(error_of(dir, claim + R"("runs": {"solo": [], "idle": []}, "value": ["p:x", "alone/p:x"],
                                     "holds": "1"}]})")
                .find("claims.json: claims[0].value[1]: unknown run \"alone\" (the claim's runs: idle, solo)"),
            std::string::npos);
  EXPECT_NE(error_of(dir, claim + R"("holds": "series(alone/p, load, max, 0, 1) > 0"}]})")
                .find("claims[0].holds: unknown run \"alone\" (the claim has no \"runs\")"),
            std::string::npos);
}

TEST(ClaimsLedger, RunNamesAreWhatAReferenceCanSpell) {
  test::TempDir dir;
  const auto runs_error = [&](const std::string& runs) {
    return error_of(dir, R"({"claims": [{"id": "a", "paper": "P", "claim": "c", "scenario": "s", "holds": "1",
                                         "runs": )" + runs + "}]}");
  };
  for (const char* bad : {R"({"a/b": []})", R"({"": []})", R"({"a:b": []})", R"({"value": []})"}) {
    EXPECT_NE(runs_error(bad).find("claims[0].runs: run name"), std::string::npos) << bad << ": " << runs_error(bad);
  }
  EXPECT_NE(runs_error(R"(["alone"])").find("claims[0].runs: expected an object"), std::string::npos);
  EXPECT_NE(runs_error(R"({"alone": [1]})").find("claims[0].runs.alone[0]: expected a string"), std::string::npos);
  EXPECT_NE(runs_error(R"({"alone": "x=1"})").find("claims[0].runs.alone: expected an array"), std::string::npos);
}

TEST(ClaimsLedger, MistakesNameTheClaimAndField) {
  test::TempDir dir;
  EXPECT_NE(error_of(dir, R"({"claims": [{"id": "a", "paper": "P", "claim": "c", "scenario": "s", "holds": "x <"}]})")
                .find("claims[0].holds"),
            std::string::npos);
  EXPECT_NE(error_of(dir, R"({"claims": [{"id": "a", "paper": "P", "claim": "c", "scenario": "s", "holds": "1",
                                          "hold": "1"}]})")
                .find("claims[0].hold"),
            std::string::npos);
  const std::string twice = R"({"claims": [{"id": "a", "paper": "P", "claim": "c", "scenario": "s", "holds": "1"},
                                           {"id": "a", "paper": "P", "claim": "c", "scenario": "s", "holds": "1"}]})";
  EXPECT_NE(error_of(dir, twice).find("duplicate claim id"), std::string::npos);
  EXPECT_NE(error_of(dir, R"({"claims": []})").find("at least one claim"), std::string::npos);
}

// A run folder as `servesim run` writes it, read back: summary fields and
// time-series aggregates; what is missing makes the claim not evaluable.
TEST(ClaimsLedger, EvaluatedOverRunFolders) {
  test::TempDir dir;
  const ClaimsLedger l = load_claims(dir.write("claims.json", kTwoClaims).string());
  dir.write("runs/p/summary.json", R"({"x": 0.5, "flag": true})");
  dir.write("runs/p/timeseries.csv",
            "window_start_s,window_end_s,app,load\n0,10,all,2\n0,10,\"a,b\",9\n10,20,all,4\n20,30,all,100\n");
  const RunResults runs(dir.path() / "runs", "claims.json");
  EXPECT_DOUBLE_EQ(runs.field("p", "flag"), 1);
  EXPECT_DOUBLE_EQ(runs.series("p", "load", "mean", 0, 20, "all"), 3);
  EXPECT_DOUBLE_EQ(runs.series("p", "load", "max", 0, 30, "a,b"), 9);
  EXPECT_DOUBLE_EQ(runs.series("p", "load", "nonzero", 0, 30, "all"), 1);
  const ClaimResult a = evaluate_claim(l.claims[0], runs);
  EXPECT_TRUE(a.holds && *a.holds);
  const ClaimResult b = evaluate_claim(l.claims[1], runs);
  EXPECT_EQ(b.values, (std::vector<double>{0.5, 3}));
  const ClaimResult c = evaluate_claim(l.claims[2], runs);
  EXPECT_FALSE(c.holds);
  EXPECT_NE(c.error.find("no run labelled \"q\""), std::string::npos) << c.error;

  std::ostringstream md;
  write_claims_markdown(md, l, {a, b, c}, "abc123");
  EXPECT_NE(md.str().find("at commit abc123"), std::string::npos);
  EXPECT_NE(md.str().find("| `b` | P |  | y |  | 0.50x / 3.00x | holds |"), std::string::npos) << md.str();
  EXPECT_NE(md.str().find("2 of 3 claims hold"), std::string::npos);
  EXPECT_NE(md.str().find("- `c`: cannot be evaluated"), std::string::npos);
}

// late_share is each window's late / (on_time + late): the worst window's
// miss rate, which max(late) / min(on_time + late) over windows overstates.
TEST(ClaimsLedger, LateShareIsAPerWindowRatio) {
  test::TempDir dir;
  dir.write("runs/p/summary.json", "{}");
  dir.write("runs/p/timeseries.csv",
            "window_start_s,window_end_s,app,on_time,late\n0,10,all,990,10\n10,20,all,2970,30\n20,30,all,0,0\n");
  const RunResults runs(dir.path() / "runs", "claims.json");
  EXPECT_DOUBLE_EQ(runs.series("p", "late_share", "max", 0, 30, "all"), 0.01);
  EXPECT_DOUBLE_EQ(runs.series("p", "late_share", "min", 0, 20, "all"), 0.01);
  EXPECT_DOUBLE_EQ(runs.series("p", "late_share", "last", 0, 30, "all"), 0);  // nothing finished
}

// Shares are fractions shown as percent, small ones with enough digits to
// tell them apart (a late share of 0.0126 % is not 0.0 %).
TEST(ClaimsLedger, PercentValuesKeepTheirDigits) {
  test::TempDir dir;
  const ClaimsLedger l = load_claims(dir.write("claims.json", R"json({"claims": [
    {"id": "s", "paper": "P", "claim": "late", "scenario": "s.json",
     "value": ["p:a", "p:b", "p:c", "p:d", "p:e"], "unit": "%", "holds": "1"}]})json").string());
  const ClaimResult r{{0.000126, 0.00412, 0.0149, 0.176, 0}, true, ""};
  std::ostringstream md;
  write_claims_markdown(md, l, {r}, "abc123");
  EXPECT_NE(md.str().find("| 0.0126 % / 0.412 % / 1.49 % / 17.6 % / 0.0 % |"), std::string::npos) << md.str();
}

}  // namespace
}  // namespace servesim
