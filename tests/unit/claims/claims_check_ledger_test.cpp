// `servesim claims --check-ledger`: the generator's own checks on a ledger,
// without a run. The shipped ledger passes them; a claim without a kind, a
// band claim without the paper's number and a band widened without a reason
// each exit 2 with one line naming the claim.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "tests/support/cli_runner.hpp"
#include "tests/support/temp_dir.hpp"

namespace servesim::test {
namespace {

const std::string kBands = R"("bands": {"ratio": {"rule": "factor", "low": 0.8, "high": 1.25, "units": ["x"],
                                                  "about": "a ratio"}})";

CliResult check(const TempDir& dir, const std::string& claim) {
  const auto ledger = dir.write("claims.json", "{" + kBands + R"(, "claims": [)" + claim + "]}");
  return run_servesim({"claims", ledger.string(), "--check-ledger"}, dir.path(), 60);
}

bool one_line(const std::string& text) { return !text.empty() && text.find('\n') == text.size() - 1; }

TEST(ClaimsCheckLedger, TheShippedLedgerPasses) {
  TempDir dir;
  const std::string shipped = std::string(SERVESIM_SOURCE_DIR) + "/configs/scenarios/papers/claims.json";
  const CliResult r = run_servesim({"claims", shipped, "--check-ledger"}, dir.path(), 60);
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find(" claims ("), std::string::npos) << r.out;
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "results"));  // nothing ran
}

TEST(ClaimsCheckLedger, AClaimWithoutAKindIsRefused) {
  TempDir dir;
  const CliResult r = check(dir, R"({"id": "mark-cost", "paper": "P", "claim": "c", "scenario": "s.json",
                                    "holds": "1"})");
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(one_line(r.err)) << r.err;
  EXPECT_NE(r.err.find("claims[0] (mark-cost): a claim needs a \"kind\""), std::string::npos) << r.err;
}

TEST(ClaimsCheckLedger, ABandClaimWithoutThePapersNumberIsRefused) {
  TempDir dir;
  const CliResult r = check(dir, R"({"id": "mark-cost", "paper": "P", "claim": "c", "kind": "band",
                                    "quantity": "ratio", "unit": "x", "scenario": "s.json", "value": "p:x"})");
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(one_line(r.err)) << r.err;
  EXPECT_NE(r.err.find("claims[0] (mark-cost): a band claim needs the paper's number"), std::string::npos) << r.err;
}

TEST(ClaimsCheckLedger, AWiderBandWithoutAReasonIsRefused) {
  TempDir dir;
  const CliResult r = check(dir, R"({"id": "mark-cost", "paper": "P", "claim": "c", "kind": "band",
                                    "quantity": "ratio", "paper_number": 3.63, "unit": "x", "scenario": "s.json",
                                    "value": "p:x", "band": {"low": 0.5, "high": 2}})");
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(one_line(r.err)) << r.err;
  EXPECT_NE(r.err.find("claims[0] (mark-cost).band: a band wider than the declared ratio band (0.8-1.25x) needs a "
                       "\"reason\""),
            std::string::npos)
      << r.err;
}

}  // namespace
}  // namespace servesim::test
