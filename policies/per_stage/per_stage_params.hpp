#pragma once
// The `per-stage` policy's parameters, read from a scenario's policies[i].params:
//
//   {"policy": "mark",                  // required: the single-model policy to apply per stage
//    "params": {...},                   // the inner policy's own params (default {}),
//                                       // read by it: errors name policies[i].params.params.<key>
//    "slo_split": "fastest_latency"}    // or "equal" (stage_budgets.hpp)
//
// Inner policies that serve pipelines themselves (inferline, cg-mean, cg-peak)
// or that per-stage does not support (static, infaas-ilp, infaas-v2, and
// per-stage itself) are refused with one line naming policies[i].params.policy.
// An unknown name is the registry's error, at the same field.
#include "policies/param_table.hpp"
#include "policies/per_stage/stage_budgets.hpp"
#include "sim/core/json_node.hpp"

namespace servesim::per_stage {

struct PerStageParams {
  SloSplit split = SloSplit::kFastestLatency;
};

// Its parameters, declared once (per_stage_params.cpp).
const ParamTable& param_table();

// Checks the keys, the split and the inner policy's name (not its params).
PerStageParams parse_per_stage_params(const JsonNode& params);

}  // namespace servesim::per_stage
