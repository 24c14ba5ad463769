#include "policies/coarse/coarse_params.hpp"

namespace servesim::coarse {

CoarseParams parse_coarse_params(const JsonNode& params) {
  CoarseParams p;
  params.expect_object({"tuner", "planning", "sample_size", "gpu_replica_vcpu_price", "short_cluster"});
  if (params.has("tuner")) {
    p.tuner = params.at("tuner").choice({"autoscale", "none"}) == "none" ? CoarseTuner::kNone : CoarseTuner::kAutoscale;
  }
  p.serve_what_fits = inferline::parse_serve_what_fits(params);
  p.planning = inferline::parse_planning_params(params);
  return p;
}

}  // namespace servesim::coarse
