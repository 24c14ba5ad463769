#pragma once
// Reading JSON text into a document, with the limits every reader relies on:
// nesting at most kMaxJsonDepth levels deep (checked while parsing, so a
// deeply nested document never makes anything recurse deeply), no key twice in
// one object (nlohmann would keep the last silently), and every nlohmann
// exception (a syntax error, a number beyond double such as 1e999) turned into
// one InputError naming the file and the JSON path where reading stopped.
#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "sim/core/input_error.hpp"

namespace servesim {

// Deep enough for any scenario (a workload nested kMaxWorkloadDepth deep is
// about 50 levels), shallow enough that recursive readers stay safe.
inline constexpr std::size_t kMaxJsonDepth = 64;

// Text that is not JSON at all. `--set` reads such a value as a plain string;
// JSON beyond the limits is an InputError of its own.
class JsonSyntaxError : public InputError {
 public:
  using InputError::InputError;
};

// `file` names the text in errors ("scenario.json", "--set a.b=...").
nlohmann::json parse_json_text(std::string_view text, const std::string& file);

// The same, keeping the document's key order (summary.json's columns follow it).
nlohmann::ordered_json parse_ordered_json_text(std::string_view text, const std::string& file);

// The same for a file on disk; a missing file or a folder is an InputError too.
nlohmann::json read_json_file(const std::string& path);

// A file's bytes, with read_json_file's errors (for a hash of what was read).
std::string read_text_file(const std::string& path);

}  // namespace servesim
