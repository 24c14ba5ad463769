#pragma once
// The inputs the fuzzer mutates: small shipped scenarios (their relative
// catalog and trace paths made absolute, so a mutant runs from any folder)
// and the test suite's toy scenario reading small trace files written here.
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "tests/fuzz/mutator.hpp"

namespace servesim::fuzz {

struct SeedInput {
  std::string name;
  Json scenario;
  std::map<std::string, std::string> files;  // written beside the scenario: name -> content
};

// `scenarios` are paths relative to `source_dir` (the repository).
std::vector<SeedInput> seed_inputs(const std::filesystem::path& source_dir, const std::vector<std::string>& scenarios);

// The shipped scenarios whose validation and short runs take well under a
// second, so that a timeout is a hang and not legitimate work.
std::vector<std::string> default_scenarios();

}  // namespace servesim::fuzz
