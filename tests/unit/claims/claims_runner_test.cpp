// Running the claims ledger: a selected claim's named runs run with its own
// run, once each; runs no selected claim reads do not run.
#include "sim/scenario/claims_runner.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <future>
#include <optional>
#include <thread>

#include "sim/scenario/run_folder_lock.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/unit/scenario/toy_scenario.hpp"

namespace servesim {
namespace {

namespace fs = std::filesystem;

// Claim "a" compares the toy scenario with its "quiet" run (a tenth of the
// load); claim "b" has a run of its own (another seed).
const char* kLedger = R"json({"claims": [
  {"id": "a", "paper": "P", "claim": "more load, more queries", "kind": "direction", "paper_value": "v",
   "scenario": "s.json",
   "runs": {"quiet": ["applications[0].workload.rate=2"]},
   "value": ["static:queries.arrived", "quiet/static:queries.arrived"],
   "holds": "static:queries.arrived > quiet/static:queries.arrived and quiet/static:queries.arrived > 0"},
  {"id": "b", "paper": "P", "claim": "queries arrive", "kind": "direction", "paper_value": "v",
   "scenario": "s.json", "set": ["seed=4"],
   "holds": "static:queries.arrived > 0"}]})json";

// The toy scenario (s.json) and kLedger written into `dir`, loaded.
ClaimsLedger toy_ledger(const test::TempDir& dir) {
  dir.write_json("s.json", test::base_scenario());
  return load_claims(dir.write("claims.json", kLedger).string());
}

TEST(ClaimsRunner, AClaimsNamedRunsRunWithItsOwnRun) {
  test::TempDir dir;
  const ClaimsLedger ledger = toy_ledger(dir);
  ASSERT_EQ(ledger.runs.size(), 3u);  // a's, a's "quiet", b's
  ClaimsRunOptions options;
  options.out_dir = dir.path() / "out";
  options.run = ledger.run_of[0];
  const std::vector<ClaimResult> results = run_claims(ledger, options);

  EXPECT_TRUE(fs::exists(options.out_dir / ledger.runs[0].key / "static" / "summary.json"));
  EXPECT_TRUE(fs::exists(options.out_dir / ledger.runs[1].key / "static" / "summary.json"));
  EXPECT_FALSE(fs::exists(options.out_dir / ledger.runs[2].key));
  EXPECT_TRUE(results[0].holds && *results[0].holds) << results[0].error;
  ASSERT_EQ(results[0].values.size(), 2u);
  EXPECT_GT(results[0].values[0], results[0].values[1]);
  EXPECT_FALSE(results[1].holds);  // not selected: b's run is its own
  EXPECT_FALSE(claim_selected(ledger, 1, options));
}

// --scenario takes the file as the ledger writes it or as a path from here.
TEST(ClaimsRunner, AScenarioIsSelectedAsTheLedgerWritesItOrByItsPath) {
  test::TempDir dir;
  dir.write_json("s.json", test::base_scenario());
  dir.write_json("t.json", test::base_scenario());
  const ClaimsLedger ledger = load_claims(dir.write("claims.json", R"json({"claims": [
    {"id": "a", "paper": "P", "claim": "c", "kind": "direction", "paper_value": "v", "scenario": "s.json",
     "holds": "static:queries.arrived > 0"},
    {"id": "b", "paper": "P", "claim": "c", "kind": "direction", "paper_value": "v", "scenario": "t.json",
     "holds": "static:queries.arrived > 0"}]})json").string());
  ClaimsRunOptions options;
  options.scenario = "s.json";
  EXPECT_TRUE(claim_selected(ledger, 0, options));
  EXPECT_FALSE(claim_selected(ledger, 1, options));
  options.scenario = (dir.path() / "t.json").string();
  EXPECT_FALSE(claim_selected(ledger, 0, options));
  EXPECT_TRUE(claim_selected(ledger, 1, options));
}

// A run the simulator refuses is reported by the claims that read it; the
// other claims still run and are judged.
TEST(ClaimsRunner, ARefusedRunIsReportedByItsClaimsAndTheOthersRun) {
  test::TempDir dir;
  dir.write_json("s.json", test::base_scenario());
  const ClaimsLedger ledger = load_claims(dir.write("claims.json", R"json({"claims": [
    {"id": "a", "paper": "P", "claim": "c", "kind": "direction", "paper_value": "v", "scenario": "s.json",
     "runs": {"broken": ["applications[0].workload.rate=-5"]},
     "holds": "broken/static:queries.arrived > 0"},
    {"id": "b", "paper": "P", "claim": "c", "kind": "direction", "paper_value": "v", "scenario": "s.json",
     "holds": "static:queries.arrived > 0"}]})json").string());
  ClaimsRunOptions options;
  options.out_dir = dir.path() / "out";
  const std::vector<ClaimResult> results = run_claims(ledger, options);
  EXPECT_FALSE(results[0].holds);
  EXPECT_NE(results[0].error.find("its run was refused: "), std::string::npos) << results[0].error;
  EXPECT_NE(results[0].error.find("rate"), std::string::npos) << results[0].error;
  EXPECT_TRUE(results[1].holds && *results[1].holds) << results[1].error;
}

