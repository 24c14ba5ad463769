#pragma once
// Runs the real servesim binary (SERVESIM_BINARY, defined for every test
// binary by tests/CMakeLists.txt) with stdout and stderr captured.
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "tests/support/temp_dir.hpp"

namespace servesim::test {

inline std::string shell_quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) {
    if (c == '\'') {
      out += "'\\''";
    } else {
      out += c;
    }
  }
  return out + "'";
}

struct CliResult {
  int status = -1;  // exit status, or -1 if the process did not exit normally (a signal)
  std::string out;
  std::string err;
};

// A run that takes longer than its limit is a hang (a loop that does not
// progress): coreutils' timeout ends it with status 124, so the test fails
// instead of stalling the suite. The default is far above the longest
// regression run on a loaded two-core machine; callers that only load a
// scenario (bad input) pass a short one.
inline constexpr int kCliTimeoutSeconds = 1800;

// Runs `servesim args...` with stdout and stderr captured to files in `scratch`.
inline CliResult run_servesim(const std::vector<std::string>& args, const std::filesystem::path& scratch,
                              int timeout_seconds = kCliTimeoutSeconds) {
  const auto out_file = scratch / "cli_stdout.txt";
  const auto err_file = scratch / "cli_stderr.txt";
  std::string command = "timeout -k 5 " + std::to_string(timeout_seconds) + " " + shell_quote(SERVESIM_BINARY);
  for (const auto& a : args) command.append(" ").append(shell_quote(a));
  command.append(" >").append(shell_quote(out_file.string()));
  command.append(" 2>").append(shell_quote(err_file.string()));
  command.append(" </dev/null");
  const int raw = std::system(command.c_str());
  CliResult r;
  if (raw != -1 && WIFEXITED(raw)) r.status = WEXITSTATUS(raw);
  r.out = read_text(out_file);
  r.err = read_text(err_file);
  std::filesystem::remove(out_file);
  std::filesystem::remove(err_file);
  return r;
}

}  // namespace servesim::test
