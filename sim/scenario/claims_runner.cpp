#include "sim/scenario/claims_runner.hpp"

#include <fstream>
#include <optional>

#include "policies/scenario_cache.hpp"
#include "sim/core/input_error.hpp"
#include "sim/core/input_file.hpp"
#include "sim/scenario/claim_run_results.hpp"
#include "sim/scenario/run_folder_lock.hpp"
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
                         ledger.file + ": " + ledger.claims[i].json_path);  // the path names the id
}

// Written into a run's folder once it has finished: what ran there, so that
// --reuse never reads a folder of another run or one a crash left half done.
constexpr const char* kFinishedMarker = "claims_run.txt";

std::string run_description(const ClaimRun& run) {
  std::string text = run.scenario + "\n";
  for (const std::string& set : run.sets) text += set + "\n";
  return text;
}

bool finished_earlier(const ClaimRun& run, const fs::path& folder) {
  const fs::path marker = folder / kFinishedMarker;
  std::error_code missing;
  if (!fs::exists(marker, missing)) return false;
  // A marker is a few lines; anything else (a folder, a FIFO, a huge file)
  // is a damaged folder, named in one line.
  return read_input_file(marker, kMaxJsonFileBytes, "a claims run marker") == run_description(run);
}

void run_once(const ClaimRun& run, const ClaimsRunOptions& options, ScenarioCache& cache) {
  const fs::path folder = options.out_dir / run.key;
  if (options.reuse && finished_earlier(run, folder)) return;
  fs::remove(folder / kFinishedMarker);
  const Scenario scenario = load_scenario(run.scenario, run.sets);
  RunOptions run_options;
  run_options.out_dir = folder;
  run_options.jobs = options.jobs;
  run_options.quiet = true;
  run_options.cache = &cache;
  run_scenario(scenario, run_options);
  std::ofstream(folder / kFinishedMarker, std::ios::binary) << run_description(run);
}

// A run the simulator refuses (a plan that does not fit the cluster, say) is
// a result of the ledger's set-up, not a broken ledger: its claims report the
// refusal and the other runs go on. Returns the refusal, "" when it ran.
std::string refusal_of(const ClaimRun& run, const ClaimsRunOptions& options, ScenarioCache& cache) {
  try {
    run_once(run, options, cache);
    return "";
  } catch (const InputError& e) {
    return std::string("its run was refused: ") + e.what();
  }
}

}  // namespace

bool claim_selected(const ClaimsLedger& ledger, std::size_t i, const ClaimsRunOptions& options) {
  if (options.run && ledger.run_of[i] != *options.run) return false;
  if (options.scenario.empty()) return true;
  // As the ledger writes it (relative to the ledger's folder) or as a path from here.
  const fs::path claim = fs::path(ledger.claims[i].scenario).lexically_normal();
  const fs::path as_written = (fs::path(ledger.file).parent_path() / options.scenario).lexically_normal();
  return claim == fs::path(options.scenario).lexically_normal() || claim == as_written;
}

std::vector<ClaimResult> run_claims(const ClaimsLedger& ledger, const ClaimsRunOptions& options) {
  std::vector<bool> needed(ledger.runs.size(), false);
  // A run a claim needs an unset variable for (the Proteus artifact's folder)
  // is not run: its claims say so instead of failing the ledger.
  std::vector<std::string> unset(ledger.runs.size());
  for (std::size_t i = 0; i < ledger.claims.size(); ++i) {
    if (!claim_selected(ledger, i, options)) continue;
    const std::string missing = unset_environment(ledger.claims[i]);
    for (std::size_t r : runs_read_by(ledger, i)) {
      needed[r] = true;
      if (!missing.empty()) unset[r] = missing;
    }
  }
  // Each run under its folder's lock: first those no other caller is making,
  // then, waiting, the rest (by then reused, when the other caller reuses too).
  std::vector<std::string> refused(ledger.runs.size());
  std::vector<std::size_t> busy;
  ScenarioCache cache;  // a model trained for one run serves the others that train it on the same data
  for (std::size_t r = 0; r < ledger.runs.size(); ++r) {
    if (!needed[r] || !unset[r].empty()) continue;
    const fs::path folder = options.out_dir / ledger.runs[r].key;
    if (std::optional<RunFolderLock> lock = RunFolderLock::try_acquire(folder)) {
      refused[r] = refusal_of(ledger.runs[r], options, cache);
    } else {
      busy.push_back(r);
    }
  }
  for (std::size_t r : busy) {
    const RunFolderLock lock = RunFolderLock::acquire(options.out_dir / ledger.runs[r].key);
    refused[r] = refusal_of(ledger.runs[r], options, cache);
  }
  std::vector<ClaimResult> results(ledger.claims.size());
  for (std::size_t i = 0; i < ledger.claims.size(); ++i) {
    if (!claim_selected(ledger, i, options)) continue;
    std::string missing;
    for (std::size_t r : runs_read_by(ledger, i)) missing = missing.empty() ? unset[r] : missing;
    if (!missing.empty()) {
      results[i].not_run = missing + " not set";
      continue;
    }
    for (std::size_t r : runs_read_by(ledger, i)) {
      if (results[i].error.empty()) results[i].error = refused[r];
    }
    if (!results[i].error.empty()) continue;
    results[i] = evaluate_claim(ledger.claims[i], results_for(ledger, i, options.out_dir));
  }
  return results;
}

}  // namespace servesim