// A claim whose data is missing (an unset variable it requires) is reported
// as not run, and its runs do not start: CI without the Proteus artifact.
TEST(ClaimsRunner, AClaimWithoutItsDataIsNotRun) {
  test::TempDir dir;
  dir.write_json("s.json", test::base_scenario());
  const ClaimsLedger ledger = load_claims(dir.write("claims.json", R"json({"claims": [
    {"id": "a", "paper": "P", "claim": "c", "kind": "direction", "paper_value": "v", "scenario": "s.json",
     "requires_env": ["SERVESIM_TEST_VARIABLE_NEVER_SET"], "holds": "static:queries.arrived > 0", "asserted": true},
    {"id": "b", "paper": "P", "claim": "c", "kind": "direction", "paper_value": "v", "scenario": "s.json",
     "set": ["seed=4"], "holds": "static:queries.arrived > 0"}]})json").string());
  ClaimsRunOptions options;
  options.out_dir = dir.path() / "out";
  const std::vector<ClaimResult> results = run_claims(ledger, options);
  EXPECT_EQ(results[0].not_run, "SERVESIM_TEST_VARIABLE_NEVER_SET not set");
  EXPECT_FALSE(results[0].holds);
  EXPECT_FALSE(fs::exists(options.out_dir / ledger.runs[0].key));
  EXPECT_TRUE(results[1].holds && *results[1].holds) << results[1].error;
}

// --reuse evaluates over a run folder an earlier call finished for the same
// scenario and overrides instead of running it again.
TEST(ClaimsRunner, ReuseReadsAFinishedRunInsteadOfRunningItAgain) {
  test::TempDir dir;
  const ClaimsLedger ledger = toy_ledger(dir);
  ClaimsRunOptions options;
  options.out_dir = dir.path() / "out";
  options.run = ledger.run_of[1];
  EXPECT_TRUE(*run_claims(ledger, options)[1].holds);
  const fs::path summary = options.out_dir / ledger.runs[ledger.run_of[1]].key / "static" / "summary.json";
  ASSERT_TRUE(fs::exists(summary));
  dir.write(fs::relative(summary, dir.path()).string(), R"({"queries": {"arrived": 0}})");  // as if nothing arrived
  options.reuse = true;
  EXPECT_FALSE(*run_claims(ledger, options)[1].holds);  // read, not run again
  options.reuse = false;
  EXPECT_TRUE(*run_claims(ledger, options)[1].holds);  // run again
}

// Two callers reusing one folder (two ledger tests of a ctest run): a run
// the other is making is waited for, then read, not made a second time.
TEST(ClaimsRunner, ARunAnotherCallerIsMakingIsWaitedForAndReused) {
  test::TempDir dir;
  const ClaimsLedger ledger = toy_ledger(dir);
  ClaimsRunOptions options;
  options.out_dir = dir.path() / "out";
  run_claims(ledger, options);
  const fs::path own = options.out_dir / ledger.runs[0].key;
  const fs::path quiet = options.out_dir / ledger.runs[1].key;
  fs::remove(own / "claims_run.txt");  // a's own run is to be made again
  std::optional<RunFolderLock> other = RunFolderLock::acquire(quiet);  // the other caller makes "quiet"
  dir.write(fs::relative(quiet / "static" / "summary.json", dir.path()).string(), R"({"queries": {"arrived": 0}})");

  options.reuse = true;
  options.run = ledger.run_of[0];
  std::future<std::vector<ClaimResult>> waiting =
      std::async(std::launch::async, [&] { return run_claims(ledger, options); });
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (!fs::exists(own / "claims_run.txt") && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  EXPECT_TRUE(fs::exists(own / "claims_run.txt")) << "the free run is made first";
  EXPECT_EQ(waiting.wait_for(std::chrono::milliseconds(300)), std::future_status::timeout)
      << "a locked run is waited for";
  other.reset();
  const std::vector<ClaimResult> results = waiting.get();
  ASSERT_TRUE(results[0].holds.has_value()) << results[0].error;
  EXPECT_FALSE(*results[0].holds) << "the other caller's quiet run (nothing arrived) is read, not made again";
}

// A reused run folder is the user's input (copied between machines, left by
// an interrupted job): a damaged summary.json is the claim's error, one line
// naming the file, never a crash or a hang; the other claims are judged.
TEST(ClaimsRunner, ADamagedReusedSummaryIsTheClaimsErrorNamingTheFile) {
  test::TempDir dir;
  const ClaimsLedger ledger = toy_ledger(dir);
  ClaimsRunOptions options;
  options.out_dir = dir.path() / "out";
  run_claims(ledger, options);
  options.reuse = true;
  const fs::path summary = options.out_dir / ledger.runs[ledger.run_of[1]].key / "static" / "summary.json";
  const std::string deep = std::string(100'000, '[') + std::string(100'000, ']');
  for (const std::string& damage : {deep, std::string(R"({"queries": {"arrived": 1e999}})"), std::string("{")}) {
    dir.write(fs::relative(summary, dir.path()).string(), damage);
    const std::vector<ClaimResult> results = run_claims(ledger, options);
    EXPECT_FALSE(results[1].holds);
    EXPECT_NE(results[1].error.find(summary.string()), std::string::npos) << results[1].error;
    EXPECT_EQ(results[1].error.find('\n'), std::string::npos) << results[1].error;
    EXPECT_TRUE(results[0].holds && *results[0].holds) << results[0].error;
  }
  fs::remove(summary);
  fs::create_directory(summary);  // a folder where the file should be
  const std::string folder_error = run_claims(ledger, options)[1].error;
  EXPECT_NE(folder_error.find("is a folder"), std::string::npos) << folder_error;
}

}  // namespace
}  // namespace servesim
