#pragma once
// The policies a scenario can name. The list is built on each call (no mutable
// global state); each factory validates its parameters and throws InputError
// naming the JSON path of a bad one.
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "policies/policy.hpp"
#include "sim/core/json_node.hpp"

namespace servesim {

struct PolicyEntry {
  std::string name;
  std::string description;
  std::function<std::unique_ptr<Policy>(const JsonNode& params, const PolicyContext& context)> make;
};

std::vector<PolicyEntry> policy_registry();
// Throws InputError at `where` if no policy has this name.
std::unique_ptr<Policy> make_policy(const JsonNode& name_node, const JsonNode& params, const PolicyContext& context);

}  // namespace servesim
