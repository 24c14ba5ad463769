#include "tests/fuzz/outcome.hpp"

namespace servesim::fuzz {

const char* outcome_name(Outcome o) {
  switch (o) {
    case Outcome::ok: return "ok";
    case Outcome::input_error: return "input_error";
    case Outcome::usage: return "usage";
    case Outcome::points_failed: return "points_failed";
    case Outcome::hang: return "hang";
    case Outcome::sanitizer: return "sanitizer";
    case Outcome::memory: return "memory";
    case Outcome::signal: return "signal";
    case Outcome::exit3: return "exit3";
    case Outcome::exit_other: return "exit_other";
    case Outcome::bad_message: return "bad_message";
  }
  return "?";
}

namespace {
bool has(const std::string& text, const char* what) { return text.find(what) != std::string::npos; }
}  // namespace

// Order matters: a timeout is a hang even though SIGKILL ended it, and a
// sanitizer report counts as such even when the process then exits 0 or 2
// (UBSan goes on after a report by default).
Outcome classify(const ChildResult& r, const std::string& program) {
  if (r.timed_out) return Outcome::hang;
  const std::string& e = r.err;
  // Only the runtimes' own words: a one-line input error may well say "memory".
  if (has(e, "hard rss limit exceeded") || has(e, "allocation-size-too-big") ||
      has(e, "AddressSanitizer: out of memory") || has(e, "std::bad_alloc")) {
    return Outcome::memory;
  }
  if (has(e, "runtime error:") || has(e, "AddressSanitizer") || has(e, "LeakSanitizer") ||
      has(e, "UndefinedBehaviorSanitizer")) {
    return Outcome::sanitizer;
  }
  if (!r.exited) return Outcome::signal;
  if (r.exit_code == 0) return Outcome::ok;
  if (r.exit_code == 3) return Outcome::exit3;
  if (r.exit_code == 1 && program == "sweep.sh") return Outcome::points_failed;
  if (r.exit_code != 2) return Outcome::exit_other;
  if (e.rfind("usage:", 0) == 0) return Outcome::usage;
  const bool one_line = !e.empty() && e.find('\n') == e.size() - 1;
  return one_line && e.rfind(program, 0) == 0 ? Outcome::input_error : Outcome::bad_message;
}

}  // namespace servesim::fuzz
