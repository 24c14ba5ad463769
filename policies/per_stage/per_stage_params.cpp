#include "policies/per_stage/per_stage_params.hpp"

#include <string>

#include "policies/policy_registry.hpp"

namespace servesim::per_stage {
namespace {

// The registry says which policies cannot be the inner one, and why.
void check_inner_policy(const JsonNode& node) {
  const std::string name = node.string();
  for (const PolicyEntry& entry : policy_registry()) {
    if (entry.name == name && !entry.per_stage_refusal.empty()) {
      node.fail("policy \"" + name + "\" " + entry.per_stage_refusal);
    }
  }
}

}  // namespace

PerStageParams parse_per_stage_params(const JsonNode& params) {
  params.expect_object({"policy", "params", "slo_split"});
  check_inner_policy(params.at("policy"));
  PerStageParams p;
  if (params.has("slo_split")) {
    p.split = params.at("slo_split").choice({"fastest_latency", "equal"}) == "equal" ? SloSplit::kEqual
                                                                                     : SloSplit::kFastestLatency;
  }
  return p;
}

}  // namespace servesim::per_stage
