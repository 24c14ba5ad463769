#include "policies/proteus/proteus_policy.hpp"

#include <algorithm>

#include "policies/proteus/artifact_batcher_plugin.hpp"
#include "policies/proteus/sommelier_heuristic.hpp"
#include "sim/core/input_error.hpp"
#include "sim/serving/batchers/aimd_batcher.hpp"
#include "sim/serving/batchers/proteus_batcher.hpp"

namespace servesim {

using namespace proteus;

namespace {

// The monitor samples arrivals per second (the artifact's one-second steps).
constexpr Duration kSamplePeriod{1'000'000'000};
// A load waiting for a replaced replica's memory is retried this often: the
// replica drains within about one SLO once it retires (Table 3's SLOs are
// up to hundreds of ms), after its own load if it was still loading.
constexpr Duration kRetryPeriod{100'000'000};

}  // namespace

ProteusPolicy::ProteusPolicy(const JsonNode& params, const PolicyContext& context, Flavor flavor)
    : params_(parse_proteus_params(params, context.world, flavor, context.base_dir)),
      world_(context.world),
      demand_(context.world.applications.size(), params_.ewma_com, params_.ewma_window, params_.burst.window_s),
      trigger_(params_.solve_interval, params_.warmup_solves, params_.burst, params_.artifact_schedule),
      check_only_(context.check_only) {}

bool ProteusPolicy::re_solves() const {
  return params_.flavor == Flavor::kProteus || params_.flavor == Flavor::kSommelier;
}

OptionRules ProteusPolicy::option_rules() const {
  OptionRules rules;
  if (params_.flavor == Flavor::kClipperHa || !params_.model_selection) rules.choice = VariantChoice::kMostAccurate;
  if (params_.flavor == Flavor::kClipperHt) rules.choice = VariantChoice::kLeastAccurate;
  rules.batch_limit = params_.adaptive_batching ? 0 : 1;
  rules.allowed = params_.allowed_variants;
  rules.keep_unservable = params_.start_allocation.has_value();
  return rules;
}

RoutingRule ProteusPolicy::routing_rule() const {
  if (params_.routing) return *params_.routing;
  if (params_.flavor == Flavor::kSommelier) return RoutingRule::kCapacity;
  return params_.query_assignment ? RoutingRule::kPlanShares : RoutingRule::kUniform;
}

// B* is the capacity's batch (section 4), the batch the MILP planned with.
// The artifact flavour uses the artifact's batchers: accscale for Proteus and
// Sommelier (Sommelier without its drop of queries twice their SLO old:
// core/predictor.py applies it to 'ilp', 'infaas' and 'clipper' only), aimd
// for the Clippers, and a replica with no batch within half the SLO (a start
// allocation's infeasible host) never serves.
BatcherSpec ProteusPolicy::batcher_for(std::uint32_t option, DeviceTypeId type) const {
  const bool clipper = params_.flavor == Flavor::kClipperHa || params_.flavor == Flavor::kClipperHt;
  const auto& capacity = options_[option].capacity[type];
  // Only a start allocation places a variant where it has no capacity; the
  // paper's batchers then run at its smallest batch.
  const std::uint32_t max_batch = capacity ? capacity->batch : 1;
  if (params_.artifact_batching) {
    return artifact_batcher(clipper ? ArtifactBatching::kAimd : ArtifactBatching::kAccscale, max_batch,
                            /*drop_at_twice_deadline=*/params_.flavor != Flavor::kSommelier,
                            /*never_serves=*/!capacity);
  }
  return clipper ? aimd_batcher(max_batch) : proteus_batcher(max_batch);
}

void ProteusPolicy::start(ClusterControl& control, const ClusterView& view) {
  std::vector<bool> present(view.hardware().types().size(), false);
  for (DeviceId d = 0; d < view.device_count(); ++d) {
    device_type_.push_back(view.device(d).type);
    present[device_type_.back()] = true;
  }
  options_ = variant_options(world_, present, option_rules(), params_.where);
  groups_ = group_devices(device_type_, options_);
  rollout_.emplace(device_type_.size(), options_,
                   [this](std::uint32_t o, DeviceTypeId t) { return batcher_for(o, t); });
  // validate checks the variant options and an allocation file, and solves
  // no MILP: a start load no plan serves is found by run (exit 2 too).
  if (check_only_ && !params_.start_allocation) return;
  apply(params_.start_allocation ? plan_from_file() : solved_start_plan(), control, view);
  start_loads_ = rollout_->loads();
  if (params_.flavor == Flavor::kSommelier || !params_.model_placement) pin_applications();
  schedule_next_tick(view.now());
}

DevicePlan ProteusPolicy::solved_start_plan() {
  const std::vector<double> load = start_load();
  // No plan to keep yet: a solve stopped by the time limit lowers beta.
  const LoweredPlan lowered = lowered_plan(load, OnTimeLimit::kLowerBeta);
  if (!lowered.plan) {
    throw InputError(params_.where, "the MILP has no plan for the start load even at beta " +
                                        std::to_string(params_.lowering.min_beta) + " (initial_load_qps" +
                                        (lowered.tally.time_limit_hits > 0 ? "; or raise time_limit_s" : "") + ")");
  }
  return on_devices(lowered, load);
}

// The allocation as the file gives it (start_allocation.hpp); devices it
// routes nothing to get the most accurate variant of their application, as
// the artifact's postprocess_predictor_dict does with every plan it applies.
// It was made for the load given by initial_load_qps, else for the rate its
// devices serve.
DevicePlan ProteusPolicy::plan_from_file() {
  StartAllocation allocation = read_start_allocation(*params_.start_allocation, world_, device_type_, options_,
                                                      params_.allowed_variants);
  stats_.stray_shares = allocation.stray_shares;
  stats_.infeasible_hosts = allocation.infeasible_hosts;
  DevicePlan plan = std::move(allocation.plan);
  plan.beta = params_.lowering.start_beta;
  plan.planned_for = params_.initial_load ? *params_.initial_load : served_capacity(plan);
  fill_idle_devices(plan, options_, groups_, rollout_->hosted(), plan.planned_for);
  return plan;
}

std::vector<double> ProteusPolicy::served_capacity(const DevicePlan& plan) const {
  std::vector<double> qps(world_.applications.size(), 0.0);
  for (DeviceId d = 0; d < plan.devices.size(); ++d) {
    const DeviceTarget& target = plan.devices[d];
    if (target.option && target.served_qps > 0) qps[options_[*target.option].app] += options_[*target.option].qps_on(device_type_[d]);
  }
  return qps;
}

std::vector<double> ProteusPolicy::start_load() {
  if (params_.initial_load) return *params_.initial_load;
  const std::size_t apps = world_.applications.size();
  const UniformLoad uniform = max_uniform_load(groups_, options_, apps, params_.limits);
  stats_.milp.add(uniform.tally);
  const double load = uniform.qps;
  if (load <= 0) {
    throw InputError(params_.where, "the cluster cannot serve every application at once with " +
                                        std::string(flavor_name(params_.flavor)) +
                                        "'s variants; give initial_load_qps");
  }
  return std::vector<double>(apps, load);
}

// Every solve it makes is counted in stats_.
LoweredPlan ProteusPolicy::lowered_plan(const std::vector<double>& estimates, OnTimeLimit on_time_limit) {
  LoweredPlan lowered = solve_with_lowering(milp_problem(groups_, options_, estimates, params_.limits),
                                            params_.lowering, on_time_limit);
  stats_.milp.add(lowered.tally);
  return lowered;
}

DevicePlan ProteusPolicy::on_devices(const LoweredPlan& lowered, const std::vector<double>& estimates) const {
  const auto hosted = rollout_->hosted();
  DevicePlan plan = plan_on_devices(*lowered.plan, groups_, hosted);
  plan.planned_for = estimates;
  plan.beta = lowered.beta;
  fill_idle_devices(plan, options_, groups_, hosted, estimates);
  share_by_variant(plan, *lowered.plan, groups_);
  return plan;
}

// From now on each device's application is fixed: groups are (type, application).
void ProteusPolicy::pin_applications() {
  std::vector<std::optional<AppId>> app(device_type_.size());
  for (DeviceId d = 0; d < app.size(); ++d) {
    if (plan_.devices[d].option) app[d] = options_[*plan_.devices[d].option].app;
  }
  groups_ = group_devices(device_type_, options_, app);
}

RouteDecision ProteusPolicy::route(const RouteRequest& request, ClusterControl&, const ClusterView& view) {
  demand_.count(request.app, view.now());
  return RouteDecision::by_weights();
}

void ProteusPolicy::on_tick(ClusterControl& control, const ClusterView& view) {
  const SimTime now = view.now();
  demand_.advance(now);
  if (pending_ && now >= pending_->at) {
    const Pending due = std::move(*pending_);
    pending_.reset();
    stats_.solve_delay_s_total += due.delay.seconds();
    apply(due.plan, control, view);
  }
  refresh(control, view);
  if (re_solves() && !pending_) {
    const SolveReason reason = trigger_.check(now, demand_, plan_.planned_for);
    if (reason != SolveReason::kNone) decide(control, view, reason);
  }
  schedule_next_tick(now);
}

void ProteusPolicy::decide(ClusterControl& control, const ClusterView& view, SolveReason reason) {
  const SimTime now = view.now();
  trigger_.solved(now);
  ++stats_.solves;
  if (reason == SolveReason::kBurst) ++stats_.burst_solves;
  const std::vector<double> estimates = demand_.estimates();
  if (params_.flavor == Flavor::kSommelier && !params_.sommelier_milp) {
    apply(sommelier_step(plan_, options_, device_type_, estimates, params_.lowering.start_beta), control, view);
    return;
  }
  // A plan in effect to keep: a solve stopped by the time limit ends the decision.
  const LoweredPlan lowered = lowered_plan(estimates, OnTimeLimit::kStop);
  if (!lowered.plan) {
    ++(lowered.stopped_at_time_limit ? stats_.time_limit_plans_kept : stats_.infeasible);
    return;
  }
  DevicePlan plan = on_devices(lowered, estimates);
  const Duration delay =
      params_.measured_solve_delay ? from_seconds(lowered.tally.seconds) : params_.solve_delay;
  if (delay <= Duration::zero()) {
    apply(plan, control, view);
    return;
  }
  pending_ = Pending{std::move(plan), now + delay, delay};
}

void ProteusPolicy::apply(const DevicePlan& plan, ClusterControl& control, const ClusterView& view) {
  rollout_->apply(plan, control, view);
  plan_ = plan;
  stats_.min_beta = stats_.plans_applied == 0 ? plan.beta : std::min(stats_.min_beta, plan.beta);
  ++stats_.plans_applied;
  stats_.last_beta = plan.beta;
  set_weights(control, view);
}

// Retires what the rollout no longer needs, then routes over what serves now.
void ProteusPolicy::refresh(ClusterControl& control, const ClusterView& view) {
  rollout_->settle(control, view);
  set_weights(control, view);
}

void ProteusPolicy::set_weights(ClusterControl& control, const ClusterView& view) {
  const std::vector<Serving> serving = rollout_->serving(view);
  for (AppId a = 0; a < world_.applications.size(); ++a) {
    control.set_routing_weights(a, 0, routing_weights(a, routing_rule(), plan_, options_, device_type_, serving));
  }
}

void ProteusPolicy::on_replica_ready(ReplicaId, ClusterControl& control, const ClusterView& view) {
  refresh(control, view);
}

ProteusPolicy::Stats ProteusPolicy::stats() const {
  Stats s = stats_;
  s.reloads = rollout_ ? rollout_->loads() - start_loads_ : 0;
  return s;
}

// GLPK's wall time differs from run to run: timing.json only. So does a
// measured solve delay. Time limit hits are counts, but a nonzero one means
// the run depended on the machine's speed.
void ProteusPolicy::report(PolicyCounters& out) const {
  const Stats s = stats();
  out.add("solves", static_cast<double>(s.solves));
  out.add("burst_solves", static_cast<double>(s.burst_solves));
  out.add("infeasible_solves", static_cast<double>(s.infeasible));
  out.add("milp_solves", static_cast<double>(s.milp.solves));
  out.add("time_limit_hits", static_cast<double>(s.milp.time_limit_hits));
  out.add("time_limit_incumbents", static_cast<double>(s.milp.incumbents));
  out.add("time_limit_plans_kept", static_cast<double>(s.time_limit_plans_kept));
  out.add("plans_applied", static_cast<double>(s.plans_applied));
  out.add("reloads", static_cast<double>(s.reloads));
  out.add("min_beta", s.min_beta);
  if (params_.start_allocation) {
    out.add("stray_shares", static_cast<double>(s.stray_shares));
    out.add("infeasible_hosts", static_cast<double>(s.infeasible_hosts));
  }
  if (params_.measured_solve_delay) {
    out.add_wall_seconds("solve_delay_s_total", s.solve_delay_s_total);
  } else {
    out.add("solve_delay_s_total", s.solve_delay_s_total);
  }
  out.add_wall_seconds("milp_wall_s", s.milp.seconds);
}

// Every second to sample the demand; in between only to apply a plan at its
// time or to retry a waiting load. Clipper, which never solves, needs no tick.
void ProteusPolicy::schedule_next_tick(SimTime now) {
  if (!re_solves() && !rollout_->waiting()) {
    next_tick_ = Duration::infinite();
    return;
  }
  SimTime next{(now.ns / kSamplePeriod.ns + 1) * kSamplePeriod.ns};
  if (pending_) next = std::min(next, pending_->at);
  if (rollout_->waiting()) next = std::min(next, now + kRetryPeriod);
  next_tick_ = next - now;
}

}  // namespace servesim
