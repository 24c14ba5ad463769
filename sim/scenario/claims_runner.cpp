#include "sim/scenario/claims_runner.hpp"

#include "sim/scenario/claim_run_results.hpp"
#include "sim/scenario/scenario_loader.hpp"
#include "sim/scenario/scenario_runner.hpp"

namespace servesim {

namespace fs = std::filesystem;

namespace {

// The runs claim i reads: its own, then its named runs.
std::vector<std::size_t> runs_read_by(const ClaimsLedger& ledger, std::size_t i) {
  std::vector<std::size_t> runs = {ledger.run_of[i]};
  for (const auto& [_, run] : ledger.named_runs_of[i]) runs.push_back(run);
  return runs;
}

ClaimRunResults results_for(const ClaimsLedger& ledger, std::size_t i, const fs::path& out_dir) {
  std::map<std::string, fs::path> named;
  for (const auto& [name, run] : ledger.named_runs_of[i]) named[name] = out_dir / ledger.runs[run].key;
  return ClaimRunResults(out_dir / ledger.runs[ledger.run_of[i]].key, named,
                         ledger.file + ": " + ledger.claims[i].json_path + " (" + ledger.claims[i].id + ")");
}

}  // namespace

bool claim_selected(const ClaimsLedger& ledger, std::size_t i, const ClaimsRunOptions& options) {
  if (options.run && ledger.run_of[i] != *options.run) return false;
  if (options.scenario.empty()) return true;
  return fs::path(ledger.claims[i].scenario).lexically_normal() == fs::path(options.scenario).lexically_normal();
}

std::vector<ClaimResult> run_claims(const ClaimsLedger& ledger, const ClaimsRunOptions& options) {
  std::vector<bool> needed(ledger.runs.size(), false);
  for (std::size_t i = 0; i < ledger.claims.size(); ++i) {
    if (!claim_selected(ledger, i, options)) continue;
    for (std::size_t r : runs_read_by(ledger, i)) needed[r] = true;
  }
  for (std::size_t r = 0; r < ledger.runs.size(); ++r) {
    if (!needed[r]) continue;
    const ClaimRun& run = ledger.runs[r];
    const Scenario scenario = load_scenario(run.scenario, run.sets);
    RunOptions run_options;
    run_options.out_dir = options.out_dir / run.key;
    run_options.jobs = options.jobs;
    run_options.quiet = true;
    run_scenario(scenario, run_options);
  }
  std::vector<ClaimResult> results(ledger.claims.size());
  for (std::size_t i = 0; i < ledger.claims.size(); ++i) {
    if (!claim_selected(ledger, i, options)) continue;
    results[i] = evaluate_claim(ledger.claims[i], results_for(ledger, i, options.out_dir));
  }
  return results;
}

}  // namespace servesim
