#pragma once
// Visits a schema and each subschema inside it (properties, definitions,
// items, combinations), with its JSON pointer; $ref is not followed.
#include <functional>
#include <string>

#include <nlohmann/json.hpp>

#include "schema_validator.hpp"

namespace servesim::test {

using SubschemaVisit = std::function<void(const nlohmann::json& schema, const std::string& pointer)>;

inline void for_each_subschema(const nlohmann::json& s, const std::string& pointer, const SubschemaVisit& visit) {
  if (!s.is_object()) return;
  visit(s, pointer);
  for (const char* map : {"properties", "definitions"}) {
    for (const auto& [key, child] : member(s, map).items()) for_each_subschema(child, pointer + "/" + map + "/" + key, visit);
  }
  for (const char* one : {"items", "additionalProperties", "if", "then", "else", "not"}) {
    if (s.contains(one)) for_each_subschema(s[one], pointer + "/" + one, visit);
  }
  for (const char* list : {"allOf", "anyOf", "oneOf"}) {
    const auto& parts = member(s, list);
    for (std::size_t i = 0; i < parts.size(); ++i) for_each_subschema(parts[i], pointer + "/" + list + "/" + std::to_string(i), visit);
  }
}

}  // namespace servesim::test
