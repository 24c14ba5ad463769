#include "sim/cli/command_line.hpp"

#include <iostream>

namespace servesim::cli {
namespace po = boost::program_options;

bool parse_command_line(const std::vector<std::string>& args, const po::options_description& visible,
                        const po::options_description& hidden, const char* positional, const char* usage) {
  po::options_description shown;
  shown.add(visible).add_options()("help,h", "this help");
  po::options_description all;
  all.add(shown).add(hidden);
  po::positional_options_description bare;
  bare.add(positional, 1);
  po::variables_map vm;
  po::store(po::command_line_parser(args).options(all).positional(bare).run(), vm);
  if (vm.count("help")) {
    std::cout << usage << "\n" << shown;
    return false;
  }
  po::notify(vm);
  return true;
}

}  // namespace servesim::cli
