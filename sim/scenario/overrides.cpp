#include "sim/scenario/overrides.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <limits>

#include "sim/core/input_error.hpp"
#include "sim/core/json_reader.hpp"

namespace servesim {
namespace {

bool is_index(const std::string& token) {
  return !token.empty() && std::all_of(token.begin(), token.end(), [](unsigned char c) { return std::isdigit(c); });
}

// "a.b[2].c" -> {"a", "b", "2", "c"}
std::vector<std::string> split_path(const std::string& path, const std::string& where) {
  std::vector<std::string> tokens;
  std::string current;
  for (char c : path) {
    if (c == '.' || c == '[' || c == ']') {
      if (!current.empty()) tokens.push_back(current);
      current.clear();
    } else {
      current += c;
    }
  }
  if (!current.empty()) tokens.push_back(current);
  if (tokens.empty()) throw InputError(where, "expected path=value with a non-empty path");
  if (tokens.size() > kMaxJsonDepth) {
    throw InputError(where, "the path is more than " + std::to_string(kMaxJsonDepth) + " levels deep");
  }
  return tokens;
}

// JSON beyond the limits (too deep, a key twice, 1e999) is an error naming
// the assignment; only text that is not JSON at all is taken as a string.
nlohmann::json parse_value(const std::string& text, const std::string& where) {
  try {
    return parse_json_text(text, where);
  } catch (const JsonSyntaxError&) {
    return text;  // a bare word is a string: --set policies.0.params.routing=weighted
  }
}

// Digits too many for size_t read as "past the end", so the range error names them.
std::size_t index_value(const std::string& token) {
  std::size_t i = 0;
  const auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), i);
  return ec == std::errc() && end == token.data() + token.size() ? i : std::numeric_limits<std::size_t>::max();
}

}  // namespace

void apply_override(nlohmann::json& document, const std::string& assignment) {
  const std::string where = "--set " + assignment;
  const auto eq = assignment.find('=');
  if (eq == std::string::npos) throw InputError(where, "expected path=value");
  const auto tokens = split_path(assignment.substr(0, eq), where);
  nlohmann::json* node = &document;
  for (const std::string& token : tokens) {
    if (node->is_array()) {
      if (!is_index(token)) throw InputError(where, "\"" + token + "\" is not an index into an array");
      const std::size_t i = index_value(token);
      if (i >= node->size()) {
        throw InputError(where, "index " + token + " is out of range (the array has " +
                                    std::to_string(node->size()) + " elements)");
      }
      node = &(*node)[i];
    } else {
      if (!node->is_object() && !node->is_null()) {
        throw InputError(where, "\"" + token + "\" goes into a value that is not an object");
      }
      node = &(*node)[token];
    }
  }
  *node = parse_value(assignment.substr(eq + 1), where);
}

void apply_overrides(nlohmann::json& document, const std::vector<std::string>& assignments) {
  for (const auto& a : assignments) apply_override(document, a);
}

}  // namespace servesim
