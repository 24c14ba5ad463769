#pragma once
// The claims ledger (configs/scenarios/papers/claims.json): every claim the
// paper experiments check, with the paper's number, the scenario that checks
// it, and expressions over that scenario's run summaries (claim_expression.hpp)
// for our number and for whether the claim holds. `servesim claims` runs each
// scenario once, evaluates every claim and writes docs/paper_claims.md.
// A claim may name extra runs of its scenario ("alone" beside "co-located"),
// each the claim's run with more overrides; `run/label:path` refers to them.
//
//   {"claims": [
//     {"id": "proteus-e2e-fewer-violations-than-infaas-accuracy",
//      "paper": "Proteus (ASPLOS'24)", "where": "section 6.2, Figure 4",
//      "claim": "Proteus has fewer SLO violations than INFaaS-Accuracy",
//      "paper_value": "4.3x fewer",
//      "scenario": "proteus/end_to_end.json",            relative to the ledger
//      "set": ["duration_s=200"],                        optional --set overrides
//      "runs": {"online-alone": ["applications[0].offline_jobs=[]"]},
//                  optional named runs: the claim's "set", then these; a name is a
//                  letter or '_', then letters, digits, '_', '-' or '.' (not "value")
//      "value": "infaas-accuracy:violation_ratio / proteus:violation_ratio",
//                  (or a list of expressions, shown side by side: the first is `value`;
//                  online-alone/proteus:violation_ratio is a label of a named run)
//      "unit": "x",                                      "x", "%" or "" (default)
//      "holds": "value > 1",
//      "asserted": true,        a regression test checks it holds (only for one that does)
//      "explanation": "..."}    the mechanism, shown while it does not hold
//   ]}
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "sim/scenario/claim_expression.hpp"

namespace servesim {

struct Claim {
  std::string id;
  std::string paper;
  std::string where;  // section, figure or table
  std::string text;   // the claim in words
  std::string paper_value;
  std::string scenario;           // path, as resolved against the ledger's folder
  std::vector<std::string> sets;  // --set overrides for this claim's run
  // Named runs: name -> the --set overrides that follow `sets` in that run.
  std::map<std::string, std::vector<std::string>> runs;
  std::vector<ClaimExpression> values;  // shown as "ours"; the first is `value` in "holds"
  std::string unit;
  ClaimExpression holds;
  bool asserted = false;
  std::string explanation;
  std::string json_path;  // for errors: "claims[3]"
};

// One run the ledger needs: a scenario with its overrides, shared by claims.
struct ClaimRun {
  std::string scenario;
  std::vector<std::string> sets;
  std::string key;  // a folder name: "<index>-<scenario stem>"
};

struct ClaimsLedger {
  std::string file;
  std::vector<Claim> claims;
  std::vector<ClaimRun> runs;  // distinct (scenario, sets), in order of first use
  // The index in `runs` of each claim's run.
  std::vector<std::size_t> run_of;
  // For each claim, the index in `runs` of each of its named runs, by name.
  std::vector<std::map<std::string, std::size_t>> named_runs_of;
};

// Throws InputError naming the file and the claim's field.
ClaimsLedger load_claims(const std::string& file);

struct ClaimResult {
  std::vector<double> values;  // one per value expression (NaN where not finite)
  std::optional<bool> holds;  // empty when it could not be evaluated
  std::string error;          // why not
};

ClaimResult evaluate_claim(const Claim& claim, const ClaimValues& values);

}  // namespace servesim
