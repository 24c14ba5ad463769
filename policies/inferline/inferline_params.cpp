#include "policies/inferline/inferline_params.hpp"

namespace servesim::inferline {

PlanningParams parse_planning_params(const JsonNode& params) {
  PlanningParams p;
  if (params.has("planning")) {
    p.trace = params.at("planning").choice({"sample", "oracle"}) == "oracle" ? PlanningTrace::kOracle
                                                                             : PlanningTrace::kSample;
  }
  p.sample_size = static_cast<std::size_t>(params.integer_in_or("sample_size", 2, 10'000'000, 50'000));
  if (params.has("gpu_replica_vcpu_price")) p.gpu_replica_vcpu_price = params.at("gpu_replica_vcpu_price").number_in(0, 1000);
  return p;
}

bool parse_serve_what_fits(const JsonNode& params) {
  return params.has("short_cluster") &&
         params.at("short_cluster").choice({"refuse", "serve_what_fits"}) == "serve_what_fits";
}

InferlineParams parse_inferline_params(const JsonNode& params) {
  InferlineParams p;
  params.expect_object({"tuner", "planning", "sample_size", "gpu_replica_vcpu_price", "max_replicas_per_stage",
                        "replan_interval_s", "envelope_check", "short_cluster"});
  if (params.has("tuner")) {
    const std::string tuner = params.at("tuner").choice({"inferline", "autoscale", "none"});
    p.tuner = tuner == "none" ? TunerMode::kNone : tuner == "autoscale" ? TunerMode::kAutoscale : TunerMode::kInferline;
  }
  p.planning = parse_planning_params(params);
  p.serve_what_fits = parse_serve_what_fits(params);
  p.max_replicas_per_stage = static_cast<std::uint32_t>(params.integer_in_or("max_replicas_per_stage", 1, 100'000, 1000));
  if (params.has("replan_interval_s")) p.replan_interval = params.at("replan_interval_s").seconds_in(10, 315'360'000);
  if (params.has("envelope_check")) {
    p.envelope_check = params.at("envelope_check").choice({"continuous", "tick"}) == "tick" ? EnvelopeCheck::kTick
                                                                                            : EnvelopeCheck::kContinuous;
  }
  return p;
}

}  // namespace servesim::inferline
