#include "sim/scenario/claims_runner.hpp"

#include "sim/scenario/run_results.hpp"
#include "sim/scenario/scenario_loader.hpp"
#include "sim/scenario/scenario_runner.hpp"

namespace servesim {

namespace fs = std::filesystem;

bool claim_selected(const ClaimsLedger& ledger, std::size_t i, const ClaimsRunOptions& options) {
  if (options.run && ledger.run_of[i] != *options.run) return false;
  if (options.scenario.empty()) return true;
  return fs::path(ledger.claims[i].scenario).lexically_normal() == fs::path(options.scenario).lexically_normal();
}

std::vector<ClaimResult> run_claims(const ClaimsLedger& ledger, const ClaimsRunOptions& options) {
  std::vector<bool> needed(ledger.runs.size(), false);
  for (std::size_t i = 0; i < ledger.claims.size(); ++i) {
    if (claim_selected(ledger, i, options)) needed[ledger.run_of[i]] = true;
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
    const RunResults runs(options.out_dir / ledger.runs[ledger.run_of[i]].key,
                          ledger.file + ": " + ledger.claims[i].json_path + " (" + ledger.claims[i].id + ")");
    results[i] = evaluate_claim(ledger.claims[i], runs);
  }
  return results;
}

}  // namespace servesim
