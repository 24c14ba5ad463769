#pragma once
// The subcommands of `servesim`. Each takes the arguments after its name and
// returns the process exit status; InputError and InvariantError propagate to
// main(), which prints them as one line (status 2 and 3).
#include <string>
#include <vector>

namespace servesim::cli {

int run_command(const std::vector<std::string>& args);
int validate_command(const std::vector<std::string>& args);
int list_command(const std::vector<std::string>& args);
int collect_command(const std::vector<std::string>& args);
int claims_command(const std::vector<std::string>& args);
int schema_command(const std::vector<std::string>& args);

}  // namespace servesim::cli
