#include "policies/per_stage/per_stage_params.hpp"

#include <string>

#include "policies/policy_registry.hpp"

namespace servesim::per_stage {
namespace {

// The policies per-stage can apply: those the registry does not refuse.
std::vector<std::string> inner_policy_names() {
  std::vector<std::string> names;
  for (const PolicyEntry& entry : policy_registry()) {
    if (entry.per_stage_refusal.empty()) names.push_back(entry.name);
  }
  return names;
}

std::string joined_names() {
  std::string out;
  for (const std::string& name : inner_policy_names()) out += (out.empty() ? "" : ", ") + name;
  return out;
}

// The schema checks the inner params against the inner policy's own table.
nlohmann::json inner_params_rule() {
  nlohmann::json rules = nlohmann::json::array();
  for (const std::string& name : inner_policy_names()) rules.push_back(params_rule("policy", name));
  return {{"allOf", rules}};
}

// The registry says which policies cannot be the inner one, and why.
void check_inner_policy(const JsonNode& node) {
  const std::string name = node.string();
  const std::optional<PolicyEntry> entry = find_policy(name);
  if (entry && !entry->per_stage_refusal.empty()) node.fail("policy \"" + name + "\" " + entry->per_stage_refusal);
}

}  // namespace

const ParamTable& param_table() {
  static const ParamTable table(
      {
          required(custom_param("policy", {{"type", "string"}, {"enum", inner_policy_names()}},
                                "one of " + joined_names(), "", "the single-model policy applied to each stage")),
          custom_param("params", {{"type", "object"}}, "an object", "{}",
                       "the inner policy's params, read by it: errors name policies[i].params.params.<key>"),
          choice_param("slo_split", {"fastest_latency", "equal"},
                       "how the end-to-end SLO is split over the stages (stage_budgets.hpp)"),
      },
      inner_params_rule());
  return table;
}

PerStageParams parse_per_stage_params(const JsonNode& params) {
  const ParamTable& table = param_table();
  table.check(params);
  check_inner_policy(params.at("policy"));
  PerStageParams p;
  p.split = table.choice(params, "slo_split") == "equal" ? SloSplit::kEqual : SloSplit::kFastestLatency;
  return p;
}

}  // namespace servesim::per_stage
