#pragma once
// The policies a scenario can name. The list is built on each call (no mutable
// global state); each factory validates its parameters and throws InputError
// naming the JSON path of a bad one.
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "policies/param_table.hpp"
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
  // Its parameters declared once (param_table.hpp): the parser reads
  // through it, and the schema and the references are made from it. Every
  // policy has one (ScenarioSchema.EveryPolicyDeclaresItsParameters). A
  // function, so that listing the registry builds no table: per-stage's
  // table lists the registry's names.
  const ParamTable& (*params)() = nullptr;
};

std::vector<PolicyEntry> policy_registry();
// The entry named `name`; none if no policy has it.
std::optional<PolicyEntry> find_policy(std::string_view name);
// Every policy's name, joined by ", " (what an unknown name's error lists).
std::string known_policy_names();
// What docs/scenario.schema.json takes from the registry (`servesim schema`):
// {"policy_names": [every policy's name, in the registry's order] (the
//  policy object's name enum),
//  "policy_params_by_name": [its allOf: a policy named X has params_X],
//  "definitions": {"params_<name>": its table's schema, for each policy}}.
// The schema rule "where the object's `selector` is `name`, its params are
// params_<name>": the policy object's ("name") and per-stage's ("policy").
nlohmann::json params_rule(const std::string& selector, const std::string& name);
nlohmann::json policy_schema_part();
// docs/policies.md's parameter reference (`servesim schema --reference`):
// each policy's table in markdown, in the registry's order.
std::string policy_parameter_reference();
// Throws InputError at `where` if no policy has this name, and at the first
// application's offline_jobs if the policy does not serve offline jobs.
std::unique_ptr<Policy> make_policy(const JsonNode& name_node, const JsonNode& params, const PolicyContext& context);

}  // namespace servesim
