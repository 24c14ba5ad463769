// The claims ledger: loading (errors name the claim and field), the runs it
// needs, reading run folders back, and evaluating a claim.
#include "sim/scenario/claims_ledger.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <sstream>

#include "sim/core/input_error.hpp"
#include "sim/scenario/claims_report.hpp"
#include "sim/scenario/run_results.hpp"
#include "tests/support/temp_dir.hpp"

namespace servesim::claims_ledger_test {  // its own: unity builds join test files
namespace {

const char* kTwoClaims = R"json({"claims": [
  {"id": "a", "paper": "P", "claim": "x is small", "kind": "direction", "paper_value": 4.3, "scenario": "s.json",
   "value": "p:x", "holds": "value < 1", "asserted": true},
  {"id": "b", "paper": "P", "claim": "y", "kind": "direction", "paper_value": "v", "scenario": "s.json",
   "set": ["seed=2"], "value": ["p:x", "series(p, load, mean, 0, 20)"], "unit": "x", "holds": "p:x > 0"},
  {"id": "c", "paper": "P", "claim": "z", "kind": "direction", "paper_value": "v", "scenario": "./s.json",
   "holds": "q:nothing > 0", "explanation": "why not"}]})json";

// Claim a names two runs; b's "solo" is a's "alone" (the same scenario and
// overrides), and c's own run is a's "idle": each is run once.
const char* kNamedRuns = R"json({"claims": [
  {"id": "a", "paper": "P", "claim": "x", "kind": "direction", "paper_value": "v", "scenario": "s.json",
   "set": ["seed=2"], "runs": {"alone": ["x=1"], "idle": ["x=2"]}, "value": "p:x / alone/p:x", "holds": "value > 1"},
  {"id": "b", "paper": "P", "claim": "y", "kind": "direction", "paper_value": "v", "scenario": "s.json",
   "runs": {"solo": ["seed=2", "x=1"]}, "holds": "series(solo/p, load, mean, 0, 20) > 0"},
  {"id": "c", "paper": "P", "claim": "z", "kind": "direction", "paper_value": "v", "scenario": "s.json",
   "set": ["seed=2", "x=2"], "holds": "p:x > 0"}]})json";

// The bands of the real ledger, and one claim of each kind beside a finding.
const char* kBands = R"json("bands": {
    "ratio": {"rule": "factor", "low": 0.8, "high": 1.25, "units": ["x"], "about": "a ratio"},
    "percent": {"rule": "points", "width": 2, "units": ["%"], "about": "a share"},
    "latency": {"rule": "relative", "width": 0.2, "units": ["ms"], "about": "a latency"}})json";

std::string ledger_with(const std::string& claims, const std::string& findings = "") {
  std::string text = std::string("{").append(kBands).append(R"(, "claims": [)").append(claims).append("]");
  if (!findings.empty()) text.append(R"(, "findings": [)").append(findings).append("]");
  return text.append("}");
}

// A band claim of `quantity` around `number`, judging `value`; `more` adds fields.
std::string band_claim(const std::string& quantity, const std::string& number, const std::string& unit,
                       const std::string& more = "") {
  return R"({"id": "b1", "paper": "P", "claim": "c", "kind": "band", "quantity": ")" + quantity +
         R"(", "paper_number": )" + number + R"(, "unit": ")" + unit + R"(", "scenario": "s.json", "value": "p:x")" +
         more + "}";
}

