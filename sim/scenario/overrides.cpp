#include "sim/scenario/overrides.hpp"

#include <cctype>

#include "sim/core/input_error.hpp"

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
  return tokens;
}

nlohmann::json parse_value(const std::string& text) {
  try {
    return nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error&) {
    return text;  // a bare word is a string: --set policies.0.params.routing=weighted
  }
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
      const std::size_t i = std::stoul(token);
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
  *node = parse_value(assignment.substr(eq + 1));
}

void apply_overrides(nlohmann::json& document, const std::vector<std::string>& assignments) {
  for (const auto& a : assignments) apply_override(document, a);
}

}  // namespace servesim
