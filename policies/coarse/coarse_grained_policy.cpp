#include "policies/coarse/coarse_grained_policy.hpp"

#include <algorithm>

#include "policies/inferline/coarse_grained_plan.hpp"
#include "policies/inferline/plan_inputs.hpp"
#include "sim/core/input_error.hpp"

namespace servesim::coarse {

using inferline::StageReplicas;

CoarseGrainedPolicy::CoarseGrainedPolicy(const JsonNode& params, const PolicyContext& context, ProvisionFor rate)
    : params_(parse_coarse_params(params)),
      rate_(rate),
      world_(context.world),
      oracle_(inferline::planning_oracle(params_.planning, params, context)),
      where_(params.where()),
      check_only_(context.check_only) {}

Duration CoarseGrainedPolicy::tick_interval() const {
  return params_.tuner == CoarseTuner::kAutoscale ? params_.tick : Duration::infinite();
}

void CoarseGrainedPolicy::start(ClusterControl& control, const ClusterView& view) {
  if (check_only_) return;  // validate plans nothing: as inferline's start
  for (AppId a = 0; a < world_.applications.size(); ++a) apps_.push_back(deploy(a, control, view));
}

CoarseGrainedPolicy::AppDeployment CoarseGrainedPolicy::deploy(AppId app, ClusterControl& control,
                                                               const ClusterView& view) {
  const Application& application = world_.applications[app];
  const Pipeline& pipeline = application.pipeline;
  const inferline::PlanInputs in = inferline::plan_inputs(world_, app, params_.planning, where_, oracle_);

  // Every stage on Initialize's hardware (Algorithm 1, line 3). The paper
  // profiles the black box without saying on what hardware; InferLine's own
  // starting point means both systems start from the same hardware.
  inferline::StageLatencies latency;
  std::vector<const inferline::HardwareOption*> hardware;
  double unit_price = 0;
  for (const auto& options : in.options) {
    hardware.push_back(&options[inferline::fastest_option(options)]);
    latency.push_back(hardware.back()->latency);
    unit_price += hardware.back()->price_per_hour;
  }
  // "Meets the SLO" is the black box's profiled latency at B, the critical
  // path of the stages' T(B), with no queueing: what profiling the pipeline
  // one batch at a time measures.
  const auto batch = inferline::coarse_batch(pipeline, latency, application.slo);
  if (!batch) {
    throw InputError(where_, inferline::application_label(world_, app) +
                                 ": no hardware of the cluster meets " +
                                 inferline::slo_label(world_, app) + " even at batch 1 (each stage's most accurate variant on its fastest device type)");
  }
  const double unit_qps = inferline::unit_throughput_qps(pipeline, latency, *batch);
  const double rate = rate_ == ProvisionFor::kPeak ? inferline::peak_rate_qps(in.sample, application.slo)
                                                   : inferline::mean_rate_qps(in.sample);
  const std::uint32_t units = inferline::units_for_rate(rate, unit_qps);

  AppDeployment d;
  d.stats.batch = *batch;
  d.stats.units_planned = units;
  d.stats.peak_units = units;
  d.stats.planned_cost_per_hour = units * unit_price;
  std::size_t placed = units;  // complete units: the fewest replicas of a stage
  for (StageId s = 0; s < pipeline.stages().size(); ++s) {
    d.stages.emplace_back(app, s, in.variants[s], hardware[s]->id, *batch);
    if (params_.serve_what_fits) {
      d.stages.back().scale_to(units, control, view);
      placed = std::min(placed, d.stages.back().size());
    } else {
      d.stages.back().deploy(units, control, view, world_, where_);
    }
  }
  d.stats.no_free_device += units - placed;  // counted as AutoScale counts a step that falls short
  if (params_.tuner == CoarseTuner::kAutoscale) {
    d.autoscaler.emplace(app, std::vector<std::uint32_t>(pipeline.stages().size(), 1), unit_qps, application.slo);
  }
  return d;
}

RouteDecision CoarseGrainedPolicy::route(const RouteRequest&, ClusterControl&, const ClusterView&) {
  return RouteDecision::to_central_queue();
}

// AutoScale: whole units at once when the visits in the pipeline need them;
// one unit (the newest replica of every stage) after 120 s below the count.
void CoarseGrainedPolicy::on_tick(ClusterControl& control, const ClusterView& view) {
  for (AppDeployment& d : apps_) {
    const inferline::UnitStep step = d.autoscaler->step(d.stages, control, view);
    if (step.after > step.before) d.stats.units_added += step.after - step.before;
    if (step.after < step.before) d.stats.units_removed += step.before - step.after;
    d.stats.no_free_device += step.units_short();
    d.stats.peak_units = std::max(d.stats.peak_units, step.after);
  }
}

void CoarseGrainedPolicy::report(PolicyCounters& out) const {
  for (AppId a = 0; a < apps_.size(); ++a) {
    const std::string prefix = apps_.size() == 1 ? "" : "app" + std::to_string(a) + "_";
    const Stats& s = apps_[a].stats;
    out.add(prefix + "planned_cost_per_hour", s.planned_cost_per_hour);
    out.add(prefix + "batch", s.batch);
    out.add(prefix + "units_planned", s.units_planned);
    out.add(prefix + "units_added", static_cast<double>(s.units_added));
    out.add(prefix + "units_removed", static_cast<double>(s.units_removed));
    out.add(prefix + "no_free_device", static_cast<double>(s.no_free_device));
    out.add(prefix + "peak_units", s.peak_units);
  }
}

}  // namespace servesim::coarse
