#include <boost/program_options.hpp>
#include <iostream>
#include <map>
#include <memory>

#include "sim/cli/command_line.hpp"
#include "sim/cli/commands.hpp"
#include "sim/cli/jobs_option.hpp"
#include "sim/core/input_error.hpp"
#include "sim/scenario/atomic_file.hpp"
#include "sim/scenario/claims_report.hpp"
#include "sim/scenario/claims_runner.hpp"

namespace servesim::cli {
namespace po = boost::program_options;

namespace {

constexpr const char* kClaimsUsage =
    "usage: servesim claims [LEDGER] [options]\n\nRuns the scenarios of the claims ledger (default "
    "configs/scenarios/papers/claims.json) once each, evaluates every claim, prints one line per claim and, with "
    "--doc, writes the Markdown table (docs/paper_claims.md). With --check, exits 1 if an asserted claim does not "
    "hold. With --check-ledger, only loads and checks the ledger (every claim's kind, band, number and "
    "expressions) and runs nothing.";

// "125 claims (40 band, 70 direction, 15 input), 3 findings, 39 runs"
std::string ledger_contents(const ClaimsLedger& ledger) {
  std::map<ClaimKind, int> kinds;
  for (const Claim& c : ledger.claims) ++kinds[c.kind];
  const int claims = kinds[ClaimKind::kBand] + kinds[ClaimKind::kDirection] + kinds[ClaimKind::kInput];
  return std::to_string(claims) + " claims (" + std::to_string(kinds[ClaimKind::kBand]) + " band, " +
         std::to_string(kinds[ClaimKind::kDirection]) + " direction, " + std::to_string(kinds[ClaimKind::kInput]) +
         " input), " + std::to_string(kinds[ClaimKind::kFinding]) + " findings, " +
         std::to_string(ledger.runs.size()) + " runs";
}

}  // namespace

int claims_command(const std::vector<std::string>& args) {
  std::string ledger_file = "configs/scenarios/papers/claims.json";
  std::string out_dir = "results/claims", doc, commit = "unknown";
  ClaimsRunOptions options;
  bool check = false;
  bool check_ledger = false;
  po::options_description visible("claims");
  visible.add_options()("out,o", po::value(&out_dir), "run folders go here (default results/claims)")(
      "doc", po::value(&doc), "write the Markdown table here")(
      "commit", po::value(&commit), "the commit the table names")(
      "scenario", po::value(&options.scenario), "only the claims of this scenario file")(
      "jobs,j", jobs_value(options.jobs), "runs at once, one thread each")(
      "check", po::bool_switch(&check), "exit 1 if an asserted claim does not hold")(
      "check-ledger", po::bool_switch(&check_ledger), "only load and check the ledger; run nothing")(
      "reuse", po::bool_switch(&options.reuse),
      "evaluate over run folders in --out that an earlier call finished with the same scenario and overrides, "
      "instead of running them again");
  po::options_description hidden;
  hidden.add_options()("ledger", po::value(&ledger_file));
  if (!parse_command_line(args, visible, hidden, "ledger", kClaimsUsage)) return 0;
  options.out_dir = out_dir;
  const ClaimsLedger ledger = load_claims(ledger_file);
  if (check_ledger) {
    std::cout << ledger_file << ": " << ledger_contents(ledger) << "\n";
    return 0;
  }
  // A --scenario that names no claim's scenario is a typo, not "0 of N hold".
  bool any_selected = false;
  for (std::size_t i = 0; i < ledger.claims.size() && !any_selected; ++i) {
    any_selected = claim_selected(ledger, i, options);
  }
  if (!any_selected && !options.scenario.empty()) {
    throw InputError("servesim claims --scenario", "no claim of " + ledger_file + " names scenario \"" +
                                                       options.scenario + "\" (give it as the ledger writes it)");
  }
  // Opened before the runs, so that a folder in its way shows before them.
  std::unique_ptr<AtomicFile> doc_file;
  if (!doc.empty()) doc_file = std::make_unique<AtomicFile>(doc);
  const std::vector<ClaimResult> results = run_claims(ledger, options);
  bool failed = false;
  for (std::size_t i = 0; i < ledger.claims.size(); ++i) {
    if (!claim_selected(ledger, i, options)) continue;
    const ClaimResult& r = results[i];
    const Claim& c = ledger.claims[i];
    std::cout << verdict_text(c, r) << "  " << c.id;
    for (double v : r.values) std::cout << "  " << v;
    if (!r.error.empty()) std::cout << "  " << r.error;
    std::cout << "\n";
    // A claim not run for want of its data (the Proteus artifact) is no failure.
    failed = failed || (c.asserted && r.not_run.empty() && !(r.holds && *r.holds));
  }
  if (doc_file) {
    write_claims_markdown(doc_file->stream(), ledger, results, commit);
    doc_file->commit();
  }
  std::cout << claims_tally(ledger, results) << "\n";
  return check && failed ? 1 : 0;
}

}  // namespace servesim::cli
