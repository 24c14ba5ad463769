#include "policies/mark/served_model.hpp"

#include <algorithm>

#include "policies/mark/instance_planner.hpp"
#include "policies/mark/planner_candidates.hpp"
#include "policies/serving_device.hpp"
#include "sim/serving/batchers/timeout_batcher.hpp"
#include "sim/core/input_error.hpp"

namespace servesim::mark {
namespace {

PriceOf catalog_price(const PolicyWorld& world) {
  return [&world](InstanceTypeId t) { return world.hardware->instance_type(t).price_per_hour; };
}

PlannerParams planner_params(const ServedModelSetup& s) {
  return {.tau_steps = s.params.tau_steps,
          .step = s.params.predictor.prediction_unit,
          .rt_max = s.rt_max,
          .overhead = s.params.overhead,
          .target = s.params.target,
          .where = s.where};
}

std::optional<std::size_t> index_of(const std::vector<InstanceTypeId>& types, InstanceTypeId type) {
  const auto it = std::find(types.begin(), types.end(), type);
  return it == types.end() ? std::nullopt : std::optional<std::size_t>(it - types.begin());
}

// Section 4.5's standbys: only MArk-spot keeps them.
bool keeps_standbys(const MarkParams& p) {
  return p.market == Market::kSpot && p.ablations.standby && p.standby_count > 0;
}

}  // namespace

ServedModel::ServedModel(ServedModelSetup setup, const PolicyWorld& world,
                         std::unique_ptr<LoadPredictor> predictor)
    : setup_(std::move(setup)),
      candidates_(instance_options(world, setup_.variant, setup_.params.instance_types, setup_.rt_max,
                                   setup_.params.batching, catalog_price(world), setup_.where + ".instance_types")),
      planner_(planner_params(setup_)),
      predictor_(std::move(predictor)),
      sampler_(setup_.params.predictor.sample_window, setup_.params.predictor.prediction_unit),
      error_(setup_.params.tau_steps),
      cooldown_(setup_.params.cooldown_plans, setup_.where),
      monitor_(setup_.params.monitor),
      standbys_(0, 1),
      router_(setup_.rt_max),
      batches_(setup_.rt_max) {
  options_ = candidates_.options;
  option_types_ = candidates_.types;
  if (setup_.params.ablations.slo_monitor) monitor_option_ = monitor_option(world);
  if (keeps_standbys(setup_.params)) {
    const InstanceTypeId t2 = setup_.params.standby_type;
    const InstanceOptions standby =
        instance_options(world, setup_.variant, std::span(&t2, 1), setup_.rt_max, BatchingRule::kTuned,
                         catalog_price(world), setup_.where + ".standby_type");
    standby_ = standby.options.front();
    options_.push_back(*standby_);
    option_types_.push_back(t2);
    standbys_ = StandbyPool(setup_.params.standby_count, standby_->capacity_per_minute);
  }
  counts_.launched_by_option.assign(options_.size(), 0);
}

// Section 4.4's type T: the one named, which must serve the model within
// RT_max (a monitor launching instances that cannot would only waste them),
// or by default c5.large where it can, else the cheapest candidate that can
// (NASNet and OpenNMT-ende take 1218 and 1414 ms on a c5.large against RT_max
// 1000 and 1400 ms; MArk's public code lists no c5.large for them,
// modules/constants.py).
std::size_t ServedModel::monitor_option(const PolicyWorld& world) const {
  const std::string where = setup_.where + ".slo_monitor_type";
  const auto serves = [&](std::size_t i) { return candidates_.tuned[i].feasible; };
  if (const auto named = setup_.params.monitor_type) {
    const std::string name = world.hardware->instance_type(*named).name;
    const std::optional<std::size_t> i = index_of(option_types_, *named);
    if (!i) throw InputError(where, "\"" + name + "\" is not among the instance types MArk plans with (instance_types)");
    if (!serves(*i)) {
      throw InputError(where, "\"" + name + "\" cannot serve the model within RT_max (a batch of one takes longer)");
    }
    return *i;
  }
  std::optional<std::size_t> best;
  for (std::size_t i = 0; i < candidate_count(); ++i) {
    if (!serves(i)) continue;
    if (options_[i].name == "c5.large") return i;
    if (!best || options_[i].price_per_hour < options_[*best].price_per_hour) best = i;
  }
  if (!best) throw no_type_meets_rt_max(setup_.where, candidate_count());  // the types, not the monitor, are at fault
  return *best;
}

void ServedModel::start(ClusterControl& control, const ClusterView& view) {
  forecast_ = predictor_->forecast();
  error_.forecast_made(forecast_);
  plan(control, view);  // launches in start() are the warm initial state
  refresh_router(view);
}

RouteDecision ServedModel::route(const RouteRequest& request, const ClusterView& view) {
  if (!request.again) sampler_.record_arrival(request.arrival);  // a visit routed anew is no new arrival
  const Placement placed = place_request(view);
  if (placed.replica && (placed.admitted || !setup_.lambda)) return RouteDecision::to(*placed.replica);
  if (setup_.lambda) {
    ++counts_.lambda_routed;
    return RouteDecision::to_lambda(*setup_.lambda);
  }
  // No instance has finished loading and there is no Lambda: queue at one
  // that is loading, if any.
  for (const Member& m : members_) {
    for (ReplicaId r : m.replicas) {
      if (view.accepts(r)) return RouteDecision::to(r);
    }
  }
  return RouteDecision::reject();
}

ServedModel::Placement ServedModel::place_request(const ClusterView& view) {
  if (setup_.params.front_end == FrontEnd::kPerInstance) {
    const RouterChoice choice = router_.choose(view);
    return {choice.replica, choice.admitted};
  }
  const auto backlog_of = [&view](ReplicaId r) -> std::optional<ReplicaBacklog> {
    if (!view.accepts(r)) return std::nullopt;
    return view.backlog(r);
  };
  const BatchManager::Choice choice = batches_.assign(view.now(), backlog_of, setup_.lambda.has_value());
  return {choice.replica, choice.admitted};
}

void ServedModel::on_tick(ClusterControl& control, const ClusterView& view) {
  sampler_.advance_to(view.now());
  const std::vector<double> samples = sampler_.take_samples();
  if (!samples.empty()) {
    for (double s : samples) {
      predictor_->observe(s);
      error_.sample_came(s);
    }
    forecast_ = predictor_->forecast();
    error_.forecast_made(forecast_);
    plan(control, view);
  }
  check_slo(control, view);
  stop_standbys_if_covered(control, view);
  refresh_router(view);
}

void ServedModel::reprice(const ClusterView& view) {
  for (std::size_t i = 0; i < options_.size(); ++i) {
    const InstanceTypeId t = option_types_[i];
    options_[i].price_per_hour = setup_.params.market == Market::kSpot && i < candidate_count()
                                     ? view.spot_price_per_hour(t)
                                     : view.hardware().instance_type(t).price_per_hour;
  }
}

// Algorithm 1 on the current forecast: R is every regular instance MArk has
// not stopped and the cloud has not announced it will take back.
void ServedModel::plan(ClusterControl& control, const ClusterView& view) {
  reprice(view);
  std::vector<RunningInstance> running;
  for (const Member& m : members_) {
    if (m.role != Role::kRegular || m.noticed || m.stopping) continue;
    running.push_back({m.instance, m.option, view.instance(m.instance).state == InstanceState::kBooting});
  }
  const std::span<const InstanceTypeOption> types(options_.data(), candidate_count());
  const InstancePlan wanted = plan_instances(forecast_, types, running, planner_);
  const CooldownDecision decision = cooldown_.next(wanted, running);
  for (std::size_t t = 0; t < decision.launch.size(); ++t) {
    for (std::uint32_t n = 0; n < decision.launch[t]; ++n) launch(t, Role::kRegular, control, view);
  }
  for (InstanceId id : decision.destroy) stop(id, control);
  planned_capacity_ = 0;
  for (std::size_t t = 0; t < candidate_count(); ++t) planned_capacity_ += wanted.planned(t) * types[t].capacity_per_minute;
  ++counts_.plans;
}

void ServedModel::launch(std::size_t option, Role role, ClusterControl& control, const ClusterView& view) {
  const InstanceTypeId type = option_types_[option];
  // Standbys are stopped on-demand burstables, resumed (section 4.5).
  const InstanceId id = control.launch_instance(type, role == Role::kStandby ? Market::kOnDemand : setup_.params.market);
  const InstanceTypeOption& o = options_[option];
  const BatcherSpec batcher = timeout_batcher(o.n_batch, o.w_batch);
  // One replica per serving device, as C_i counts them (instance_options.hpp).
  members_.push_back(
      {id, option, role, load_on_serving_devices(control, view, id, setup_.variant, batcher, setup_.where)});
  ++counts_.launched;
  ++counts_.launched_by_option[option];
  const auto alive = static_cast<std::uint64_t>(
      std::count_if(members_.begin(), members_.end(), [](const Member& m) { return !m.stopping; }));
  counts_.peak = std::max(counts_.peak, alive);
}

void ServedModel::stop(InstanceId id, ClusterControl& control) {
  Member* m = find(id);
  if (!m || m->stopping) return;
  m->stopping = true;
  ++counts_.stopped;
  control.stop_instance(id);  // may report it gone at once (a booting one)
}

// Section 4.4. The view gives counts between two looks, not their order:
// they are fed to the monitor with the misses spread evenly among them.
void ServedModel::check_slo(ClusterControl& control, const ClusterView& view) {
  const FinishedQueries now = view.finished_queries(setup_.app);
  const FinishedQueries fresh = now.since(seen_);
  seen_ = now;
  if (!setup_.params.ablations.slo_monitor) return;
  const std::uint64_t total = fresh.total();
  const std::uint64_t missed = fresh.late + fresh.failed;
  std::uint32_t triggers = 0;
  for (std::uint64_t i = 0; i < total; ++i) {
    const bool miss = (i + 1) * missed / total != i * missed / total;
    if (monitor_.record(miss, view.now())) ++triggers;
  }
  for (std::uint32_t t = 0; t < triggers; ++t) {
    ++counts_.monitor_triggers;
    for (std::uint32_t n = 0; n < setup_.params.monitor_instances; ++n) {
      launch(*monitor_option_, Role::kRegular, control, view);
    }
    // The load the ready instances do not cover goes to Lambda meanwhile.
    prewarm_lambda(view.arrival_rate(setup_.app, 0) * 60.0 - ready_regular_capacity(view), control);
  }
}

void ServedModel::stop_standbys_if_covered(ClusterControl& control, const ClusterView& view) {
  if (standbys_.running() == 0) return;
  if (standbys_.to_stop(ready_regular_capacity(view), planned_capacity_) == 0) return;
  std::vector<InstanceId> resumed;
  for (const Member& m : members_) {
    if (m.role == Role::kStandby && !m.stopping) resumed.push_back(m.instance);
  }
  counts_.standbys_stopped += resumed.size();
  for (InstanceId id : resumed) stop(id, control);
}

void ServedModel::on_interruption_notice(InstanceId id, ClusterControl& control, const ClusterView& view) {
  Member* m = find(id);
  if (!m || m->stopping || m->noticed) return;
  m->noticed = true;
  ++counts_.notices;
  const double lost = options_[m->option].capacity_per_minute;
  const bool regular = m->role == Role::kRegular;  // `m` may dangle once launches grow members_
  if (regular) plan(control, view);
  if (regular && standby_) {
    for (std::uint32_t n = standbys_.resume_for(lost); n > 0; --n) {
      launch(options_.size() - 1, Role::kStandby, control, view);
      ++counts_.standbys_resumed;
    }
  }
  prewarm_lambda(lost, control);
  refresh_router(view);
}

void ServedModel::on_instance_gone(InstanceId id, const ClusterView& view) {
  std::erase_if(members_, [&](const Member& m) { return m.instance == id; });
  refresh_router(view);
}

void ServedModel::prewarm_lambda(double lost_per_minute, ClusterControl& control) {
  if (!setup_.lambda) return;
  const std::uint32_t n = lambda_prewarm_count(lost_per_minute, setup_.lambda_latency);
  if (n > 0) counts_.prewarm_pings += control.prewarm_lambda(*setup_.lambda, n);
}

// The front end spreads requests over replicas, each weighted by its share
// of its instance's C_i, so an instance gets C_i's share in all.
void ServedModel::refresh_router(const ClusterView& view) {
  std::vector<RouterMember> ready;
  std::vector<BatchMember> members;
  for (const Member& m : members_) {
    if (m.stopping) continue;
    const InstanceTypeOption& o = options_[m.option];
    const BatchingShape shape{o.n_batch, o.w_batch, o.batch_latency};
    for (ReplicaId r : m.replicas) {
      if (view.replica(r).state != ReplicaState::kActive) continue;
      ready.push_back({r, o.replica_capacity_per_minute(), shape});
      members.push_back({r, o.replica_capacity_per_minute(), shape});
    }
  }
  router_.reset(std::move(ready));
  batches_.reset(std::move(members));
}

double ServedModel::ready_regular_capacity(const ClusterView& view) const {
  double c = 0;
  for (const Member& m : members_) {
    if (m.role != Role::kRegular || m.noticed || m.stopping) continue;
    for (ReplicaId r : m.replicas) {
      if (view.replica(r).state == ReplicaState::kActive) c += options_[m.option].replica_capacity_per_minute();
    }
  }
  return c;
}

ServedModel::Member* ServedModel::find(InstanceId id) {
  const auto it = std::find_if(members_.begin(), members_.end(), [&](const Member& m) { return m.instance == id; });
  return it == members_.end() ? nullptr : &*it;
}

void ServedModel::report(PolicyCounters& out, const std::string& prefix) const {
  const auto add = [&](const std::string& name, double value) { out.add(prefix + name, value); };
  add("plans", static_cast<double>(counts_.plans));
  add("instances_launched", static_cast<double>(counts_.launched));
  add("instances_stopped", static_cast<double>(counts_.stopped));
  add("peak_instances", static_cast<double>(counts_.peak));
  for (std::size_t i = 0; i < options_.size(); ++i) {
    std::string type = options_[i].name;
    std::replace(type.begin(), type.end(), '.', '_');
    // Every candidate type reports its launches, none included (a type the
    // planner never picks is a result); the standby type only when it was used.
    const bool candidate = i < candidates_.tuned.size();
    if (candidate || counts_.launched_by_option[i] > 0) {
      add("launched_" + type, static_cast<double>(counts_.launched_by_option[i]));
    }
    // Section 4.3's (N_batch, W_batch) for each candidate type, as section 5.1
    // reports the tuning's result (the standby, last, is not a candidate).
    if (candidate) {
      add("tuned_n_batch_" + type, candidates_.tuned[i].n_batch);
      add("tuned_w_batch_ms_" + type, candidates_.tuned[i].w_batch.seconds() * 1e3);
    }
  }
  add("lambda_routed", static_cast<double>(counts_.lambda_routed));
  add("lambda_prewarm_pings", static_cast<double>(counts_.prewarm_pings));
  add("slo_monitor_triggers", static_cast<double>(counts_.monitor_triggers));
  add("interruption_notices", static_cast<double>(counts_.notices));
  add("standbys_resumed", static_cast<double>(counts_.standbys_resumed));
  add("standbys_stopped", static_cast<double>(counts_.standbys_stopped));
  add("forecast_rmse_at_tau", error_.rmse_at_horizon());
  add("forecast_rmse_over_window", error_.rmse_over_window());
  add("forecasts_scored_at_tau", static_cast<double>(error_.scored_at_horizon()));
  add("forecast_fallbacks", static_cast<double>(predictor_->forecast_fallbacks()));
  add("paper_batching_pairs_used", candidates_.paper_pairs.used);
  add("paper_batching_pairs_too_slow", candidates_.paper_pairs.too_slow);
}

}  // namespace servesim::mark
