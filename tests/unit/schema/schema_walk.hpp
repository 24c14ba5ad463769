#pragma once
// Finds the subschema that governs one object of a scenario document, given
// the object's JSON path as the loader names it ("policies[2].params"): it
// follows properties and items, and at each step only the branches the value
// selects (if/then on "kind" or a policy's "name", the anyOf alternative the
// value matches), so a workload or a policy's params meet their own branch.
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "schema_validator.hpp"

namespace servesim::test {

struct SchemaPart {
  std::string pointer;  // "#/definitions/workload_poisson": names the part in messages
  const nlohmann::json* schema;
};

// What the schema says about one object of the document.
struct ObjectSchema {
  std::vector<SchemaPart> parts;
  bool closed = false;            // some part has "additionalProperties": false
  std::set<std::string> keys;     // its properties, less those a "not": {"required": [k]} forbids
  std::vector<std::string> closing_parts;  // pointers of the parts that close it
};

class SchemaWalk {
 public:
  explicit SchemaWalk(const nlohmann::json& root) : root_(root), validator_(root) {}

  // Throws std::runtime_error if the path leaves the document or the schema.
  ObjectSchema at(const nlohmann::json& document, const std::string& path) const {
    std::vector<SchemaPart> parts = expand({{"#", &root_}}, document);
    const nlohmann::json* value = &document;
    std::string rest = path;
    while (!rest.empty()) {
      std::vector<SchemaPart> next;
      const std::string step = next_step(*value, rest);
      for (const SchemaPart& p : parts) add_child(p, step, next);
      if (next.empty()) throw std::runtime_error("the schema has nothing for " + path + " (at " + step + ")");
      value = step[0] == '[' ? &value->at(std::stoul(step.substr(1))) : &value->at(step);
      parts = expand(next, *value);
    }
    return summary(parts);
  }

 private:
  // Takes the next key or [index] off `rest`; keys may hold dots ("m5.xlarge").
  static std::string next_step(const nlohmann::json& value, std::string& rest) {
    if (rest[0] == '.') rest.erase(0, 1);
    if (rest[0] == '[') {
      const auto close = rest.find(']');
      std::string step = rest.substr(0, close + 1);
      rest.erase(0, close + 1);
      return step;
    }
    std::string best;
    for (const auto& [key, _] : value.items()) {
      const bool fits = rest.compare(0, key.size(), key) == 0 &&
                        (rest.size() == key.size() || rest[key.size()] == '.' || rest[key.size()] == '[');
      if (fits && key.size() > best.size()) best = key;
    }
    if (best.empty()) throw std::runtime_error("no key of the document starts " + rest);
    rest.erase(0, best.size());
    return best;
  }

  static void add_child(const SchemaPart& p, const std::string& step, std::vector<SchemaPart>& out) {
    const nlohmann::json& s = *p.schema;
    if (step[0] == '[') {
      if (s.contains("items")) out.push_back({p.pointer + "/items", &s["items"]});
      return;
    }
    if (s.contains("properties") && s["properties"].contains(step)) {
      out.push_back({p.pointer + "/properties/" + step, &s["properties"][step]});
    } else if (s.contains("additionalProperties") && s["additionalProperties"].is_object()) {
      out.push_back({p.pointer + "/additionalProperties", &s["additionalProperties"]});
    }
  }

  // The parts that apply to `value`: through $ref, allOf, the if/then/else
  // branch it takes and the anyOf/oneOf alternatives it matches.
  std::vector<SchemaPart> expand(const std::vector<SchemaPart>& parts, const nlohmann::json& value) const {
    std::vector<SchemaPart> out;
    for (const SchemaPart& p : parts) expand_one(p, value, out);
    return out;
  }

  void expand_one(const SchemaPart& p, const nlohmann::json& value, std::vector<SchemaPart>& out) const {
    const nlohmann::json& s = *p.schema;
    if (s.contains("$ref")) {
      const std::string ref = s["$ref"];
      return expand_one({ref, &validator_.resolve(ref)}, value, out);
    }
    out.push_back(p);
    const auto& all = member(s, "allOf");
    for (std::size_t i = 0; i < all.size(); ++i) expand_one({p.pointer + "/allOf/" + std::to_string(i), &s["allOf"][i]}, value, out);
    if (s.contains("if")) {
      const char* branch = validator_.valid(s["if"], value) ? "then" : "else";
      if (s.contains(branch)) expand_one({p.pointer + "/" + branch, &s[branch]}, value, out);
    }
    for (const char* word : {"anyOf", "oneOf"}) {
      if (!s.contains(word)) continue;
      for (std::size_t i = 0; i < s[word].size(); ++i) {
        if (validator_.valid(s[word][i], value)) expand_one({p.pointer + "/" + word + "/" + std::to_string(i), &s[word][i]}, value, out);
      }
    }
  }

  static ObjectSchema summary(const std::vector<SchemaPart>& parts) {
    ObjectSchema o;
    o.parts = parts;
    std::set<std::string> forbidden;
    for (const SchemaPart& p : parts) {
      const nlohmann::json& s = *p.schema;
      for (const auto& [key, _] : member(s, "properties").items()) o.keys.insert(key);
      if (s.contains("not")) {
        for (const auto& key : member(s["not"], "required")) forbidden.insert(key.get<std::string>());
      }
      if (member(s, "additionalProperties") == nlohmann::json(false)) {
        o.closed = true;
        o.closing_parts.push_back(p.pointer);
      }
    }
    for (const std::string& key : forbidden) o.keys.erase(key);
    return o;
  }

  const nlohmann::json& root_;
  SchemaValidator validator_;
};

}  // namespace servesim::test
