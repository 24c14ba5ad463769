#pragma once
// Reading small text files line by line, for every reader of a user's text
// file (imported profiles, variant lists, the Proteus artifact's
// allocations): errors name the file and line.
#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

#include "sim/core/json_node.hpp"

namespace servesim {

// One non-blank line of a file with its 1-based number.
struct Line {
  std::size_t number;
  std::string text;
};

// The non-blank lines of a text file; a UTF-8 byte-order mark and Windows
// line ends are accepted. A file that cannot be opened fails at `field`, the
// JSON field that named it.
std::vector<Line> read_lines(const std::filesystem::path& path, const JsonNode& field);

// InputError "file:line: what".
[[noreturn]] void fail_at(const std::filesystem::path& file, std::size_t line, const std::string& what);

// One CSV record: commas separate fields, a field may be quoted ("a,b", with
// "" for a quote). Records span one line (no profile needs embedded newlines).
std::vector<std::string> split_csv(const std::string& text, const std::filesystem::path& file, std::size_t line);

}  // namespace servesim
