#include "policies/coarse/coarse_params.hpp"

namespace servesim::coarse {

CoarseParams parse_coarse_params(const JsonNode& params) {
  CoarseParams p;
  params.expect_object({"tuner", "planning", "sample_size", "gpu_replica_vcpu_price", "short_cluster"});
  if (params.has("tuner")) {
    p.tuner = params.at("tuner").choice({"autoscale", "none"}) == "none" ? CoarseTuner::kNone : CoarseTuner::kAutoscale;
  }
  if (params.has("short_cluster")) {
    p.serve_what_fits = params.at("short_cluster").choice({"refuse", "serve_what_fits"}) == "serve_what_fits";
  }
  p.planning = inferline::parse_planning_params(params);
  return p;
}

}  // namespace servesim::coarse
