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

// How a policy treats the scenario's offline jobs (docs/policies.md).
enum class OfflineSupport : std::uint8_t {
  kNotSupported,     // refused: exit 2 naming applications[i].offline_jobs
  kNotYetSupported,  // refused until the policy's own treatment exists (INFaaS' throttle)
  kServed,           // served at low priority
};

struct PolicyEntry {
  std::string name;
  std::string description;
  std::function<std::unique_ptr<Policy>(const JsonNode& params, const PolicyContext& context)> make;
  OfflineSupport offline = OfflineSupport::kNotSupported;
  // Why it cannot be per-stage's inner policy, said after "policy \"<name>\"";
  // empty: it can (docs/policies.md, "per-stage").
  std::string per_stage_refusal;
};

std::vector<PolicyEntry> policy_registry();
// Throws InputError at `where` if no policy has this name, and at the first
// application's offline_jobs if the policy does not serve offline jobs.
std::unique_ptr<Policy> make_policy(const JsonNode& name_node, const JsonNode& params, const PolicyContext& context);

}  // namespace servesim
