#include "sim/metrics/sweep_point.hpp"

#include <set>

#include "sim/core/input_error.hpp"
#include "sim/metrics/json_object_file.hpp"

namespace servesim {
namespace {

using Json = nlohmann::ordered_json;

// "file: parameters[1].value", or "file: hash" for a top-level key.
std::string where(const std::string& file, const std::string& field, const char* key) {
  return file + ": " + (field.empty() ? std::string(key) : field + "." + key);
}

// A string member; absent is allowed only when `required` is false.
std::string string_member(const Json& object, const char* key, bool required, const std::string& file,
                          const std::string& field) {
  const auto it = object.find(key);
  if (it == object.end()) {
    if (required) throw InputError(where(file, field, key), "missing (a string is expected)");
    return {};
  }
  if (!it->is_string()) throw InputError(where(file, field, key), "expected a string, got " + it->dump());
  return it->get<std::string>();
}

SweepParameter parse_parameter(const Json& entry, const std::string& file, const std::string& field) {
  if (!entry.is_object()) throw InputError(file + ": " + field, "expected an object {\"name\", \"path\", \"value\"}");
  SweepParameter p;
  p.name = string_member(entry, "name", true, file, field);
  if (p.name.empty()) throw InputError(where(file, field, "name"), "must not be empty");
  p.path = string_member(entry, "path", false, file, field);
  p.value = string_member(entry, "value", true, file, field);
  return p;
}

}  // namespace

SweepPoint read_sweep_point(const std::filesystem::path& file) {
  const std::string name = file.string();
  const Json doc = read_json_object_file(file, "a sweep's point.json");
  const auto params = doc.find("parameters");
  if (params == doc.end()) throw InputError(where(name, "", "parameters"), "missing (an array is expected)");
  if (!params->is_array()) {
    throw InputError(where(name, "", "parameters"), "expected an array, got " + params->dump());
  }
  SweepPoint point;
  std::set<std::string> seen;
  for (std::size_t i = 0; i < params->size(); ++i) {
    const std::string field = "parameters[" + std::to_string(i) + "]";
    SweepParameter p = parse_parameter((*params)[i], name, field);
    if (!seen.insert(p.name).second) {
      throw InputError(where(name, field, "name"), "\"" + p.name + "\" appears twice");
    }
    point.parameters.push_back(std::move(p));
  }
  point.hash = string_member(doc, "hash", false, name, "");
  return point;
}

std::optional<std::filesystem::path> find_sweep_point(const std::filesystem::path& summary_json) {
  const std::filesystem::path own = summary_json.parent_path() / kSweepPointFile;
  // Lexically, so a relative summary path ("label/summary.json") finds its
  // parent's file and names it without "..".
  const std::filesystem::path parent = (summary_json.parent_path() / ".." / kSweepPointFile).lexically_normal();
  std::error_code ec;
  if (std::filesystem::is_regular_file(own, ec)) return own;
  if (std::filesystem::is_regular_file(parent, ec)) return parent;
  return std::nullopt;
}

}  // namespace servesim
