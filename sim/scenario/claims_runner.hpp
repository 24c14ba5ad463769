#pragma once
// Runs the scenarios a claims ledger needs (each distinct scenario and
// overrides once, every policy: a selected claim's own run and its named runs)
// and evaluates its claims over the runs.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "sim/scenario/claims_ledger.hpp"

namespace servesim {

struct ClaimsRunOptions {
  std::filesystem::path out_dir = "results/claims";  // run folders go to out_dir/<run key>/
  unsigned jobs = 1;
  // Evaluate over a run folder an earlier call finished (its scenario and
  // overrides the same) instead of running it again: for editing the ledger's
  // expressions without waiting. Nothing checks that the binary is the same.
  // Each run folder is locked while it is made (RunFolderLock), so callers
  // sharing out_dir with reuse make each run once.
  bool reuse = false;
  // Only the claims of this scenario file, as the ledger writes it (relative to
  // the ledger's folder) or as a path from the working folder; empty: all.
  std::string scenario;
  // Only the claims whose own run this is (an index in ClaimsLedger::runs);
  // their named runs run too.
  std::optional<std::size_t> run;
};

// results[i] is claims[i]'s; a claim left out by the filter has no verdict.
std::vector<ClaimResult> run_claims(const ClaimsLedger& ledger, const ClaimsRunOptions& options);

// Whether claim i is selected by the filter.
bool claim_selected(const ClaimsLedger& ledger, std::size_t i, const ClaimsRunOptions& options);

}  // namespace servesim
