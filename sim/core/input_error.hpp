#pragma once
// The two ways a run fails. A user's mistake (scenario, catalog, trace) is an
// InputError: one line naming the file, the JSON path or line, and what was
// expected; exit status 2. A broken internal invariant is an InvariantError;
// exit status 3.
#include <stdexcept>
#include <string>

#include "sim/core/text_fields.hpp"

namespace servesim {

class InputError : public std::runtime_error {
 public:
  // where: "file.json: applications[0].slo_ms" or "trace.txt:12"
  // Both parts are made printable and clipped here, once for every reader, so
  // that no input (a newline in a value, a binary trace, a 1 MB key in a path)
  // can turn the message into several lines or a flood.
  InputError(const std::string& where, const std::string& what)
      : std::runtime_error(printable(clipped(where, kMaxWhere)) + ": " + printable(clipped(what, kMaxWhat))) {}

  static constexpr std::size_t kMaxWhere = 1500;  // a path 64 levels deep fits
  static constexpr std::size_t kMaxWhat = 1500;
};

class InvariantError : public std::runtime_error {
 public:
  explicit InvariantError(const std::string& what) : std::runtime_error("invariant broken: " + what) {}
};

inline constexpr int kExitInputError = 2;
inline constexpr int kExitInvariantError = 3;

}  // namespace servesim
