#pragma once
// The two ways a run fails. A user's mistake (scenario, catalog, trace) is an
// InputError: one line naming the file, the JSON path or line, and what was
// expected; exit status 2. A broken internal invariant is an InvariantError;
// exit status 3.
#include <stdexcept>
#include <string>

namespace servesim {

class InputError : public std::runtime_error {
 public:
  // where: "file.json: applications[0].slo_ms" or "trace.txt:12"
  InputError(const std::string& where, const std::string& what)
      : std::runtime_error(where + ": " + what) {}
};

class InvariantError : public std::runtime_error {
 public:
  explicit InvariantError(const std::string& what) : std::runtime_error("invariant broken: " + what) {}
};

inline constexpr int kExitInputError = 2;
inline constexpr int kExitInvariantError = 3;

}  // namespace servesim
