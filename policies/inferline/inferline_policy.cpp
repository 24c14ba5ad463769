#include "policies/inferline/inferline_policy.hpp"

#include <algorithm>

#include "policies/inferline/coarse_grained_plan.hpp"
#include "policies/inferline/critical_path.hpp"
#include "policies/inferline/plan_check.hpp"
#include "policies/inferline/plan_inputs.hpp"
#include "sim/core/input_error.hpp"

namespace servesim::inferline {

InferlinePolicy::InferlinePolicy(const JsonNode& params, const PolicyContext& context)
    : params_(parse_inferline_params(params)),
      world_(context.world),
      oracle_(planning_oracle(params_.planning, params, context)),
      seed_(context.seed),
      where_(params.where()),
      check_only_(context.check_only) {}

Duration InferlinePolicy::tick_interval() const {
  return params_.tuner == TunerMode::kNone && !replanning() ? Duration::infinite() : params_.tick;
}

void InferlinePolicy::start(ClusterControl& control, const ClusterView& view) {
  apps_.resize(world_.applications.size());
  // validate checks the params and runs no planner: a plan the cluster
  // cannot hold, or none meeting the SLO, is found by run (exit 2 too).
  if (check_only_) return;
  for (AppId a = 0; a < world_.applications.size(); ++a) plan_application(a, control, view);
}

// Section 4: plan on the sample, deploy the plan, keep what the Tuner needs.
void InferlinePolicy::plan_application(AppId app, ClusterControl& control, const ClusterView& view) {
  const auto planned = plan_on(app, plan_inputs(world_, app, params_.planning, where_, oracle_));
  if (!planned) {
    throw InputError(where_, application_label(world_, app) + ": no plan on the cluster's hardware meets " +
                                 slo_label(world_, app) + " on the planning trace");
  }
  stats_.planned_cost_per_hour += planned->result.cost_per_hour;
  stats_.estimated_p99_ms = std::max(stats_.estimated_p99_ms, planned->result.p99.seconds() * 1000);
  install(app, *planned, control, view);
}

// Algorithms 1 and 2 on the Estimator over `inputs.sample`.
std::optional<InferlinePolicy::Planned> InferlinePolicy::plan_on(AppId app, PlanInputs inputs) {
  const PlannerInput input = planner_input(world_, app, inputs, params_.max_replicas_per_stage);
  Estimator estimator(*input.pipeline, seed_);
  auto result = minimize_cost(input, estimator_check(estimator, input, inputs.sample));
  if (!result) return std::nullopt;
  stats_.estimator_calls += result->checks;
  return Planned{std::move(*result), std::move(inputs)};
}

// Deploys a plan and sets the Tuner up for it. At the start every replica
// must find a device; on a re-plan a stage whose variant, hardware and batch
// stay keeps its replicas and is scaled to the new count, and a changed
// stage's new replicas load beside the old ones, which are unloaded once
// every new replica is loaded (retire_when_loaded).
void InferlinePolicy::install(AppId app, const Planned& planned, ClusterControl& control, const ClusterView& view) {
  const Pipeline& pipeline = world_.applications[app].pipeline;
  AppDeployment& d = apps_[app];
  const bool at_start = d.stages.empty();
  std::vector<StageReplicas> old = std::move(d.stages);
  d.stages.clear();
  d.provisions.clear();
  std::vector<Duration> service;
  std::vector<std::uint32_t> counts;
  const double rate = mean_rate_qps(planned.inputs.sample);
  for (StageId s = 0; s < pipeline.stages().size(); ++s) {
    const StagePlan& p = planned.result.plan[s];
    const HardwareOption& hw = planned.inputs.options[s][p.hardware];
    const double mu = p.batch / hw.latency[p.batch].seconds();
    const double share = pipeline.visit_probability(s);
    d.provisions.push_back(StageProvision{mu, share, max_provisioning_ratio(rate, share, p.replicas, mu)});
    service.push_back(hw.latency[p.batch]);
    counts.push_back(p.replicas);
    const bool same = !at_start && old[s].variant() == planned.inputs.variants[s] &&
                      old[s].device_type() == hw.id && old[s].batch() == p.batch;
    if (same) {
      d.stages.push_back(std::move(old[s]));
    } else {
      if (!at_start) d.retiring.push_back(std::move(old[s]));
      d.stages.emplace_back(app, s, planned.inputs.variants[s], hw.id, p.batch);
    }
    if (at_start && !params_.serve_what_fits) {
      d.stages.back().deploy(p.replicas, control, view, world_, where_);
    } else {
      stats_.no_free_device += d.stages.back().scale_to(p.replicas, control, view).short_of;
    }
  }
  d.lowest_ratio = lowest_ratio(d.provisions);
  // Widths from the plan's service time Ts (its critical path) to 60 s.
  const std::vector<Duration> widths = envelope_widths(critical_path(pipeline, service));
  d.envelope = traffic_envelope(planned.inputs.sample, widths);
  d.live_envelope = LiveEnvelope(widths);
  d.last_change = d.planned_at = view.now();
  if (params_.tuner == TunerMode::kAutoscale) {
    const double unit_qps = plan_throughput_qps(d.provisions, counts);
    d.autoscaler.emplace(app, std::move(counts), unit_qps, world_.applications[app].slo);
  }
}

// Section 5's low-frequency loop: plan again on the arrivals recorded so far.
// A trace on which no plan meets the SLO leaves the deployment as it is.
void InferlinePolicy::replan(AppId app, ClusterControl& control, const ClusterView& view) {
  AppDeployment& d = apps_[app];
  d.planned_at = view.now();
  if (d.recorded.size() < 2 || !d.retiring.empty()) return;  // nothing to plan on, or the last swap not done
  const auto planned =
      plan_on(app, plan_inputs(world_, app, {d.recorded.begin(), d.recorded.end()}, params_.planning, where_));
  if (!planned) {
    ++stats_.replans_failed;
    return;
  }
  ++stats_.replans;
  install(app, *planned, control, view);
}

void InferlinePolicy::retire_when_loaded(AppId app, ClusterControl& control, const ClusterView& view) {
  AppDeployment& d = apps_[app];
  if (d.retiring.empty()) return;
  for (const StageReplicas& stage : d.stages) {
    if (!stage.loaded(view)) return;
  }
  for (StageReplicas& stage : d.retiring) stage.unload_all(control);
  d.retiring.clear();
}

RouteDecision InferlinePolicy::route(const RouteRequest& request, ClusterControl&, const ClusterView&) {
  const Pipeline& pipeline = world_.applications[request.app].pipeline;
  if (request.stage == pipeline.entry_stages().front()) {
    AppDeployment& d = apps_[request.app];
    d.live.record(request.arrival);
    if (continuous_envelope()) d.live_envelope.observe(d.live);
    if (replanning()) {
      d.recorded.push_back(request.arrival);
      if (d.recorded.size() > params_.planning.sample_size) d.recorded.pop_front();
    }
  }
  return RouteDecision::to_central_queue();
}

void InferlinePolicy::on_tick(ClusterControl& control, const ClusterView& view) {
  for (AppId a = 0; a < apps_.size(); ++a) {
    retire_when_loaded(a, control, view);
    if (view.now() - apps_[a].planned_at >= params_.replan_interval) replan(a, control, view);
    if (params_.tuner == TunerMode::kNone) continue;
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
  if (const auto r_max = rate_above_sample(d, now)) {
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

// Section 5's scale-up trigger, r_max. "continuous": the live envelope of
// the windows ending at each arrival since the last check, so a burst
// between two ticks is seen. The Tuner still acts at its tick, not at the
// arrival: section 5 computes the envelope continuously and then "the Tuner
// checks whether [to] add replicas"; its checks run every second
// (InferlineParams::tick) and a replica takes seconds to activate, so acting
// at the arrival would gain less than a tick and put a scaling step on the
// route of every query of a burst. "tick": only the windows ending now.
std::optional<double> InferlinePolicy::rate_above_sample(AppDeployment& d, SimTime now) {
  if (!continuous_envelope()) return rate_above_envelope(d.envelope, d.live, now);
  return rate_above_envelope(d.envelope, d.live_envelope.take_peaks());
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
  out.add("replans", static_cast<double>(stats_.replans));
  out.add("replans_failed", static_cast<double>(stats_.replans_failed));
  out.add("scale_down_ratio", scale_down_ratio());
}

// rho_p of the deployed plans (the smallest over applications): the ratio
// section 5's scale-down divides by, reported because it sets how far the
// Tuner can come down after a spike (Fig. 6).
double InferlinePolicy::scale_down_ratio() const {
  double lowest = 0;
  for (const AppDeployment& d : apps_) {
    if (d.provisions.empty()) continue;
    lowest = lowest == 0 ? d.lowest_ratio : std::min(lowest, d.lowest_ratio);
  }
  return lowest;
}

}  // namespace servesim::inferline
