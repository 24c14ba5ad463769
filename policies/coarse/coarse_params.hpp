#pragma once
// The parameters of the coarse-grained baselines `cg-mean` and `cg-peak`
// (docs/policies.md), all optional:
//   "tuner": "autoscale" (AutoScale, SoCC'20 section 6, default) or "none"
//            (the plan alone: Figure 5's planner comparison);
//   "planning": "sample" (default) or "oracle", and "sample_size" (50,000):
//            the same planning trace as the inferline policy's;
//   "short_cluster": "refuse" (default: a plan needing more devices than the
//            cluster has free is an input error, as InferLine did not run
//            CG-Peak beyond its cluster, section 7.1) or "serve_what_fits"
//            (the units that fit are placed, the missing replicas counted in
//            no_free_device, and AutoScale keeps asking for them, as it does
//            at run time): for a cluster not sized for the baseline.
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

// Throws InputError naming the field.
CoarseParams parse_coarse_params(const JsonNode& params);

}  // namespace servesim::coarse
