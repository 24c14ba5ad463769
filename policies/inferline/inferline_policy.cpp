#include "policies/inferline/inferline_policy.hpp"

#include <algorithm>

#include "policies/inferline/coarse_grained_plan.hpp"
#include "policies/inferline/critical_path.hpp"
#include "policies/inferline/plan_check.hpp"
#include "policies/inferline/plan_inputs.hpp"
#include "sim/core/input_error.hpp"

namespace servesim::inferline {

InferlinePolicy::InferlinePolicy(const JsonNode& params, const PolicyContext& context)
    : params_(parse_inferline_params(params)), world_(context.world), seed_(context.seed), where_(params.where()) {}

Duration InferlinePolicy::tick_interval() const {
  return params_.tuner == TunerMode::kNone ? Duration::infinite() : params_.tick;
}

void InferlinePolicy::start(ClusterControl& control, const ClusterView& view) {
  apps_.resize(world_.applications.size());
  for (AppId a = 0; a < world_.applications.size(); ++a) plan_application(a, control, view);
}

// Section 4: plan on the sample, deploy the plan, keep what the Tuner needs.
void InferlinePolicy::plan_application(AppId app, ClusterControl& control, const ClusterView& view) {
  const Application& application = world_.applications[app];
  const Pipeline& pipeline = application.pipeline;
  const PlanInputs in = plan_inputs(world_, app, params_.planning, where_);

  PlannerInput input;
  input.pipeline = &pipeline;
  input.slo = application.slo;
  input.max_replicas_per_stage = params_.max_replicas_per_stage;
  input.options = in.options;
  Estimator estimator(pipeline, seed_);
  const auto result = minimize_cost(input, estimator_check(estimator, input, in.sample));
  if (!result) {
    throw InputError(where_, application_label(world_, app) + ": no plan on the cluster's hardware meets " +
                                 slo_label(world_, app) + " on the planning trace");
  }
  stats_.estimator_calls += result->checks;
  stats_.planned_cost_per_hour += result->cost_per_hour;
  stats_.estimated_p99_ms = std::max(stats_.estimated_p99_ms, result->p99.seconds() * 1000);

  AppDeployment& d = apps_[app];
  std::vector<Duration> service;
  std::vector<std::uint32_t> planned;
  const double rate = mean_rate_qps(in.sample);
  for (StageId s = 0; s < pipeline.stages().size(); ++s) {
    const StagePlan& p = result->plan[s];
    const HardwareOption& hw = input.options[s][p.hardware];
    const double mu = p.batch / hw.latency[p.batch].seconds();
    const double share = pipeline.visit_probability(s);
    d.provisions.push_back(StageProvision{mu, share, max_provisioning_ratio(rate, share, p.replicas, mu)});
    d.stages.emplace_back(app, s, in.variants[s], hw.id, p.batch);
    d.stages.back().deploy(p.replicas, control, view, world_, where_);
    service.push_back(hw.latency[p.batch]);
    planned.push_back(p.replicas);
  }
  d.lowest_ratio = lowest_ratio(d.provisions);
  // Widths from the plan's service time Ts (its critical path) to 60 s.
  d.envelope = traffic_envelope(in.sample, envelope_widths(critical_path(pipeline, service)));
  d.last_change = view.now();
  if (params_.tuner == TunerMode::kAutoscale) {
    const double unit_qps = plan_throughput_qps(d.provisions, planned);
    d.autoscaler.emplace(std::move(planned), unit_qps, application.slo);
  }
}

RouteDecision InferlinePolicy::route(const RouteRequest& request, ClusterControl&, const ClusterView&) {
  const Pipeline& pipeline = world_.applications[request.app].pipeline;
  if (request.stage == pipeline.entry_stages().front()) apps_[request.app].live.record(request.arrival);
  return RouteDecision::to_central_queue();
}

void InferlinePolicy::on_tick(ClusterControl& control, const ClusterView& view) {
  for (AppId a = 0; a < apps_.size(); ++a) {
    if (params_.tuner == TunerMode::kAutoscale) {
      autoscale(a, control, view);
    } else {
      tune(a, control, view);
    }
  }
}

// Section 5: scale up at once to the rate that broke the sample's envelope;
// scale down, no sooner than 15 s after a change, to the busiest 5-s window
// of the last 30 s at the pipeline's lowest max-provisioning ratio.
void InferlinePolicy::tune(AppId app, ClusterControl& control, const ClusterView& view) {
  AppDeployment& d = apps_[app];
  const SimTime now = view.now();
  if (const auto r_max = rate_above_envelope(d.envelope, d.live, now)) {
    bool changed = false;
    for (StageId s = 0; s < d.stages.size(); ++s) {
      const StageProvision& p = d.provisions[s];
      changed |= scale_to(app, s, std::max<std::uint32_t>(replicas_for_rate(*r_max, p, p.max_provisioning_ratio),
                                                         static_cast<std::uint32_t>(d.stages[s].size())),
                          control, view);
    }
    if (changed) {
      ++stats_.scale_ups;
      d.last_change = now;
    }
    return;
  }
  if (now - d.last_change < params_.scale_down_delay) return;
  const double lambda_new = d.live.max_window_rate(now, params_.scale_down_span, params_.scale_down_window);
  bool changed = false;
  for (StageId s = 0; s < d.stages.size(); ++s) {
    // Scaling down only removes: at rho_p, the pipeline's lowest ratio, a
    // stage planned at a higher one needs more replicas than it has, and
    // adding them is the scale-up rule's call, not this one's.
    const auto have = static_cast<std::uint32_t>(d.stages[s].size());
    changed |= scale_to(app, s, std::min(have, replicas_for_rate(lambda_new, d.provisions[s], d.lowest_ratio)),
                        control, view);
  }
  if (changed) {
    ++stats_.scale_downs;
    d.last_change = now;
  }
}

// Section 6's AutoScale with the plan as the unit (section 7.3's "InferLine
// Plan + Baseline Tune"): adding a unit adds every stage's planned k_s
// replicas, removing one takes k_s from every stage. The paper does not say
// how the baseline's tuner scales a plan whose stages differ in replica
// counts; scaling the whole plan keeps its balance, as replicating the
// black box does for the baselines.
void InferlinePolicy::autoscale(AppId app, ClusterControl& control, const ClusterView& view) {
  AppDeployment& d = apps_[app];
  const UnitStep step = d.autoscaler->step(d.stages, control, view);
  stats_.replicas_added += step.replicas.added;
  stats_.replicas_removed += step.replicas.removed;
  stats_.no_free_device += step.replicas.short_of;
  if (step.replicas.added > 0) ++stats_.scale_ups;
  if (step.replicas.removed > 0) ++stats_.scale_downs;
}

// Adds replicas up to `target` (loading ones count) or removes the newest
// above it; true if anything changed.
bool InferlinePolicy::scale_to(AppId app, StageId stage, std::uint32_t target, ClusterControl& control,
                               const ClusterView& view) {
  const StageReplicas::Change change = apps_[app].stages[stage].scale_to(target, control, view);
  stats_.replicas_added += change.added;
  stats_.replicas_removed += change.removed;
  stats_.no_free_device += change.short_of;
  return change.changed();
}

void InferlinePolicy::report(PolicyCounters& out) const {
  out.add("planned_cost_per_hour", stats_.planned_cost_per_hour);
  out.add("estimator_calls", static_cast<double>(stats_.estimator_calls));
  out.add("estimated_p99_ms", stats_.estimated_p99_ms);
  out.add("replicas_added", static_cast<double>(stats_.replicas_added));
  out.add("replicas_removed", static_cast<double>(stats_.replicas_removed));
  out.add("scale_ups", static_cast<double>(stats_.scale_ups));
  out.add("scale_downs", static_cast<double>(stats_.scale_downs));
  out.add("no_free_device", static_cast<double>(stats_.no_free_device));
}

}  // namespace servesim::inferline
