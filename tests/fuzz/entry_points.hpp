#pragma once
// What the fuzzer feeds, beyond mutated scenarios: each entry point writes one
// mutated input into a work folder and says which commands to check on it.
//   collect  a sweep's run folder (summary.json, point.json, timeseries.csv)
//            damaged: mutated JSON, or a file that is a folder, a symlink
//            loop, a FIFO, /dev/zero, empty or 300 MiB; `servesim collect`
//   claims   a small claims ledger on the toy scenario, mutated; `servesim
//            claims --check-ledger`, and sometimes a real run of it
//   args     an argument list of every subcommand, mutated token by token
//   sweep    scripts/sweep.sh's argument list, mutated the same way
// Every path a mutant can name lies inside its work folder (the commands run
// there), so that no mutant writes elsewhere.
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "tests/fuzz/child_process.hpp"
#include "tests/fuzz/mutator.hpp"

namespace servesim::fuzz {

// One command to check; the program whose one-line errors it prints
// ("servesim" or "sweep.sh").
struct Step {
  std::string stage;
  std::vector<std::string> argv;
  std::string program = "servesim";
};

struct Tools {
  std::string servesim;
  std::filesystem::path source;  // the repository (scripts/sweep.sh)
  std::filesystem::path base;    // files made once for every input (a finished run folder)
};

class EntryPoint {
 public:
  virtual ~EntryPoint() = default;
  virtual std::string name() const = 0;
  // The stages it reports, in order.
  virtual std::vector<std::string> stages() const = 0;
  // Writes the input into `dir` (empty) and returns the steps to check; a
  // null mutator writes the unmutated input, whose every step must end ok.
  virtual std::vector<Step> prepare(Mutator* m, const std::filesystem::path& dir) const = 0;
};

// The entry points other than the scenario's own; `tools.base` must hold
// what make_base wrote.
std::vector<std::unique_ptr<EntryPoint>> entry_points(const Tools& tools);

// Runs the toy scenario once into tools.base (the run folder collect's
// inputs copy), under the campaign's limits; throws std::runtime_error if it fails.
void make_base(const Tools& tools, const ChildLimits& limits);

}  // namespace servesim::fuzz
