#include "policies/per_stage/per_stage_params.hpp"

#include <string>
#include <string_view>

namespace servesim::per_stage {
namespace {

struct Refusal {
  std::string_view policy;
  std::string_view why;
};

// Why each policy cannot be the inner one.
constexpr Refusal kRefused[] = {
    {"inferline", "serves pipelines itself: name it as a policy of its own"},
    {"cg-mean", "serves pipelines itself: name it as a policy of its own"},
    {"cg-peak", "serves pipelines itself: name it as a policy of its own"},
    {"per-stage", "is not supported inside per-stage (it would apply itself per stage twice)"},
    {"static", "is not supported inside per-stage (its placement names the scenario's own applications)"},
    {"infaas-ilp", "is not supported inside per-stage"},
    {"infaas-v2", "is not supported inside per-stage"},
};

void check_inner_policy(const JsonNode& node) {
  const std::string name = node.string();
  for (const Refusal& r : kRefused) {
    if (name == r.policy) node.fail("policy \"" + name + "\" " + std::string(r.why));
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
