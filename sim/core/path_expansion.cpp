#include "sim/core/path_expansion.hpp"

#include <cctype>
#include <cstdlib>

namespace servesim {
namespace {

bool is_name_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool is_name_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

}  // namespace

std::string expand_env_vars(std::string_view text, const JsonNode& where) {
  std::string out;
  out.reserve(text.size());
  std::size_t i = 0;
  while (i < text.size()) {
    if (text[i] != '$' || i + 1 >= text.size() || text[i + 1] != '{') {
      out.push_back(text[i++]);
      continue;
    }
    const std::size_t close = text.find('}', i + 2);
    if (close == std::string_view::npos) {
      where.fail("unterminated \"${\" in \"" + std::string(text) + "\" (write ${NAME})");
    }
    const std::string name(text.substr(i + 2, close - i - 2));
    bool valid = !name.empty() && is_name_start(name[0]);
    for (char c : name) valid = valid && is_name_char(c);
    if (!valid) {
      where.fail("\"${" + name +
                 "}\" is not an environment variable name (letters, digits and '_', not starting with a digit)");
    }
    // Reading the environment is not mutable state of ours; the value is
    // whatever the user exported before starting the run.
    const char* value = std::getenv(name.c_str());
    if (value == nullptr) {
      where.fail("environment variable " + name + " is not set (used in \"" + std::string(text) + "\")");
    }
    out += value;
    i = close + 1;
  }
  return out;
}

std::string expand_env_vars(const JsonNode& node) { return expand_env_vars(node.string(), node); }

std::filesystem::path resolve_path(const JsonNode& node, const std::filesystem::path& base) {
  std::filesystem::path path(expand_env_vars(node));
  if (path.is_relative()) path = base / path;
  return path;
}

}  // namespace servesim
