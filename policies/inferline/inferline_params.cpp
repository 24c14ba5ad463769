#include "policies/inferline/inferline_params.hpp"

namespace servesim::inferline {

std::vector<ParamSpec> planning_param_specs() {
  const PlanningParams d;
  return {
      choice_param("planning", {"sample", "oracle"},
                   "the trace a plan is made on: the Planner's sample of the workload (section 4), or the run's own "
                   "arrivals (Figure 10; needs the policy's \"oracle\": true)"),
      integer_param("sample_size", 2, 10'000'000, static_cast<double>(d.sample_size),
                    "arrivals in the planning sample (the prototype's 50,000)"),
      number_param("gpu_replica_vcpu_price", 0, 1000, d.gpu_replica_vcpu_price,
                   "$/h a GPU replica costs on top of its device when planning (the prototype's 0.0665)"),
      choice_param("short_cluster", {"refuse", "serve_what_fits"},
                   "a starting plan needing more devices than the cluster has free: refuse (an input error), or "
                   "place the replicas that fit and count the rest in no_free_device"),
  };
}

PlanningParams parse_planning_params(const ParamTable& table, const JsonNode& params) {
  PlanningParams p;
  p.trace = table.choice(params, "planning") == "oracle" ? PlanningTrace::kOracle : PlanningTrace::kSample;
  p.sample_size = static_cast<std::size_t>(table.integer(params, "sample_size"));
  p.gpu_replica_vcpu_price = table.number(params, "gpu_replica_vcpu_price");
  return p;
}

bool parse_serve_what_fits(const ParamTable& table, const JsonNode& params) {
  return table.choice(params, "short_cluster") == "serve_what_fits";
}

const ParamTable& param_table() {
  static const ParamTable table = [] {
    const InferlineParams d;
    std::vector<ParamSpec> specs = {
        choice_param("tuner", {"inferline", "autoscale", "none"},
                     "inferline: section 5's Tuner; autoscale: the coarse-grained baselines' AutoScale on the whole "
                     "plan as one unit (section 7.3's InferLine Plan + Baseline Tune); none: the plan alone"),
        integer_param("max_replicas_per_stage", 1, 100'000, d.max_replicas_per_stage, "the Planner's cap per stage"),
        optional_seconds_param("replan_interval_s", 10, 315'360'000, "off",
                               "re-plan this often on the arrivals recorded since the run began (their last "
                               "sample_size), loading the new plan's replicas before unloading the old ones "
                               "(section 5: hours to days)"),
        choice_param("envelope_check", {"continuous", "tick"},
                     "how the Tuner compares the live arrivals with the sample's envelope: every window ending at "
                     "an arrival (section 5), or only at each tick"),
    };
    for (ParamSpec& s : planning_param_specs()) specs.push_back(std::move(s));
    return ParamTable(std::move(specs));
  }();
  return table;
}

InferlineParams parse_inferline_params(const JsonNode& params) {
  const ParamTable& table = param_table();
  table.check(params);
  InferlineParams p;
  const std::string tuner = table.choice(params, "tuner");
  p.tuner = tuner == "none" ? TunerMode::kNone : tuner == "autoscale" ? TunerMode::kAutoscale : TunerMode::kInferline;
  p.planning = parse_planning_params(table, params);
  p.serve_what_fits = parse_serve_what_fits(table, params);
  p.max_replicas_per_stage = static_cast<std::uint32_t>(table.integer(params, "max_replicas_per_stage"));
  if (params.has("replan_interval_s")) p.replan_interval = table.seconds(params, "replan_interval_s");
  p.envelope_check =
      table.choice(params, "envelope_check") == "tick" ? EnvelopeCheck::kTick : EnvelopeCheck::kContinuous;
  return p;
}

}  // namespace servesim::inferline
