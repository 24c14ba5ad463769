// `servesim schema`: the part of docs/scenario.schema.json that comes from the
// policy registry: the names a scenario's policies[i].name may take, and each
// policy's params definition from its parameter table (param_table.hpp);
// `--reference`, docs/policies.md's parameter reference. scripts/update_schema.sh
// writes both into the docs; the CTest ScenarioSchemaIsCurrent checks that
// the committed files are current.
#include <iostream>

#include "policies/policy_registry.hpp"
#include "sim/cli/commands.hpp"
#include "sim/core/input_error.hpp"

namespace servesim::cli {

int schema_command(const std::vector<std::string>& args) {
  if (!args.empty() && (args[0] == "--help" || args[0] == "-h")) {
    std::cout << "usage: servesim schema [--reference]\n\n"
                 "Prints, as JSON, the part of docs/scenario.schema.json the policy registry makes:\n"
                 "{\"policy_names\": [...], \"policy_params_by_name\": [...], \"definitions\": {...}}: every\n"
                 "policy's name, the params definition each name takes, and each policy's params definition,\n"
                 "from its parameter table.\n"
                 "  --reference  instead, docs/policies.md's parameter reference (markdown)\n"
                 "scripts/update_schema.sh writes both into the docs.\n";
    return 0;
  }
  const bool reference = !args.empty() && args[0] == "--reference";
  const std::size_t taken = reference ? 1 : 0;
  if (args.size() > taken) throw InputError("servesim schema", "unexpected argument \"" + args[taken] + "\"");
  std::cout << (reference ? policy_parameter_reference() : policy_schema_part().dump(2) + "\n");
  return 0;
}

}  // namespace servesim::cli
