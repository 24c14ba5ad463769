// `servesim schema`: the part of docs/scenario.schema.json that comes from the
// policy registry: the names a scenario's policies[i].name may take, and the
// params definition of every policy that declares its parameters in a table
// (param_table.hpp). scripts/update_schema.sh writes it into the committed
// schema; the CTest ScenarioSchemaIsCurrent checks that the committed file is current.
#include <iostream>

#include "policies/policy_registry.hpp"
#include "sim/cli/commands.hpp"
#include "sim/core/input_error.hpp"

namespace servesim::cli {

int schema_command(const std::vector<std::string>& args) {
  if (!args.empty() && (args[0] == "--help" || args[0] == "-h")) {
    std::cout << "usage: servesim schema\n\n"
                 "Prints, as JSON, the part of docs/scenario.schema.json the policy registry makes:\n"
                 "{\"policy_names\": [...], \"policy_params_by_name\": [...], \"definitions\": {...}}: every\n"
                 "policy's name, the params definition each name takes, and the params definition of every\n"
                 "policy whose parameters are declared in a table (the others' are written by hand).\n"
                 "scripts/update_schema.sh writes it into the schema.\n";
    return 0;
  }
  if (!args.empty()) throw InputError("servesim schema", "unexpected argument \"" + args[0] + "\"");
  std::cout << policy_schema_part().dump(2) << "\n";
  return 0;
}

}  // namespace servesim::cli
