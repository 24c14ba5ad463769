#pragma once
// Runs every policy of a scenario on a fresh Simulation built from the same
// world (so all see the same queries), writes one folder per run and returns
// what the comparison table needs.
#include <filesystem>
#include <string>
#include <vector>

#include "sim/metrics/run_summary.hpp"
#include "sim/scenario/scenario.hpp"

namespace servesim {

class ScenarioCache;

struct RunOptions {
  std::filesystem::path out_dir;      // empty: the scenario's outputs.dir
  std::vector<std::string> policies;  // labels to run; empty: all
  unsigned jobs = 1;                  // runs at once, on threads
  bool quiet = false;                 // no progress lines on stderr
  bool write_files = true;
  // What the policies keep across runs (MArk's trained LSTMs), shared with
  // other scenarios' runs by a caller that makes many (the claims runner);
  // null: this scenario's runs share one of their own.
  ScenarioCache* cache = nullptr;
};

struct RunReport {
  RunSummary summary;
  std::filesystem::path dir;
  double wall_seconds = 0;         // the whole run: build, simulate, write (but summary.json and timing.json)
  double policy_wall_seconds = 0;  // inside the policy's start/tick/notices
  PolicyCounters::Entries policy_wall;  // the policy's own wall-clock figures (a solver's time)
  std::uint64_t events = 0;
  std::uint64_t simulated_queries = 0;  // every arrival, the warm-up's too
};

// What `servesim validate` checks: builds every policy and lets it place its
// initial replicas, without running, so that the errors a scenario can only
// show at placement (a replica that does not fit) surface. Each policy is
// built to check, not compute (PolicyContext::check_only: MArk's LSTM is not
// trained, its start planned on the history's last value). run_scenario
// makes the same check, with training, before its runs. `labels` (empty:
// every policy) are checked as run_scenario's --policy labels. Throws InputError.
void validate_policies(const Scenario& scenario, const std::vector<std::string>& labels = {});

std::vector<RunReport> run_scenario(const Scenario& scenario, const RunOptions& options);

// Peak resident set size of this process in MiB (getrusage): of the whole
// process, so with --jobs > 1 it covers every run it has made so far.
double process_peak_rss_mib();

}  // namespace servesim
