#pragma once
// Runs one servesim process the way the fuzzer needs it: stdout and stderr to
// files, a wall-clock timeout (the child is killed, not waited for), and a
// memory cap, so that a mutant that hangs or eats memory is a finding instead
// of a stuck or swapping campaign.
#include <filesystem>
#include <string>
#include <vector>

namespace servesim::fuzz {

struct ChildLimits {
  double timeout_s = 10;
  std::size_t memory_mb = 2048;
  // RLIMIT_AS caps a plain build; an ASan build reserves terabytes of address
  // space up front, so there the cap is ASan's own hard_rss_limit_mb instead.
  bool address_space_limit = true;
};

struct ChildResult {
  bool exited = false;  // false: killed by a signal (or by us on timeout)
  int exit_code = -1;
  int signal = 0;
  bool timed_out = false;
  double wall_s = 0;
  std::string err;  // the whole stderr
};

// Runs argv[0] (a path) with argv in `dir`, the child's working folder; its
// stdout goes to dir/stdout.txt and its stderr to dir/stderr.txt (read back
// into err).
ChildResult run_child(const std::vector<std::string>& argv, const std::filesystem::path& dir,
                      const ChildLimits& limits);

}  // namespace servesim::fuzz
