// servesim: run, validate and compare serving policies on JSON scenarios.
#include <boost/program_options/errors.hpp>
#include <cstdio>
#include <exception>
#include <iostream>
#include <string>
#include <vector>

#include "sim/cli/commands.hpp"
#include "sim/core/input_error.hpp"
#include "sim/core/text_fields.hpp"
#include "sim/scenario/build_info.hpp"
#include "sim/scenario/interrupt_cleanup.hpp"

namespace {

constexpr const char* kUsage =
    "usage: servesim <command> [options]\n"
    "\n"
    "commands:\n"
    "  run SCENARIO       run every policy of a scenario and print the comparison table\n"
    "  validate SCENARIO  check a scenario (and its catalogs, traces and placements) without running\n"
    "  list [WHAT]        list policies, workloads, devices, batchers, or a catalog's contents\n"
    "  collect DIR...     join the summary.json files under DIRs into one CSV (for sweeps; --points: per-point CIs)\n"
    "  claims [LEDGER]    run the paper experiments once and evaluate the claims ledger\n"
    "  schema             print the policies' part of docs/scenario.schema.json (from their parameter tables)\n"
    "\n"
    "`servesim <command> --help` describes a command's options; `servesim --version` the build.\n"
    "Exit status: 0 success, 2 bad input (scenario, catalog, trace, flags), 3 internal invariant broken.\n";

int dispatch(const std::string& command, const std::vector<std::string>& args) {
  using namespace servesim::cli;
  if (command == "run") return run_command(args);
  if (command == "validate") return validate_command(args);
  if (command == "list") return list_command(args);
  if (command == "collect") return collect_command(args);
  if (command == "claims") return claims_command(args);
  if (command == "schema") return schema_command(args);
  if (command == "--help" || command == "-h" || command == "help") {
    std::cout << kUsage;
    return 0;
  }
  if (command == "--version" || command == "version") {
    std::cout << "servesim " << servesim::servesim_version() << " (commit " << servesim::servesim_commit() << ")\n";
    return 0;
  }
  // One error line with its hint, not the whole usage: the mistake stays visible.
  std::cerr << "servesim: unknown command " << servesim::quote_field(command) << " (try: servesim --help)\n";
  return servesim::kExitInputError;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << kUsage;
    return servesim::kExitInputError;
  }
  const std::vector<std::string> args(argv + 2, argv + argc);
  servesim::install_interrupt_cleanup();
  try {
    return dispatch(argv[1], args);
  } catch (const servesim::InputError& e) {
    // An error in a command's own arguments names the command ("servesim
    // list policies: ..."): no second "servesim: " before it.
    const std::string message = e.what();
    std::cerr << (message.rfind("servesim ", 0) == 0 ? "" : "servesim: ") << message << "\n";
    return servesim::kExitInputError;
  } catch (const boost::program_options::error& e) {
    // boost quotes the offending argument, which may hold any byte.
    std::cerr << "servesim " << argv[1] << ": " << servesim::printable(servesim::clipped(e.what(), 400)) << " (see --help)\n";
    return servesim::kExitInputError;
  } catch (const servesim::InvariantError& e) {
    std::cerr << "servesim: " << e.what() << "\n";
    return servesim::kExitInvariantError;
  } catch (const std::exception& e) {
    std::cerr << "servesim: internal error: " << e.what() << "\n";
    return servesim::kExitInvariantError;
  }
}
