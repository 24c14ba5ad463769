#pragma once
// The robustness contract, per process: exit 0, or exit 2 with exactly one
// line on stderr starting with the program's name ("servesim", or
// "sweep.sh" for the sweep script); anything else is a violation of a kind,
// but for two documented outputs: a usage text (exit 2, "usage: ..."
// several lines, for a missing subcommand) and sweep.sh's exit 1 (some
// point's run failed, each named).
#include <string>

#include "tests/fuzz/child_process.hpp"

namespace servesim::fuzz {

enum class Outcome {
  ok,           // exit 0
  input_error,  // exit 2, one line "servesim...": the contract for bad input
  usage,        // exit 2, a usage text starting "usage:"
  points_failed,  // sweep.sh's exit 1: the checks passed, some point's run failed
  // violations:
  hang,         // killed at the wall-clock timeout
  sanitizer,    // an ASan/UBSan report, whatever the exit status
  memory,       // out of memory under the cap (bad_alloc, ASan's rss limit)
  signal,       // killed by a signal (a crash)
  exit3,        // the "internal invariant broken" status
  exit_other,   // any other status
  bad_message,  // exit 2 but not one line starting "servesim"
};
inline constexpr int kOutcomes = 11;

const char* outcome_name(Outcome o);
inline bool is_violation(Outcome o) {
  return o != Outcome::ok && o != Outcome::input_error && o != Outcome::usage && o != Outcome::points_failed;
}

Outcome classify(const ChildResult& r, const std::string& program = "servesim");

}  // namespace servesim::fuzz
