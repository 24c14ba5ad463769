#include <boost/program_options.hpp>
#include <iostream>
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
    "hold.";

}  // namespace

int claims_command(const std::vector<std::string>& args) {
  std::string ledger_file = "configs/scenarios/papers/claims.json";
  std::string out_dir = "results/claims", doc, commit = "unknown";
  ClaimsRunOptions options;
  bool check = false;
  po::options_description visible("claims");
  visible.add_options()("out,o", po::value(&out_dir), "run folders go here (default results/claims)")(
      "doc", po::value(&doc), "write the Markdown table here")(
      "commit", po::value(&commit), "the commit the table names")(
      "scenario", po::value(&options.scenario), "only the claims of this scenario file")(
      "jobs,j", jobs_value(options.jobs), "runs at once, one thread each")(
      "check", po::bool_switch(&check), "exit 1 if an asserted claim does not hold");
  po::options_description hidden;
  hidden.add_options()("ledger", po::value(&ledger_file));
  if (!parse_command_line(args, visible, hidden, "ledger", kClaimsUsage)) return 0;
  options.out_dir = out_dir;
  const ClaimsLedger ledger = load_claims(ledger_file);
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
    const bool holds = r.holds && *r.holds;
    std::cout << (r.holds ? (holds ? "holds         " : "does not hold ") : "not evaluated ") << ledger.claims[i].id;
    for (double v : r.values) std::cout << "  " << v;
    if (!r.error.empty()) std::cout << "  " << r.error;
    std::cout << "\n";
    failed = failed || (ledger.claims[i].asserted && !holds);
  }
  if (doc_file) {
    write_claims_markdown(doc_file->stream(), ledger, results, commit);
    doc_file->commit();
  }
  std::cout << claims_tally(results) << "\n";
  return check && failed ? 1 : 0;
}

}  // namespace servesim::cli
