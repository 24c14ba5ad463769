#pragma once
// The claims ledger (configs/scenarios/papers/claims.json): every claim the
// paper experiments check, with the paper's number, the scenario that checks
// it, and expressions over that scenario's run summaries (claim_expression.hpp)
// for our number and for whether the claim holds. `servesim claims` runs each
// scenario once, evaluates every claim and writes docs/paper_claims.md.
// A claim may name extra runs of its scenario ("alone" beside "co-located"),
// each the claim's run with more overrides; `run/label:path` refers to them.
//
// Every claim has exactly one kind:
//   band       the paper gives a number: ours holds when it lies within the
//              band declared once for its quantity (claim_band.hpp) around the
//              paper's number; no "holds" of its own
//   direction  the paper gives only an ordering, a shape or a bound: "holds"
//   input      the value follows from the scenario's inputs or a catalog:
//              reported apart, never counted as holding, never asserted
// What no paper claims goes to "findings": reported, never judged.
//
//   {"bands": {"ratio": {"rule": "factor", "low": 0.8, "high": 1.25, "units": ["x"], "about": "..."}, ...},
//    "claims": [
//     {"id": "proteus-e2e-fewer-violations-than-infaas-accuracy",
//      "paper": "Proteus (ASPLOS'24)", "where": "section 6.2, Figure 4",
//      "claim": "Proteus has 4.3x fewer SLO violations than INFaaS-Accuracy",
//      "kind": "band", "quantity": "ratio", "paper_number": 4.3,
//      "paper_value": "4.3x fewer",                      optional words beside the number
//      "band": {"low": 0.5, "high": 2, "reason": "..."}, optional: wider, with the paper's spread
//      "headline": true,                                 a number of the paper's abstract
//      "scenario": "proteus/end_to_end.json",            relative to the ledger
//      "set": ["duration_s=200"],                        optional --set overrides
//      "runs": {"online-alone": ["applications[0].offline_jobs=[]"],
//               "cv4": {"scenario": "proteus/bursty.json", "set": ["seed=2"]}},
//                  optional named runs: a list is the claim's scenario with the claim's
//                  "set", then these; an object is another scenario with its own "set"
//                  only. A name is a letter or '_', then letters, digits, '_', '-' or
//                  '.' (not "value")
//      "requires_env": ["PROTEUS_ARTIFACT"],             not run (never holding) where unset
//      "value": "infaas-accuracy:violation_ratio / proteus:violation_ratio",
//                  (or a list of expressions, shown side by side: the first is `value`,
//                  the one a band judges; online-alone/proteus:violation_ratio is a
//                  label of a named run)
//      "unit": "x",                                      "x", "%", "ms", "qps", "$" or ""
//      "holds": "value > 1",                             direction (and optionally input) only
//      "asserted": true,        a regression test checks it holds (only for one that does)
//      "explanation": "..."}    the mechanism, shown while it does not hold
//   ],
//   "findings": [{"id": ..., "paper": ..., "finding": "...", "scenario": ..., "value": ..., "note": "..."}]}
//
// A band claim's paper_number is in the unit as shown (6 for 6 %), while its
// value expression yields what the summaries hold (0.06).
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "sim/scenario/claim_band.hpp"
#include "sim/scenario/claim_expression.hpp"

namespace servesim {

enum class ClaimKind { kBand, kDirection, kInput, kFinding };

// A claim's named run: its own scenario with more overrides, or another
// scenario of the ledger (a claim on a largest ratio "over Figure 5's
// experiments" reads them all).
struct NamedRun {
  std::string scenario;           // resolved like the claim's
  std::vector<std::string> sets;  // all of the run's overrides (the claim's own first, for its own scenario)
  bool operator==(const NamedRun&) const = default;
};

struct Claim {
  std::string id;
  std::string paper;
  std::string where;  // section, figure or table
  std::string text;   // the claim (or finding) in words
  ClaimKind kind = ClaimKind::kDirection;
  std::string paper_value;           // the paper's words
  std::optional<double> paper_number;  // band: the paper's number, in the unit as shown
  std::string quantity;              // band: the declared band it is judged in
  ClaimBand band;                    // band: the declared one, or its stated widening
  bool headline = false;
  std::vector<std::string> requires_env;
  std::string scenario;           // path, as resolved against the ledger's folder
  std::vector<std::string> sets;  // --set overrides for this claim's run
  std::map<std::string, NamedRun> runs;  // by name
  std::vector<ClaimExpression> values;  // shown as "ours"; the first is `value` in "holds"
  std::string unit;
  std::optional<ClaimExpression> holds;
  bool asserted = false;
  std::string explanation;  // the mechanism; a finding's note
  std::string json_path;    // for errors: "claims[3]"

  // Whether a verdict counts as evidence for or against the paper.
  bool counted() const { return kind == ClaimKind::kBand || kind == ClaimKind::kDirection; }
};

const char* kind_name(ClaimKind kind);

// One run the ledger needs: a scenario with its overrides, shared by claims.
struct ClaimRun {
  std::string scenario;
  std::vector<std::string> sets;
  std::string key;  // a folder name: "<scenario stem>-<hash of scenario and overrides>"
};

struct ClaimsLedger {
  std::string file;
  ClaimBands bands;
  std::vector<Claim> claims;  // the claims, then the findings (kind kFinding)
  std::vector<ClaimRun> runs;  // distinct (scenario, sets), in order of first use
  // The index in `runs` of each claim's run.
  std::vector<std::size_t> run_of;
  // For each claim, the index in `runs` of each of its named runs, by name.
  std::vector<std::map<std::string, std::size_t>> named_runs_of;
};

// Throws InputError naming the file, the claim (its index and id) and the field.
ClaimsLedger load_claims(const std::string& file);

// The environment variables a claim needs that are not set ("" if none).
std::string unset_environment(const Claim& claim);

struct ClaimResult {
  std::vector<double> values;  // one per value expression (NaN where not finite)
  std::optional<bool> holds;  // empty when it could not be evaluated (or was not run)
  std::string error;          // why not
  std::string not_run;        // why the claim's runs were not run (an unset variable)
};

ClaimResult evaluate_claim(const Claim& claim, const ClaimValues& values);

// The value as the ledger shows it and a band judges it: a share in percent.
double shown_value(const Claim& claim, double value);

}  // namespace servesim
