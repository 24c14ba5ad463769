#include "policies/infaas/infaas_policy.hpp"

#include <algorithm>
#include <set>

#include "policies/infaas/interference_mitigation.hpp"
#include "policies/infaas/offline_placement.hpp"
#include "policies/infaas/scenario_profiles.hpp"
#include "policies/infaas/worker_placement.hpp"
#include "sim/core/input_error.hpp"

namespace servesim {

using infaas::MetadataStore;
using infaas::Requirements;
using infaas::Slot;
using infaas::VariantInstance;
using infaas::VariantProfile;
using infaas::VariantState;
using infaas::Worker;
using infaas::WorkerPhase;

namespace {

infaas::ModelScalingRules scaling_rules(const infaas::InfaasParams& p) {
  infaas::ModelScalingRules r;
  r.slack = p.slack_threshold;
  r.lambda_per_s = p.lambda_per_s;
  r.public_code_delay = p.scale_down_delay == infaas::ScaleDownDelay::kPublicCode;
  r.delay_checks = p.scale_down_checks;
  r.interval = p.model_autoscaler_interval;
  return r;
}

DeviceKind worker_kind(const ClusterView& view, const std::vector<DeviceId>& devices) {
  DeviceKind kind = DeviceKind::kCpu;
  for (DeviceId d : devices) {
    const DeviceKind k = view.hardware().type(view.device(d).type).kind;
    if (k != DeviceKind::kCpu) kind = k;
  }
  return kind;
}

}  // namespace

InfaasPolicy::InfaasPolicy(const JsonNode& params, const PolicyContext& context)
    : params_(infaas::parse_infaas_params(params, context.world)),
      mode_(infaas::mode_rules(params_.mode)),
      store_(infaas::build_profiles(context.world, params_, infaas::stage_requirements(context.world))),
      monitor_(params_.states),
      vm_autoscaler_(params_.vm),
      throttle_(infaas::ThrottleRules{params_.offline_pause_utilisation, params_.monitor_interval,
                                       params_.offline_latency_rule}) {
  store_.set_gpu_replicas_per_variant(mode_.gpu_replicas_per_variant);
  const PolicyWorld& world = context.world;
  const Requirements req = infaas::stage_requirements(world);
  for (std::size_t s = 0; s < req.stages.size(); ++s) {
    const bool any = std::any_of(store_.profiles().begin(), store_.profiles().end(),
                                 [&](const VariantProfile& p) { return p.family == req.stages[s].family; });
    if (!any) {
      params.fail("no variant of family \"" + world.models->family(req.stages[s].family).name +
                  "\" runs on this policy's workers (worker_types, initial workers, fixed devices)" +
                  (params_.fixed.any() ? std::string(", or its fixed variant does not run there") : std::string()));
    }
  }
  infaas::SelectionRules selection;
  selection.route_unmet = params_.unmet == infaas::UnmetQueries::kRoute;
  selection.backlog_fraction = params_.states.backlog_fraction;
  selection.queue_aware = params_.queue_aware;
  selection.may_load = mode_.loads_on_query_path;
  selection.by_accuracy = mode_.ranks_by_accuracy;
  selector_ = std::make_unique<infaas::VariantSelector>(store_.profiles(), req.stages, req.first_stage,
                                                        params_.profiles, selection);
  // The baselines never switch variant (no model-vertical scaling, Table 5).
  model_autoscaler_ = std::make_unique<infaas::ModelAutoscaler>(
      scaling_rules(params_), mode_.switches_variants ? infaas::switch_alternatives(store_.profiles(), req, params_.profiles)
                                       : std::vector<std::vector<std::uint32_t>>(store_.profiles().size()));
  for (const Application& app : world.applications) {
    stage_count_.push_back(static_cast<std::uint32_t>(app.pipeline.stages().size()));
  }
  fixed_type_base_ = static_cast<std::uint32_t>(world.hardware->instance_types().size());
  has_offline_jobs_ = !world.offline_jobs.empty();
  launched_this_tick_.assign(kDeviceKindCount, false);
  for (const infaas::Preload& p : params_.preload) {
    const bool profiled = std::any_of(store_.profiles().begin(), store_.profiles().end(), [&](const VariantProfile& v) {
      return v.variant == p.variant && v.device_type == p.device_type;
    });
    if (!profiled) {
      throw InputError(p.where, "the variant serves no application here, or its device type is not a worker's");
    }
  }
}

Duration InfaasPolicy::tick_interval() const {
  return std::min({params_.monitor_interval, params_.model_autoscaler_interval, params_.vm_autoscaler_interval});
}

std::uint32_t InfaasPolicy::add_worker(InstanceId id, const ClusterView& view, bool initial) {
  const InstanceInfo info = view.instance(id);
  Worker w;
  w.instance = id;
  w.type_key = info.type;
  w.devices = info.devices;
  for (DeviceId d : w.devices) w.device_types.push_back(view.device(d).type);
  w.kind = worker_kind(view, w.devices);
  w.phase = info.state == InstanceState::kRunning ? WorkerPhase::kRunning : WorkerPhase::kBooting;
  w.cpu_slots = params_.cpu_slots(view.hardware().instance_type(info.type).vcpus);
  const std::uint32_t worker = store_.add_worker(std::move(w));
  if (initial) {
    if (minimum_workers_.size() <= info.type) minimum_workers_.resize(info.type + 1, 0);
    ++minimum_workers_[info.type];
  }
  return worker;
}

void InfaasPolicy::start(ClusterControl& control, const ClusterView& view) {
  control_ = &control;
  starting_ = true;
  // Fixed devices: one worker each (a fixed CPU device is one server: one
  // CPU replica, as the project's fixed "cpu" device is a 4-vCPU server).
  for (DeviceId d = 0; d < view.device_count(); ++d) {
    const DeviceInfo info = view.device(d);
    if (info.instance) continue;
    Worker w;
    w.type_key = fixed_type_base_ + info.type;
    w.devices = {d};
    w.device_types = {info.type};
    w.kind = view.hardware().type(info.type).kind;
    w.cpu_slots = 1;
    if (minimum_workers_.size() <= w.type_key) minimum_workers_.resize(w.type_key + 1, 0);
    ++minimum_workers_[w.type_key];
    store_.add_worker(std::move(w));
  }
  const bool scenario_instances = view.instance_count() > 0;
  for (InstanceId i = 0; i < view.instance_count(); ++i) add_worker(i, view, true);
  if (!scenario_instances && (params_.initial_workers_given || store_.workers().empty())) {
    for (const auto& [type, count] : params_.initial_workers) {
      for (std::uint32_t n = 0; n < count; ++n) add_worker(control.launch_instance(type, Market::kOnDemand), view, true);
    }
  }
  if (store_.workers().empty()) throw InputError(params_.where, "no workers: give initial_workers or cluster instances");
  for (const infaas::Preload& p : params_.preload) {
    std::uint32_t profile = 0;
    while (store_.profile(profile).variant != p.variant || store_.profile(profile).device_type != p.device_type) ++profile;
    for (std::uint32_t n = 0; n < p.count; ++n) {
      const auto slot = infaas::preload_slot(params_.preload_placement, view, store_, profile);
      if (!slot || !load(profile, *slot, view.now())) {
        throw InputError(p.where, "replica " + std::to_string(n + 1) + " does not fit on the initial workers");
      }
    }
  }
  if (!params_.initial_load.empty()) provision_initial_load(view);
  starting_ = false;
  next_monitor_ = SimTime::zero() + params_.monitor_interval;
  next_vm_ = SimTime::zero() + params_.vm_autoscaler_interval;
  next_model_ = SimTime::zero() + params_.model_autoscaler_interval;
  selector_->rebuild(store_, view);
}

std::optional<ReplicaId> InfaasPolicy::load(std::uint32_t profile, const Slot& slot, SimTime now) {
  const VariantProfile& p = store_.profile(profile);
  const BatcherSpec batcher{p.batch, /*plugin: greedy*/ nullptr};
  const LoadResult result = control_->load_replica(ReplicaRequest{p.variant, slot.device, batcher, 1});
  if (!result.replica) return std::nullopt;
  store_.add_replica(*result.replica, store_.instance_of(profile, slot.worker), slot.device, now);
  if (starting_) store_.replica(*result.replica).warm = true;
  return result.replica;
}

RouteDecision InfaasPolicy::route(const RouteRequest& request, ClusterControl& control, const ClusterView& view) {
  using Kind = infaas::VariantSelector::Choice::Kind;
  auto choice = selector_->select(request.app, request.stage, view);
  if (choice.kind == Kind::kLoad) {
    // Algorithm 1 line 5 (or the closest variant): load it; the query waits.
    control_ = &control;  // the helpers act through the control of the current call
    const auto r = load(choice.profile, choice.slot, view.now());
    selector_->rebuild(store_, view);
    if (r) {
      ++stats_.route_loads;
      choice.kind = Kind::kReplica;
      choice.replica = *r;
    } else {
      choice = selector_->select(request.app, request.stage, view);
      if (choice.kind == Kind::kLoad) choice.kind = Kind::kReject;
    }
  }
  if (!choice.meets) ++stats_.unmet;
  if (choice.kind != Kind::kReplica) return RouteDecision::reject();
  store_.count_routed(choice.replica);
  return RouteDecision::to(choice.replica);
}

void InfaasPolicy::sync_workers(const ClusterView& view) {
  // replace_worker adds a worker: a std::map insertion keeps the iteration valid.
  for (auto& [w, worker] : store_.workers()) {
    if (!worker.instance || worker.phase == WorkerPhase::kGone) continue;
    switch (view.instance_state(*worker.instance)) {
      case InstanceState::kBooting: worker.phase = WorkerPhase::kBooting; break;
      case InstanceState::kRunning: worker.phase = WorkerPhase::kRunning; break;
      // A spot notice: it serves until taken back, takes nothing new, and is replaced now.
      case InstanceState::kInterrupted:
        worker.phase = WorkerPhase::kRunning;
        if (!worker.leaving) {
          worker.leaving = true;
          replace_worker(w, view);
        }
        break;
      // Gone (the policy's own stops mark the worker gone first).
      case InstanceState::kStopping:
      case InstanceState::kStopped:
        worker.phase = WorkerPhase::kGone;
        if (!worker.leaving) {
          worker.leaving = true;
          replace_worker(w, view);
        }
        break;
    }
  }
}

// Section 7, "Failure Recovery": the VM-Autoscaler "starts a new worker with
// the state of the failed worker" -- one of the same type (on demand), with
// the same replicas, which load once it runs.
void InfaasPolicy::replace_worker(std::uint32_t w, const ClusterView& view) {
  const InstanceTypeId type = view.instance(*store_.worker(w).instance).type;
  std::vector<std::pair<std::uint32_t, std::size_t>> state;  // profile, replicas
  for (std::uint32_t i : store_.instances_on_worker(w)) {
    const VariantInstance& vi = store_.instance(i);
    if (!vi.replicas.empty()) state.emplace_back(vi.profile, vi.replicas.size());
  }
  const std::uint32_t replacement = add_worker(control_->launch_instance(type, Market::kOnDemand), view, false);
  ++stats_.workers_launched;
  ++stats_.workers_replaced;
  for (const auto& [profile, count] : state) {
    for (std::size_t k = 0; k < count; ++k) {
      const auto d = infaas::device_on(view, store_, replacement, profile);
      if (!d || !load(profile, Slot{replacement, *d}, view.now())) break;
    }
  }
}

void InfaasPolicy::begin_transition(std::vector<ReplicaId> added, std::vector<ReplicaId> retire) {
  Transition t{std::move(added), std::move(retire), {}};
  for (const auto* list : {&t.added, &t.retire}) {
    for (ReplicaId r : *list) {
      const std::uint32_t i = store_.replica(r).instance;
      if (std::find(t.instances.begin(), t.instances.end(), i) == t.instances.end()) t.instances.push_back(i);
    }
  }
  for (std::uint32_t i : t.instances) store_.instance(i).in_transition = true;
  transitions_.push_back(std::move(t));
}

// A transition ends when every added replica serves (then the replaced ones
// are unloaded: the ILP's negative delta) or when one of them is gone (then
// nothing is replaced).
void InfaasPolicy::advance_transitions(const ClusterView& view) {
  // No scale-down until the autoscaler's load measure (two periods) covers the new state.
  const SimTime settle = view.now() + params_.model_autoscaler_interval + params_.model_autoscaler_interval;
  for (std::size_t k = transitions_.size(); k-- > 0;) {
    Transition& t = transitions_[k];
    bool failed = false, ready = true;
    for (ReplicaId r : t.added) {
      if (!store_.serving(r) || !view.accepts(r)) failed = true;
      else if (view.replica(r).state != ReplicaState::kActive) ready = false;
    }
    if (!failed && !ready) continue;
    if (!failed) {
      for (ReplicaId r : t.retire) {
        if (!store_.serving(r)) continue;
        control_->unload_replica(r);
        store_.retire(r);
      }
    }
    for (std::uint32_t i : t.instances) {
      VariantInstance& vi = store_.instance(i);
      vi.in_transition = false;
      vi.hold_until = settle;
    }
    transitions_.erase(transitions_.begin() + static_cast<std::ptrdiff_t>(k));
  }
  for (const Transition& t : transitions_) {  // an instance may be in two; keep the flag while any is open
    for (std::uint32_t i : t.instances) store_.instance(i).in_transition = true;
  }
}

std::optional<Slot> InfaasPolicy::request_worker(std::uint32_t profile, const ClusterView& view) {
  const VariantProfile& p = store_.profile(profile);
  const auto kind = static_cast<std::size_t>(p.kind);
  const auto& type = params_.worker_types[kind];
  if (!mode_.adds_workers || !type || launched_this_tick_[kind]) return std::nullopt;
  if (!infaas::may_launch(params_.worker_limits, *type, store_)) return std::nullopt;
  bool offers = false;
  for (const DeviceSlot& slot : view.hardware().instance_type(*type).devices) offers = offers || slot.type == p.device_type;
  if (!offers) return std::nullopt;
  launched_this_tick_[kind] = true;
  const std::uint32_t w = add_worker(control_->launch_instance(*type, Market::kOnDemand), view, false);
  vm_autoscaler_.note_launch(p.kind);
  ++stats_.workers_launched;
  if (const auto d = infaas::device_on(view, store_, w, profile)) return Slot{w, *d};
  return std::nullopt;
}

std::vector<ReplicaId> InfaasPolicy::place(std::uint32_t profile, std::int64_t count,
                                           std::optional<std::uint32_t> prefer, bool may_launch,
                                           const ClusterView& view) {
  std::vector<ReplicaId> placed;
  for (std::int64_t k = 0; k < count; ++k) {
    auto slot = infaas::best_fit(view, store_, profile, prefer);
    if (!slot && may_launch) slot = request_worker(profile, view);  // "coordinates with the controller" (4.2.2)
    if (!slot) break;
    const auto r = load(profile, *slot, view.now());
    if (!r) break;
    placed.push_back(*r);
  }
  return placed;
}

void InfaasPolicy::run_monitor(const ClusterView& view) {
  monitor_.observe(store_, view);
  // load() may add an instance: a std::map insertion keeps the iteration valid.
  for (const auto& [i, vi] : store_.instances()) {
    if (vi.state != VariantState::kInterfered || vi.in_transition ||
        store_.worker(vi.worker).phase != WorkerPhase::kRunning) {
      continue;
    }
    const auto m = infaas::plan_migration(store_, view, i);
    if (!m) continue;
    if (const auto r = load(vi.profile, m->to, view.now())) {
      begin_transition({*r}, {m->from});
      ++stats_.migrations;
    }
  }
}

// A job that no loaded replica serves gets one (offline_placement.hpp); at
// most one load per job per check, whatever the view says of a new replica.
void InfaasPolicy::load_for_offline_jobs(const ClusterView& view) {
  for (std::size_t n = 0; n < view.offline_jobs().size(); ++n) {
    const auto next = infaas::next_offline_load(store_, view);
    if (!next || !load(next->profile, next->slot, view.now())) return;
    ++stats_.offline_loads;
  }
}

void InfaasPolicy::stop_worker(std::uint32_t w) {
  Worker& worker = store_.worker(w);
  if (!worker.instance) return;
  // Marked first: the engine may report the instance gone from inside stop_instance.
  worker.phase = WorkerPhase::kGone;
  worker.leaving = true;
  control_->stop_instance(*worker.instance);
  for (std::uint32_t i : store_.instances_on_worker(w)) {
    const std::vector<ReplicaId> replicas = store_.instance(i).replicas;
    for (ReplicaId r : replicas) store_.retire(r);
  }
  ++stats_.workers_stopped;
}

void InfaasPolicy::run_vm_autoscaler(const ClusterView& view) {
  std::vector<infaas::WorkerCheck> checks;
  for (const auto& [w, worker] : store_.workers()) {
    if (worker.phase == WorkerPhase::kGone || worker.leaving) continue;
    infaas::WorkerCheck c;
    c.worker = w;
    c.type_key = worker.type_key;
    c.kind = worker.kind;
    c.running = worker.phase == WorkerPhase::kRunning;
    c.utilisation = worker.utilisation;
    for (std::uint32_t i : store_.instances_on_worker(w)) {
      const VariantInstance& vi = store_.instance(i);
      if (vi.replicas.empty()) continue;
      c.hosts_variants = true;
      c.overloaded = c.overloaded || vi.state == VariantState::kOverloaded;
      c.interfered = c.interfered || vi.state == VariantState::kInterfered;
      c.in_transition = c.in_transition || vi.in_transition;
    }
    checks.push_back(c);
  }
  const infaas::VmDecision decision = vm_autoscaler_.check(checks, minimum_workers_);
  for (DeviceKind kind : decision.launch) {
    const auto& type = params_.worker_types[static_cast<std::size_t>(kind)];
    if (!type) continue;  // no worker type configured for this hardware
    if (!infaas::may_launch(params_.worker_limits, *type, store_)) continue;
    add_worker(control_->launch_instance(*type, Market::kOnDemand), view, false);
    ++stats_.workers_launched;
  }
  for (std::uint32_t w : decision.stop) stop_worker(w);
}

// Without new workers, an action must fit the running ones (constraint 3).
infaas::ModelAutoscaler::Room InfaasPolicy::scaling_room(const ClusterView& view) const {
  if (mode_.adds_workers) return {};
  return [this, &view](std::uint32_t profile) { return infaas::placeable(view, store_, profile); };
}

void InfaasPolicy::run_model_autoscaler(const ClusterView& view) {
  model_autoscaler_->measure(store_, view.now());
  if (has_offline_jobs_) {
    for (auto& [i, vi] : store_.instances()) vi.offline_work = infaas::holds_offline_work(vi, view);
  }
  apply_scaling(model_autoscaler_->plan(store_, view.now(), scaling_room(view)), view);
}

bool InfaasPolicy::apply_scaling(const std::vector<infaas::ScalingAction>& actions, const ClusterView& view) {
  const SimTime now = view.now();
  bool changed = false;
  for (const infaas::ScalingAction& a : actions) {
    const std::uint32_t from_profile = store_.instance(a.instance).profile;
    const std::uint32_t worker = store_.instance(a.instance).worker;
    switch (a.kind) {
      case infaas::ScalingDecision::Kind::kNone:
        break;
      case infaas::ScalingDecision::Kind::kReplicate: {
        std::vector<ReplicaId> added = place(from_profile, a.replicas, worker, a.may_launch, view);
        stats_.replications += added.size();
        changed = changed || !added.empty();
        if (!added.empty()) begin_transition(std::move(added), {});
        break;
      }
      case infaas::ScalingDecision::Kind::kRemove: {
        // The replica with the fewest queries left; the newest on ties.
        VariantInstance& vi = store_.instance(a.instance);
        ReplicaId victim = vi.replicas.back();
        for (ReplicaId r : vi.replicas) {
          if (view.outstanding(r) < view.outstanding(victim)) victim = r;
        }
        control_->unload_replica(victim);
        store_.retire(victim);
        vi.hold_until = now + params_.model_autoscaler_interval + params_.model_autoscaler_interval;  // as a transition's
        ++stats_.removals;
        changed = true;
        break;
      }
      case infaas::ScalingDecision::Kind::kSwitch: {
        std::vector<ReplicaId> added = place(a.profile, a.replicas, worker, a.may_launch, view);
        if (added.empty()) break;
        // Only a complete switch replaces the running variant; a partial one adds capacity.
        std::vector<ReplicaId> retire;
        if (static_cast<std::int64_t>(added.size()) == a.replicas) retire = store_.instance(a.instance).replicas;
        const bool up = store_.profile(a.profile).saturation_qps > store_.profile(from_profile).saturation_qps;
        ++(up ? stats_.upgrades : stats_.downgrades);
        begin_transition(std::move(added), std::move(retire));
        changed = true;
        break;
      }
    }
  }
  return changed;
}

// "initial_load_qps" (infaas_params.hpp): INFaaS as it would stand after
// serving that load, built by its own rules at time 0 (inside start(), so
// every load and launch is warm): each (application, stage) with a load gets
// the variant Algorithm 1 picks for its first query, whose {variant, worker}
// is taken to carry the load; then the model autoscaler checks, as at each
// tick, until a check changes nothing (start's replicas serve at once, so
// each check's transitions end before the next).
void InfaasPolicy::provision_initial_load(const ClusterView& view) {
  using Kind = infaas::VariantSelector::Choice::Kind;
  selector_->rebuild(store_, view);
  for (AppId app = 0; app < stage_count_.size(); ++app) {
    const double qps = params_.initial_load[app];
    if (qps <= 0) continue;
    for (StageId stage = 0; stage < stage_count_[app]; ++stage) {
      auto choice = selector_->select(app, stage, view);
      if (choice.kind == Kind::kLoad) {
        const auto r = load(choice.profile, choice.slot, view.now());
        if (!r) continue;
        choice.replica = *r;
        selector_->rebuild(store_, view);
      } else if (choice.kind != Kind::kReplica) {
        continue;
      }
      // The seed of the model autoscaler's measure; its first check (at one
      // period) measures the queries routed instead, as it always does.
      store_.instance(store_.replica(choice.replica).instance).load_qps += qps;
    }
  }
  // Every check changes at least one replica, so this ends; the bound only
  // guards against a cycle of scale-ups and scale-downs.
  constexpr int kMaxChecks = 100000;
  if (mode_.scales_models) {
    for (int check = 0; check < kMaxChecks; ++check) {
      std::fill(launched_this_tick_.begin(), launched_this_tick_.end(), false);
      catch_up(view);
      if (!apply_scaling(model_autoscaler_->plan(store_, view.now(), scaling_room(view)), view)) break;
    }
    catch_up(view);
  }
  // Scale-downs wait T_v from the run's own checks, not from these.
  for (auto& [i, vi] : store_.instances()) vi.scale_down_since = SimTime::never();
}

// The store brought up to what the engine says, before anything reads it.
void InfaasPolicy::catch_up(const ClusterView& view) {
  sync_workers(view);
  store_.prune(view);
  advance_transitions(view);
}

void InfaasPolicy::refresh(ClusterControl& control, const ClusterView& view) {
  control_ = &control;
  catch_up(view);
  selector_->rebuild(store_, view);
}

void InfaasPolicy::on_tick(ClusterControl& control, const ClusterView& view) {
  control_ = &control;
  const SimTime now = view.now();
  std::fill(launched_this_tick_.begin(), launched_this_tick_.end(), false);
  catch_up(view);
  // Only here, never in refresh(): the engine calls back into the policy
  // (on_instance_gone from inside stop_instance) while the caller still
  // holds a worker or walks the store.
  store_.forget(view);
  if (now >= next_monitor_) {
    run_monitor(view);
    // The daemon decides on offline work at its look (section 3.2); a job
    // submitted between looks waits for the next (at most one period).
    throttle_.check(store_, view, control);
    if (has_offline_jobs_ && mode_.scales_models) load_for_offline_jobs(view);
    while (next_monitor_ <= now) next_monitor_ += params_.monitor_interval;
  }
  // Clipper+ (infaas_params.hpp): fixed instances, so neither autoscaler runs;
  // INFaaS-Accuracy: the cluster's size is fixed, so the VM autoscaler does not.
  if (mode_.adds_workers && now >= next_vm_) {
    run_vm_autoscaler(view);
    while (next_vm_ <= now) next_vm_ += params_.vm_autoscaler_interval;
  }
  if (mode_.scales_models && now >= next_model_) {
    run_model_autoscaler(view);
    while (next_model_ <= now) next_model_ += params_.model_autoscaler_interval;
  }
  selector_->rebuild(store_, view);
}

void InfaasPolicy::on_replica_ready(ReplicaId id, ClusterControl& control, const ClusterView& view) {
  if (store_.knows(id)) store_.replica(id).serving_since = view.now();
  refresh(control, view);
}

void InfaasPolicy::on_instance_ready(InstanceId, ClusterControl& control, const ClusterView& view) {
  refresh(control, view);
}

void InfaasPolicy::on_interruption_notice(InstanceId, SimTime, ClusterControl& control, const ClusterView& view) {
  refresh(control, view);
}

void InfaasPolicy::on_instance_gone(InstanceId, ClusterControl& control, const ClusterView& view) {
  refresh(control, view);
}

void InfaasPolicy::report(PolicyCounters& out) const {
  out.add("upgrades", static_cast<double>(stats_.upgrades));
  out.add("downgrades", static_cast<double>(stats_.downgrades));
  out.add("replications", static_cast<double>(stats_.replications));
  out.add("replica_removals", static_cast<double>(stats_.removals));
  out.add("migrations", static_cast<double>(stats_.migrations));
  out.add("workers_added", static_cast<double>(stats_.workers_launched));
  out.add("workers_removed", static_cast<double>(stats_.workers_stopped));
  out.add("workers_replaced", static_cast<double>(stats_.workers_replaced));
  out.add("route_loads", static_cast<double>(stats_.route_loads));
  out.add("queries_unmet", static_cast<double>(stats_.unmet));
  if (!has_offline_jobs_) return;
  const infaas::OfflineThrottle::Stats& t = throttle_.stats();
  out.add("offline_inputs_dispatched", static_cast<double>(t.dispatched));
  out.add("offline_loads", static_cast<double>(stats_.offline_loads));
  for (std::size_t k = 0; k < t.paused_checks.size(); ++k) {
    out.add("offline_paused_checks_" + std::string(device_kind_name(static_cast<DeviceKind>(k))),
            static_cast<double>(t.paused_checks[k]));
  }
}

}  // namespace servesim