std::string error_of(const test::TempDir& dir, const std::string& text) {
  try {
    load_claims(dir.write("claims.json", text).string());
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

// A run folder "runs/p" whose summary holds x.
RunResults one_run(const test::TempDir& dir, double x) {
  dir.write("runs/p/summary.json", R"({"x": )" + std::to_string(x) + "}");
  dir.write("runs/p/timeseries.csv", "window_start_s,window_end_s,app,load\n0,10,all,2\n");
  return RunResults(dir.path() / "runs", "claims.json");
}

TEST(ClaimsLedger, ClaimsShareRunsByScenarioAndOverrides) {
  test::TempDir dir;
  const ClaimsLedger l = load_claims(dir.write("claims.json", kTwoClaims).string());
  ASSERT_EQ(l.claims.size(), 3u);
  EXPECT_EQ(l.claims[0].paper_value, "4.3");
  EXPECT_TRUE(l.claims[0].asserted);
  ASSERT_EQ(l.runs.size(), 2u);  // s.json, and s.json with seed=2 ("./s.json" is the same file)
  EXPECT_EQ(l.run_of, (std::vector<std::size_t>{0, 1, 0}));
}

// A run's folder is named by its scenario and overrides, not by its place in
// the ledger: a claim added before it does not rename it (--reuse finds it).
TEST(ClaimsLedger, RunFoldersAreNamedByScenarioAndOverrides) {
  test::TempDir dir;
  const ClaimsLedger l = load_claims(dir.write("claims.json", kTwoClaims).string());
  EXPECT_EQ(l.runs[0].key.substr(0, 2), "s-");
  EXPECT_EQ(l.runs[0].key.size(), 10u);  // "s-" and 8 hex digits
  EXPECT_NE(l.runs[0].key, l.runs[1].key);
  const ClaimsLedger reordered = load_claims(dir.write("claims.json", ledger_with(R"(
    {"id": "n", "paper": "P", "claim": "new", "kind": "direction", "paper_value": "v", "scenario": "s.json",
     "set": ["seed=9"], "holds": "1"},
    {"id": "b", "paper": "P", "claim": "y", "kind": "direction", "paper_value": "v", "scenario": "s.json",
     "set": ["seed=2"], "holds": "1"})")).string());
  EXPECT_EQ(reordered.runs[1].key, l.runs[1].key);
}

TEST(ClaimsLedger, NamedRunsAreRunsSharedLikeAnyOther) {
  test::TempDir dir;
  const ClaimsLedger l = load_claims(dir.write("claims.json", kNamedRuns).string());
  const std::string s = (dir.path() / "s.json").lexically_normal().string();
  EXPECT_EQ(l.claims[0].runs,
            (std::map<std::string, NamedRun>{{"alone", {s, {"seed=2", "x=1"}}}, {"idle", {s, {"seed=2", "x=2"}}}}));
  ASSERT_EQ(l.runs.size(), 4u);
  EXPECT_EQ(l.runs[1].sets, (std::vector<std::string>{"seed=2", "x=1"}));  // the claim's "set", then the run's
  EXPECT_EQ(l.runs[2].sets, (std::vector<std::string>{"seed=2", "x=2"}));
  EXPECT_TRUE(l.runs[3].sets.empty());
  EXPECT_EQ(l.run_of, (std::vector<std::size_t>{0, 3, 2}));
  using Named = std::map<std::string, std::size_t>;
  EXPECT_EQ(l.named_runs_of, (std::vector<Named>{{{"alone", 1}, {"idle", 2}}, {{"solo", 1}}, {}}));
}

// A named run may be another scenario, with its own overrides only: a claim
// on the largest ratio over several experiments reads them all.
TEST(ClaimsLedger, ANamedRunMayBeAnotherScenario) {
  test::TempDir dir;
  const ClaimsLedger l = load_claims(dir.write("claims.json", ledger_with(R"json(
    {"id": "a", "paper": "P", "claim": "x", "kind": "direction", "paper_value": "v", "scenario": "s.json",
     "set": ["seed=2"], "runs": {"other": {"scenario": "t.json", "set": ["x=1"]}, "same": {"scenario": "s.json"}},
     "value": "max(p:x, other/p:x)", "holds": "value > 1"})json")).string());
  const std::string t = (dir.path() / "t.json").lexically_normal().string();
  const std::string s = (dir.path() / "s.json").lexically_normal().string();
  EXPECT_EQ(l.claims[0].runs.at("other"), (NamedRun{t, {"x=1"}}));
  EXPECT_EQ(l.claims[0].runs.at("same"), (NamedRun{s, {}}));  // not the claim's "set": its own
  ASSERT_EQ(l.runs.size(), 3u);
  EXPECT_EQ(l.runs[l.named_runs_of[0].at("other")].scenario, t);
  EXPECT_NE(error_of(dir, ledger_with(R"(
    {"id": "a", "paper": "P", "claim": "x", "kind": "direction", "paper_value": "v", "scenario": "s.json",
     "runs": {"other": {"scenario": "t.json", "sets": []}}, "holds": "1"})"))
                .find("claims[0] (a).runs.other"),
            std::string::npos);
}

const std::string kClaimStart =
    R"({"claims": [{"id": "a", "paper": "P", "claim": "c", "kind": "direction", "paper_value": "v", "scenario": "s", )";

TEST(ClaimsLedger, AReferenceToARunTheClaimDoesNotNameIsAnError) {
  test::TempDir dir;
  EXPECT_NE(error_of(dir, kClaimStart + R"("runs": {"solo": [], "idle": []}, "value": ["p:x", "alone/p:x"],
                                          "holds": "1"}]})")
                .find("claims.json: claims[0] (a).value[1]: unknown run \"alone\" (the claim's runs: idle, solo)"),
            std::string::npos);
  EXPECT_NE(error_of(dir, kClaimStart + R"("holds": "series(alone/p, load, max, 0, 1) > 0"}]})")
                .find("claims[0] (a).holds: unknown run \"alone\" (the claim has no \"runs\")"),
            std::string::npos);
}

TEST(ClaimsLedger, RunNamesAreWhatAReferenceCanSpell) {
  test::TempDir dir;
  const auto runs_error = [&](const std::string& runs) {
    return error_of(dir, kClaimStart + R"("holds": "1", "runs": )" + runs + "}]}");
  };
  for (const char* bad : {R"({"a/b": []})", R"({"": []})", R"({"a:b": []})", R"({"value": []})"}) {
    EXPECT_NE(runs_error(bad).find("claims[0] (a).runs: run name"), std::string::npos)
        << bad << ": " << runs_error(bad);
  }
  EXPECT_NE(runs_error(R"(["alone"])").find("claims[0] (a).runs: expected an object"), std::string::npos);
  EXPECT_NE(runs_error(R"({"alone": [1]})").find("claims[0] (a).runs.alone[0]: expected a string"), std::string::npos);
  EXPECT_NE(runs_error(R"({"alone": "x=1"})").find("claims[0] (a).runs.alone: expected an array"), std::string::npos);
}

TEST(ClaimsLedger, MistakesNameTheClaimAndField) {
  test::TempDir dir;
  EXPECT_NE(error_of(dir, kClaimStart + R"("holds": "x <"}]})").find("claims[0] (a).holds"), std::string::npos);
  EXPECT_NE(error_of(dir, kClaimStart + R"("holds": "1", "hold": "1"}]})").find("claims[0] (a)"), std::string::npos);
  const std::string claim = R"({"id": "a", "paper": "P", "claim": "c", "kind": "direction", "paper_value": "v",
                                "scenario": "s", "holds": "1"})";
  EXPECT_NE(error_of(dir, ledger_with(claim + ", " + claim)).find("duplicate claim id"), std::string::npos);
  EXPECT_NE(error_of(dir, R"({"claims": []})").find("at least one claim"), std::string::npos);
}

// Every claim has exactly one kind, and each kind needs what judges it.
TEST(ClaimsLedger, EachKindNeedsWhatJudgesIt) {
  test::TempDir dir;
  const std::string no_kind = R"({"id": "k", "paper": "P", "claim": "c", "scenario": "s", "holds": "1"})";
  EXPECT_NE(error_of(dir, ledger_with(no_kind)).find("claims[0] (k): a claim needs a \"kind\""), std::string::npos);
  const std::string bad_kind = R"({"id": "k", "paper": "P", "claim": "c", "kind": "maybe", "scenario": "s"})";
  EXPECT_NE(error_of(dir, ledger_with(bad_kind)).find("claims[0] (k).kind"), std::string::npos);
  const std::string no_words = R"({"id": "k", "paper": "P", "claim": "c", "kind": "direction", "scenario": "s",
                                   "holds": "1"})";
  EXPECT_NE(error_of(dir, ledger_with(no_words)).find("needs the paper's words"), std::string::npos);
  const std::string asserted_input = R"({"id": "k", "paper": "P", "claim": "c", "kind": "input", "scenario": "s",
                                         "asserted": true})";
  EXPECT_NE(error_of(dir, ledger_with(asserted_input)).find("claims[0] (k).asserted: an input claim is never asserted"),
            std::string::npos);
  const std::string input_headline = R"({"id": "k", "paper": "P", "claim": "c", "kind": "input", "scenario": "s",
                                         "headline": true})";
  EXPECT_NE(
      error_of(dir, ledger_with(input_headline)).find("claims[0] (k).headline: an input claim is never a headline"),
      std::string::npos);
}

