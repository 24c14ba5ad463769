#pragma once
// The command-line parsing every subcommand with one positional argument
// shares (`run` and `validate` take a scenario, `claims` a ledger): its
// options, --help, and the positional one.
#include <boost/program_options.hpp>
#include <string>
#include <vector>

namespace servesim::cli {

// Parses `args` into `visible` and `hidden` (options the help leaves out);
// `positional` names the option the one bare argument fills. Returns false
// after printing `usage` and the visible options when --help was asked.
bool parse_command_line(const std::vector<std::string>& args, const boost::program_options::options_description& visible,
                        const boost::program_options::options_description& hidden, const char* positional,
                        const char* usage);

}  // namespace servesim::cli
