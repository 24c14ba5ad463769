#include "policies/inferline/inferline_policy.hpp"

#include <algorithm>
#include <set>

#include "policies/inferline/coarse_grained_plan.hpp"
#include "policies/inferline/critical_path.hpp"
#include "policies/inferline/plan_check.hpp"
#include "policies/inferline/planning_sample.hpp"
#include "sim/core/input_error.hpp"

namespace servesim::inferline {
namespace {

std::string app_name(const SimulationConfig& world, AppId app) {
  return "application \"" + world.applications[app].name + "\"";
}

// The device types of the fixed cluster: the hardware a plan may use.
std::vector<DeviceTypeId> cluster_types(const SimulationConfig& world) {
  const std::set<DeviceTypeId> types(world.devices.begin(), world.devices.end());
  return {types.begin(), types.end()};
}

}  // namespace

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
  const std::vector<SimTime> sample = params_.planning == PlanningTrace::kOracle
                                          ? live_trace(world_, app, params_.sample_size)
                                          : planning_sample(world_, app, params_.sample_size);
  if (sample.size() < 2) throw InputError(where_, app_name(world_, app) + ": the planning trace has fewer than 2 arrivals");

  PlannerInput input;
  input.pipeline = &pipeline;
  input.slo = application.slo;
  input.max_replicas_per_stage = params_.max_replicas_per_stage;
  std::vector<VariantId> variants;
  const auto types = cluster_types(world_);
  for (const Stage& stage : pipeline.stages()) {
    variants.push_back(world_.models->most_accurate(stage.family));
    input.options.push_back(hardware_options(variants.back(), *world_.models, *world_.hardware, types));
    if (input.options.back().empty()) {
      throw InputError(where_, app_name(world_, app) + ", stage \"" + stage.name +
                                   "\": no device type of the cluster has a profile for \"" +
                                   world_.models->variant(variants.back()).name + "\"");
    }
  }
  Estimator estimator(pipeline, seed_);
  const auto result = minimize_cost(input, estimator_check(estimator, input, sample));
  if (!result) {
    throw InputError(where_, app_name(world_, app) + ": no plan on the cluster's hardware meets its SLO of " +
                                 std::to_string(application.slo.seconds() * 1000) + " ms on the planning trace");
  }
  stats_.estimator_calls += result->checks;
  stats_.planned_cost_per_hour += result->cost_per_hour;
  stats_.estimated_p99_ms = std::max(stats_.estimated_p99_ms, result->p99.seconds() * 1000);

  AppDeployment& d = apps_[app];
  std::vector<Duration> service;
  const double rate = mean_rate_qps(sample);
  for (StageId s = 0; s < pipeline.stages().size(); ++s) {
    const StagePlan& p = result->plan[s];
    const HardwareOption& hw = input.options[s][p.hardware];
    const double mu = p.batch / hw.latency[p.batch].seconds();
    const double share = pipeline.visit_probability(s);
    d.stages.push_back({variants[s], hw.id, p.batch,
                        StageProvision{mu, share, max_provisioning_ratio(rate, share, p.replicas, mu)}, {}});
    service.push_back(hw.latency[p.batch]);
    for (std::uint32_t k = 0; k < p.replicas; ++k) {
      if (!add_replica(app, s, control, view)) {
        throw InputError(where_, app_name(world_, app) + "'s plan needs " + std::to_string(p.replicas) +
                                     " devices of type \"" + world_.hardware->type(hw.id).name + "\" for stage \"" +
                                     pipeline.stages()[s].name + "\", more than the cluster has free");
      }
    }
  }
  std::vector<StageProvision> provisions;
  for (const auto& st : d.stages) provisions.push_back(st.provision);
  d.lowest_ratio = lowest_ratio(provisions);
  // Widths from the plan's service time Ts (its critical path) to 60 s.
  d.envelope = traffic_envelope(sample, envelope_widths(critical_path(pipeline, service)));
  d.last_change = view.now();
}

// One replica of the stage on a free device of its hardware (one replica
// per device), fed by the stage's central queue.
bool InferlinePolicy::add_replica(AppId app, StageId stage, ClusterControl& control, const ClusterView& view) {
  StageDeployment& st = apps_[app].stages[stage];
  for (DeviceId dev = 0; dev < view.device_count(); ++dev) {
    const DeviceInfo info = view.device(dev);
    if (info.type != st.device_type || !info.usable || !info.replicas.empty()) continue;
    BatcherSpec batcher;
    batcher.kind = BatcherSpec::Kind::kGreedy;
    batcher.max_batch = st.batch;
    const LoadResult r = control.load_replica(ReplicaRequest{st.variant, dev, batcher, 1});
    if (!r.replica) continue;
    control.attach_central_queue(*r.replica, app, stage);
    st.replicas.push_back(*r.replica);
    return true;
  }
  return false;
}

RouteDecision InferlinePolicy::route(const RouteRequest& request, ClusterControl&, const ClusterView&) {
  const Pipeline& pipeline = world_.applications[request.app].pipeline;
  if (request.stage == pipeline.entry_stages().front()) apps_[request.app].live.record(request.arrival);
  return RouteDecision::to_central_queue();
}

void InferlinePolicy::on_tick(ClusterControl& control, const ClusterView& view) {
  for (AppId a = 0; a < apps_.size(); ++a) tune(a, control, view);
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
      const StageProvision& p = d.stages[s].provision;
      changed |= scale_to(app, s, std::max<std::uint32_t>(replicas_for_rate(*r_max, p, p.max_provisioning_ratio),
                                                         static_cast<std::uint32_t>(d.stages[s].replicas.size())),
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
    changed |= scale_to(app, s, replicas_for_rate(lambda_new, d.stages[s].provision, d.lowest_ratio), control, view);
  }
  if (changed) {
    ++stats_.scale_downs;
    d.last_change = now;
  }
}

// Adds replicas up to `target` (loading ones count) or removes the newest
// above it; true if anything changed.
bool InferlinePolicy::scale_to(AppId app, StageId stage, std::uint32_t target, ClusterControl& control,
                               const ClusterView& view) {
  StageDeployment& st = apps_[app].stages[stage];
  bool changed = false;
  while (st.replicas.size() < target) {
    if (!add_replica(app, stage, control, view)) {
      stats_.no_free_device += target - st.replicas.size();
      break;
    }
    ++stats_.replicas_added;
    changed = true;
  }
  while (st.replicas.size() > std::max<std::uint32_t>(target, 1)) {
    control.unload_replica(st.replicas.back());
    st.replicas.pop_back();
    ++stats_.replicas_removed;
    changed = true;
  }
  return changed;
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