TEST(ClaimsLedger, ABandClaimNeedsTheNumberAndADeclaredQuantity) {
  test::TempDir dir;
  const std::string no_number = R"({"id": "b1", "paper": "P", "claim": "c", "kind": "band", "quantity": "ratio",
                                    "unit": "x", "scenario": "s.json", "value": "p:x"})";
  EXPECT_NE(error_of(dir, ledger_with(no_number)).find("claims[0] (b1): a band claim needs the paper's number"),
            std::string::npos);
  EXPECT_NE(error_of(dir, ledger_with(band_claim("speed", "2", "x"))).find("claims[0] (b1).quantity: unknown quantity"),
            std::string::npos);
  EXPECT_NE(error_of(dir, ledger_with(band_claim("ratio", "2", "%"))).find("claims[0] (b1).unit: a ratio is shown in"),
            std::string::npos);
  EXPECT_NE(error_of(dir, ledger_with(band_claim("ratio", "2", "x", R"(, "holds": "1")")))
                .find("claims[0] (b1).holds: a band claim is judged by its band"),
            std::string::npos);
  EXPECT_NE(error_of(dir, ledger_with(band_claim("ratio", "0", "x"))).find("claims[0] (b1).paper_number"),
            std::string::npos);
}

// A claim may widen its quantity's band only with a reason, and never narrow it.
TEST(ClaimsLedger, ABandIsWidenedOnlyWithAReason) {
  test::TempDir dir;
  EXPECT_NE(error_of(dir, ledger_with(band_claim("ratio", "2", "x", R"(, "band": {"low": 0.5, "high": 2})")))
                .find("claims[0] (b1).band: a band wider than the declared ratio band (0.8-1.25x) needs a \"reason\""),
            std::string::npos);
  EXPECT_NE(error_of(dir, ledger_with(band_claim("ratio", "2", "x", R"(, "band": {"low": 0.9, "high": 2,
                                                                                   "reason": "r"})")))
                .find("a band narrower than the declared ratio band"),
            std::string::npos);
  EXPECT_NE(error_of(dir, ledger_with(band_claim("percent", "6", "%", R"(, "band": {"width": 2, "reason": "r"})")))
                .find("the same as the declared percent band"),
            std::string::npos);
  const ClaimsLedger l = load_claims(
      dir.write("claims.json",
                ledger_with(band_claim("ratio", "2", "x",
                                       R"(, "band": {"low": 0.5, "high": 2, "reason": "Figure 5's bars span 1-4x"})")))
          .string());
  EXPECT_EQ(l.claims[0].band.describe(), "0.5-2x");
  EXPECT_EQ(l.claims[0].band.reason, "Figure 5's bars span 1-4x");
}

// A band claim holds when ours lies in its band around the paper's number; a
// share is judged in points of the percent it is shown as.
TEST(ClaimsLedger, ABandClaimHoldsInsideItsBand) {
  test::TempDir dir;
  const auto verdict = [&](const std::string& claim, double x) {
    const ClaimsLedger l = load_claims(dir.write("claims.json", ledger_with(claim)).string());
    const ClaimResult r = evaluate_claim(l.claims[0], one_run(dir, x));
    EXPECT_TRUE(r.error.empty()) << r.error;
    return r.holds && *r.holds;
  };
  const std::string ratio = band_claim("ratio", "4", "x");
  EXPECT_TRUE(verdict(ratio, 3.2));
  EXPECT_TRUE(verdict(ratio, 5.0));
  EXPECT_FALSE(verdict(ratio, 3.19));
  EXPECT_FALSE(verdict(ratio, 5.01));
  const std::string share = band_claim("percent", "6", "%");  // 6 %: 4-8 %
  EXPECT_TRUE(verdict(share, 0.079));
  EXPECT_FALSE(verdict(share, 0.081));
  EXPECT_FALSE(verdict(share, 6));  // a fraction, not a percent
  const std::string latency = band_claim("latency", "200", "ms");  // 160-240 ms
  EXPECT_TRUE(verdict(latency, 239));
  EXPECT_FALSE(verdict(latency, 159));
}

// Findings are read from their own list and never judged.
TEST(ClaimsLedger, FindingsAreReadApart) {
  test::TempDir dir;
  const std::string finding = R"({"id": "f", "paper": "P", "finding": "ours only", "scenario": "s.json",
                                  "value": "p:x", "note": "n"})";
  const ClaimsLedger l =
      load_claims(dir.write("claims.json", ledger_with(band_claim("ratio", "4", "x"), finding)).string());
  ASSERT_EQ(l.claims.size(), 2u);
  EXPECT_EQ(l.claims[1].kind, ClaimKind::kFinding);
  EXPECT_EQ(l.claims[1].text, "ours only");
  EXPECT_EQ(l.claims[1].explanation, "n");
  EXPECT_FALSE(l.claims[1].counted());
  const ClaimResult r = evaluate_claim(l.claims[1], one_run(dir, 3));
  EXPECT_FALSE(r.holds);
  EXPECT_EQ(r.values, (std::vector<double>{3}));
  const std::string judged = R"({"id": "f", "paper": "P", "finding": "x", "scenario": "s.json", "holds": "1"})";
  EXPECT_NE(error_of(dir, ledger_with(band_claim("ratio", "4", "x"), judged)).find("findings[0] (f)"),
            std::string::npos);
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
  EXPECT_NE(md.str().find("| `b` |  | y | direction | v | - | 0.50x / 3.00x | holds |"), std::string::npos) << md.str();
  EXPECT_NE(md.str().find("2 of 3 counted claims hold (0 in band, 2 in direction only)"), std::string::npos);
  EXPECT_NE(md.str().find("- `c`: cannot be evaluated"), std::string::npos);
}

// The page opens with the headline rows, then a summary per paper; inputs
// and findings are reported apart and never counted.
TEST(ClaimsLedger, ThePageOpensWithTheHeadlinesAndCountsOnlyClaims) {
  test::TempDir dir;
  const std::string claims =
      band_claim("ratio", "4", "x", R"(, "headline": true, "paper_value": "up to 4x", "explanation": "why")") + R"(,
    {"id": "d", "paper": "P", "claim": "faster", "kind": "direction", "paper_value": "faster", "scenario": "s.json",
     "value": "p:x", "holds": "value > 1", "asserted": true},
    {"id": "i", "paper": "Q", "claim": "a catalog's own", "kind": "input", "paper_value": "2", "scenario": "s.json",
     "value": "p:x", "holds": "value == 2"})";
  const std::string finding = R"({"id": "f", "paper": "P", "finding": "ours", "scenario": "s.json", "value": "p:x"})";
  const ClaimsLedger l = load_claims(dir.write("claims.json", ledger_with(claims, finding)).string());
  const RunResults runs = one_run(dir, 2);
  std::vector<ClaimResult> results;
  for (const Claim& c : l.claims) results.push_back(evaluate_claim(c, runs));
  std::ostringstream md;
  write_claims_markdown(md, l, results, "abc123");
  const std::string page = md.str();
  EXPECT_NE(page.find("1 of 2 counted claims hold (0 in band, 1 in direction only); 1 inputs and 1 findings"),
            std::string::npos)
      << page;
  const auto headlines = page.find("## Headline results");
  ASSERT_NE(headlines, std::string::npos);
  EXPECT_LT(headlines, page.find("## Summary"));
  EXPECT_NE(page.find("| P | c | 4.00x (up to 4x) | 3.20x to 5.00x | 2.00x | **does not hold** | `b1` |"),
            std::string::npos)
      << page;
  EXPECT_NE(page.find("| P | 0 | 1 | 1 | 0 | 0 | 1 |"), std::string::npos) << page;
  EXPECT_NE(page.find("| Q | 0 | 0 | 0 | 0 | 1 | 0 |"), std::string::npos) << page;
  EXPECT_NE(page.find("| `i` | Q |  | a catalog's own | 2 | 2.00 | agrees |"), std::string::npos) << page;
  EXPECT_NE(page.find("| `f` | P |  | ours | 2.00 |  |"), std::string::npos) << page;
  EXPECT_NE(page.find("- `b1`: why"), std::string::npos);
  EXPECT_EQ(page.find("- `i`:"), std::string::npos);  // an input never "does not hold"
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
    {"id": "s", "paper": "P", "claim": "late", "kind": "direction", "paper_value": "v", "scenario": "s.json",
     "value": ["p:a", "p:b", "p:c", "p:d", "p:e"], "unit": "%", "holds": "1"}]})json").string());
  const ClaimResult r{{0.000126, 0.00412, 0.0149, 0.176, 0}, true, "", ""};
  std::ostringstream md;
  write_claims_markdown(md, l, {r}, "abc123");
  EXPECT_NE(md.str().find("| 0.0126 % / 0.412 % / 1.49 % / 17.6 % / 0.0 % |"), std::string::npos) << md.str();
}

}  // namespace
}  // namespace servesim::claims_ledger_test
