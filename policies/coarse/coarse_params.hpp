#pragma once
// The parameters of the coarse-grained baselines `cg-mean` and `cg-peak`
// (docs/policies.md), all optional:
//   "tuner": "autoscale" (AutoScale, SoCC'20 section 6, default) or "none"
//            (the plan alone: Figure 5's planner comparison);
//   "planning": "sample" (default) or "oracle", and "sample_size" (50,000):
//            the same planning trace as the inferline policy's.
#include <cstdint>

#include "policies/inferline/inferline_params.hpp"
#include "sim/core/json_node.hpp"
#include "sim/core/time.hpp"

namespace servesim::coarse {

enum class CoarseTuner : std::uint8_t { kAutoscale, kNone };

struct CoarseParams {
  CoarseTuner tuner = CoarseTuner::kAutoscale;
  inferline::PlanningParams planning;
  // The paper does not say how often the baselines' AutoScale looks; every
  // second, as InferLine's Tuner, so that both react on the same clock.
  Duration tick = from_seconds(1);
};

// Throws InputError naming the field.
CoarseParams parse_coarse_params(const JsonNode& params);

}  // namespace servesim::coarse
