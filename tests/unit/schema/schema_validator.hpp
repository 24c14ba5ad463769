#pragma once
// The subset of JSON Schema (draft-07) that docs/scenario.schema.json uses,
// checked here without a new dependency. A schema keyword outside this subset
// fails UsesOnlyKeywordsTheTestKnows, so a check can never be skipped silently.
#include <algorithm>
#include <cmath>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace servesim::test {

inline const std::set<std::string>& known_keywords() {
  static const std::set<std::string> keywords{
      "$schema", "$id", "$ref", "title", "description", "definitions", "type", "enum", "const", "properties",
      "required", "additionalProperties", "items", "minItems", "minimum", "maximum", "exclusiveMinimum",
      "exclusiveMaximum", "allOf", "anyOf", "oneOf",
      "if", "then", "else", "not"};
  return keywords;
}

// s[key], or null (which iterates as empty) if s has no such member: never a
// copy, so that a loop over its items() holds no dangling reference.
inline const nlohmann::json& member(const nlohmann::json& s, const char* key) {
  static const nlohmann::json none;
  return s.is_object() && s.contains(key) ? s[key] : none;
}

class SchemaValidator {
 public:
  explicit SchemaValidator(const nlohmann::json& root) : root_(root) {}

  // "#/definitions/x" -> that subschema.
  const nlohmann::json& resolve(const std::string& ref) const {
    return root_.at(nlohmann::json::json_pointer(ref.substr(1)));
  }

  // Every violation, each as "where: what"; empty if `value` is valid.
  std::vector<std::string> errors(const nlohmann::json& schema, const nlohmann::json& value,
                                   const std::string& where = "") const {
    std::vector<std::string> out;
    check(schema, value, where, out);
    return out;
  }
  bool valid(const nlohmann::json& schema, const nlohmann::json& value) const { return errors(schema, value).empty(); }

 private:
  static bool has_type(const nlohmann::json& value, const std::string& type) {
    if (type == "object") return value.is_object();
    if (type == "array") return value.is_array();
    if (type == "string") return value.is_string();
    if (type == "boolean") return value.is_boolean();
    if (type == "number") return value.is_number();
    if (type == "integer") return value.is_number_integer() || (value.is_number_float() && std::trunc(value.get<double>()) == value.get<double>());
    return value.is_null();
  }

  void check(const nlohmann::json& s, const nlohmann::json& v, const std::string& at, std::vector<std::string>& out) const {
    if (s.contains("$ref")) return check(resolve(s["$ref"]), v, at, out);
    if (s.contains("type") && !has_type(v, s["type"])) return out.push_back(at + ": expected " + s["type"].get<std::string>());
    if (s.contains("const") && v != s["const"]) out.push_back(at + ": expected " + s["const"].dump());
    if (s.contains("enum") && std::find(s["enum"].begin(), s["enum"].end(), v) == s["enum"].end()) {
      out.push_back(at + ": " + v.dump() + " is not one of " + s["enum"].dump());
    }
    if (v.is_number()) check_bounds(s, v.get<double>(), at, out);
    if (v.is_object()) check_object(s, v, at, out);
    if (v.is_array()) check_array(s, v, at, out);
    check_combinations(s, v, at, out);
  }

  static void check_bounds(const nlohmann::json& s, double x, const std::string& at, std::vector<std::string>& out) {
    if (s.contains("minimum") && x < s["minimum"].get<double>()) out.push_back(at + ": below the minimum");
    if (s.contains("maximum") && x > s["maximum"].get<double>()) out.push_back(at + ": above the maximum");
    if (s.contains("exclusiveMinimum") && x <= s["exclusiveMinimum"].get<double>()) out.push_back(at + ": not above the minimum");
    if (s.contains("exclusiveMaximum") && x >= s["exclusiveMaximum"].get<double>()) out.push_back(at + ": not below the maximum");
  }

  void check_object(const nlohmann::json& s, const nlohmann::json& v, const std::string& at, std::vector<std::string>& out) const {
    for (const auto& key : member(s, "required")) {
      if (!v.contains(key.get<std::string>())) out.push_back(at + ": missing " + key.dump());
    }
    const auto& props = s.contains("properties") ? s["properties"] : nlohmann::json::object();
    for (const auto& [key, child] : v.items()) {
      const std::string where = at.empty() ? key : at + "." + key;
      if (props.contains(key)) {
        check(props[key], child, where, out);
      } else if (s.contains("additionalProperties")) {
        const auto& extra = s["additionalProperties"];
        if (extra.is_boolean() && !extra.get<bool>()) out.push_back(where + ": not allowed");
        if (extra.is_object()) check(extra, child, where, out);
      }
    }
  }

  void check_array(const nlohmann::json& s, const nlohmann::json& v, const std::string& at, std::vector<std::string>& out) const {
    if (s.contains("minItems") && v.size() < s["minItems"].get<std::size_t>()) out.push_back(at + ": too few items");
    if (!s.contains("items")) return;
    for (std::size_t i = 0; i < v.size(); ++i) check(s["items"], v[i], at + "[" + std::to_string(i) + "]", out);
  }

  void check_combinations(const nlohmann::json& s, const nlohmann::json& v, const std::string& at, std::vector<std::string>& out) const {
    for (const auto& part : member(s, "allOf")) check(part, v, at, out);
    if (s.contains("if")) {
      const char* branch = valid(s["if"], v) ? "then" : "else";
      if (s.contains(branch)) check(s[branch], v, at, out);
    }
    if (s.contains("not") && valid(s["not"], v)) out.push_back(at + ": matches a schema it must not (" + s["not"].dump() + ")");
    for (const char* word : {"anyOf", "oneOf"}) {
      if (!s.contains(word)) continue;
      const auto passing = std::count_if(s[word].begin(), s[word].end(), [&](const nlohmann::json& b) { return valid(b, v); });
      if (passing == 0 || (passing > 1 && std::string(word) == "oneOf")) out.push_back(at + ": matches " + std::to_string(passing) + " of " + word);
    }
  }

  const nlohmann::json& root_;
};

}  // namespace servesim::test
