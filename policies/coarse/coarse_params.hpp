#pragma once
// The parameters of the coarse-grained baselines `cg-mean` and `cg-peak`
// (InferLine, SoCC'20 section 6; docs/policies.md), all optional, declared
// once in param_table() (coarse_params.cpp): "tuner" and the inferline
// policy's planning rows ("planning", "sample_size",
// "gpu_replica_vcpu_price", "short_cluster"). `servesim list policies
// cg-mean` prints them.
#include <cstdint>

#include "policies/inferline/inferline_params.hpp"
#include "sim/core/json_node.hpp"
#include "sim/core/time.hpp"

namespace servesim::coarse {

enum class CoarseTuner : std::uint8_t { kAutoscale, kNone };

struct CoarseParams {
  CoarseTuner tuner = CoarseTuner::kAutoscale;
  inferline::PlanningParams planning;
  bool serve_what_fits = false;  // "short_cluster"
  // The paper does not say how often the baselines' AutoScale looks; every
  // second, as InferLine's Tuner, so that both react on the same clock.
  Duration tick = from_seconds(1);
};

const ParamTable& param_table();

// Throws InputError naming the field.
CoarseParams parse_coarse_params(const JsonNode& params);

}  // namespace servesim::coarse
