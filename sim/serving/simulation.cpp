#include "sim/serving/simulation.hpp"

#include <algorithm>
#include <string>

#include "sim/core/input_error.hpp"
#include "sim/serving/pipeline_branches.hpp"

namespace servesim {
namespace {

std::uint32_t max_joins(const std::vector<Application>& apps) {
  std::uint32_t joins = 0;
  for (const auto& app : apps) joins = std::max(joins, app.pipeline.join_count());
  return joins;
}

std::vector<std::size_t> stage_counts(const std::vector<Application>& apps) {
  std::vector<std::size_t> counts;
  for (const auto& app : apps) counts.push_back(app.pipeline.stages().size());
  return counts;
}

}  // namespace

Simulation::Simulation(const SimulationConfig& config, Controller& controller, RunMetrics& metrics)
    : config_(config),
      controller_(controller),
      metrics_(metrics),
      end_(SimTime::zero() + config.duration),
      spot_rng_(config.seed, "cloud/spot-interruptions"),
      lambda_(config.cloud.lambda),
      routing_rng_(config.seed, "engine/weighted-routing"),
      central_queues_(stage_counts(config.applications)),
      stage_deadlines_(stage_counts(config.applications)),
      lambda_rng_(config.seed, "cloud/lambda"),
      queries_(max_joins(config.applications)),
      branch_seed_(pipeline_branch_seed(config.seed)) {
  self_ = loop_.add_handler(this);
  for (DeviceTypeId type : config_.devices) add_device(type, std::nullopt, /*ready=*/true);
  for (const auto& app : config_.applications) {
    stage_arrivals_.emplace_back(app.pipeline.stages().size());
    routing_weights_.emplace_back(app.pipeline.stages().size());
  }
  in_flight_per_app_.assign(config_.applications.size(), 0);
  finished_.resize(config_.applications.size());
  offline_.resize(config_.offline_jobs.size());
}

namespace {
// A policy's next tick, at least 1 ns away: a tick at the same instant would
// be rescheduled forever (the parsers bound every configured period to >= 1 ms;
// this holds for computed ones too).
Duration next_tick_interval(const Controller& controller) {
  return std::max(Duration{1}, controller.tick_interval());
}
}  // namespace

Simulation::~Simulation() = default;

void Simulation::start() {
  for (const auto& group : config_.cloud.instances) {
    for (std::uint32_t i = 0; i < group.count; ++i) add_instance(group.type, group.market, /*warm=*/true);
  }
  if (config_.cloud.spot_interruptions) {
    const auto& scheduled = config_.cloud.spot_interruptions->scheduled();
    for (std::uint32_t i = 0; i < scheduled.size(); ++i) {
      // Each listed time is a termination; its notice comes that much earlier.
      const SimTime notice = scheduled[i].first - config_.cloud.spot_interruptions->notice;
      if (scheduled[i].first < end_) loop_.schedule(std::max(notice, SimTime::zero()), self_, kScheduledInterruption, i);
    }
  }
  starting_ = true;
  timed_policy_call([&] { controller_.start(*this, *this); });
  starting_ = false;
  for (std::uint32_t i = 0; i < config_.workloads.size(); ++i) {
    streams_.push_back(config_.workloads[i].spec->open(config_.seed, config_.workload_streams.at(i)));
    pending_.emplace_back();
    pull_next_arrival(i);
  }
  schedule_offline_jobs();
  const Duration tick = next_tick_interval(controller_);
  if (!tick.is_infinite()) loop_.schedule_after(tick, self_, kPolicyTick);
  if (config_.warmup > Duration::zero()) {
    loop_.schedule(SimTime::zero() + config_.warmup, self_, kWarmupEnd, 0, Event::kBoundaryPriority);
  }
  schedule_window_close();
}

void Simulation::run(const std::function<void(SimTime)>& progress, Duration every) {
  SimTime next = progress ? SimTime::zero() + every : end_;
  while (true) {
    const SimTime stop = std::min(next, end_);
    events_ += loop_.run_until(stop);
    if (stop == end_) break;
    progress(stop);
    next = next + every;
  }
  if (queries_.in_flight() > 0) drain();
  fail_unfinished();
  metrics_.finish(loop_.now(), snapshot());
  metrics_.check_conservation(in_flight_per_app_);
  check_offline_conservation();
  report_offline();
  check_device_capacity();
  check_money();
}

// No more arrivals: the cluster serves what it holds, for at most the drain
// limit. Windows, ticks and billing go on meanwhile.
void Simulation::drain() {
  draining_ = true;
  // No window closes at end_ while arrivals run (the run may end there): the
  // boundary closes now, after everything at end_ has happened; else the
  // open window is split there, where the summary's measured span ends.
  if (window_start_ + config_.window == end_) {
    on_window_close();
  } else {
    metrics_.split(loop_.now(), snapshot());
    schedule_window_close();
  }
  events_ += loop_.run_while(end_ + config_.drain_limit, [&] { return queries_.in_flight() > 0; });
}

// What is still in the system when the drain's bound ends the run leaves it
// unfinished (an SLO miss), in query order.
void Simulation::fail_unfinished() {
  std::vector<std::uint32_t> slots = queries_.live_slots();
  std::sort(slots.begin(), slots.end(),
            [&](std::uint32_t a, std::uint32_t b) { return queries_.at(a).id < queries_.at(b).id; });
  for (std::uint32_t slot : slots) {
    queries_.at(slot).failure = FailReason::kUnfinished;
    finish_query(slot);
  }
}

void Simulation::on_warmup_end() {
  metrics_.split(loop_.now(), snapshot());
}

// Each cost, computed once from its rate for the whole run, against what the
// windows billed.
void Simulation::check_money() const {
  ExpectedCharges expected;
  const double hours = (loop_.now() - SimTime::zero()).seconds() / 3600.0;
  for (DeviceTypeId type : config_.devices) expected.fixed += config_.fixed_price_per_hour(type) * hours;
  expected.instances = freed_instances_bill_;
  for (InstanceId id = 0; id < instances_.size(); ++id) {
    const Instance* instance = instances_.get(id);
    if (!instance) continue;  // freed, its final bill counted above
    const InstanceType& type = config_.hardware->instance_type(instance->type);
    expected.instances += instance_bill(*instance, type, std::min(loop_.now(), instance->stopped_at));
  }
  expected.lambda = lambda_charged_;
  expected.hosted = hosted_.total(loop_.now()) / 3600.0;
  if (const auto problem = money_problem(billed_, expected)) throw InvariantError("money: " + *problem);
}

void Simulation::check_device_capacity() const {
  for (DeviceId id = 0; id < devices_.size(); ++id) {
    if (devices_.get(id)) check_device_capacity(id);  // freed ones were checked then
  }
}

void Simulation::check_device_capacity(DeviceId id) const {
  if (const auto problem = device_at(id).exec.capacity_problem(loop_.now())) {
    throw InvariantError("device capacity: device " + std::to_string(id) + " (" +
                         config_.hardware->type(device_at(id).type).name + ") " + *problem);
  }
}

void Simulation::handle(const Event& event) {
  switch (event.kind) {
    case kArrival:
      on_arrival(static_cast<std::uint32_t>(event.payload));
      break;
    case kBatchDone:
      on_batch_done(payload_entity(event.payload), payload_generation(event.payload));
      break;
    case kBatcherWake: {
      Replica* r = live_replica(payload_entity(event.payload));
      if (!r || payload_generation(event.payload) != r->wake_generation) break;  // gone or cancelled
      r->wake_at = SimTime::never();
      try_start_batches(*r);
      break;
    }
    case kReplicaReady:
      on_replica_ready(static_cast<ReplicaId>(event.payload));
      break;
    case kPolicyTick:
      on_policy_tick();
      break;
    case kWindowClose:
      on_window_close();
      break;
    case kInstanceReady:
      on_instance_ready(static_cast<InstanceId>(event.payload));
      break;
    case kInterruptionNotice:
      on_interruption_notice(static_cast<InstanceId>(event.payload));
      break;
    case kInstanceTerminate:
      terminate_instance(static_cast<InstanceId>(event.payload));
      break;
    case kScheduledInterruption:
      on_scheduled_interruption(static_cast<std::uint32_t>(event.payload));
      break;
    case kLambdaDone:
      on_lambda_done(static_cast<std::uint32_t>(event.payload));
      break;
    case kSharedBatchDone:
      on_shared_batch_done(payload_entity(event.payload), payload_generation(event.payload));
      break;
    case kWarmupEnd:
      on_warmup_end();
      break;
    case kOfflineSubmit:
      on_offline_submit(static_cast<OfflineJobId>(event.payload));
      break;
    case kHopArrival:  // packed as (query slot, stage): the slot is held by the hop, never reused meanwhile
      on_hop_arrival(payload_entity(event.payload), static_cast<StageId>(payload_generation(event.payload)));
      break;
  }
  free_retired_replicas();
}

// ---- Query flow -----------------------------------------------------------

void Simulation::pull_next_arrival(std::uint32_t stream) {
  std::optional<Arrival> next = streams_[stream]->next();
  if (!next || next->time >= end_) return;  // the stream is done for this run
  if (const auto& fixed = config_.workloads[stream].app) next->app = *fixed;
  if (next->app >= config_.applications.size()) {
    throw InvariantError("workload " + config_.workload_streams[stream] + " produced application index " +
                         std::to_string(next->app));
  }
  pending_[stream] = *next;
  loop_.schedule(next->time, self_, kArrival, stream);
}

void Simulation::on_arrival(std::uint32_t stream) {
  const Arrival arrival = pending_[stream];
  const Application& app = config_.applications[arrival.app];
  if (queries_.in_flight() >= config_.max_in_flight) {
    throw InFlightCapExceeded(app.name, config_.max_in_flight, arrival.time);
  }
  QueryRecord record;
  record.id = next_query_id_++;
  record.arrival = arrival.time;
  record.deadline = arrival.time + (arrival.deadline.is_infinite() ? app.slo : arrival.deadline);
  record.app = arrival.app;
  const std::uint32_t slot = queries_.add(record);
  ++in_flight_per_app_[arrival.app];
  metrics_.on_arrival(arrival.app, arrival.time);
  // Hold the query open while its entry stages are routed, so a rejection of
  // the first cannot finish it before the second is routed.
  queries_.at(slot).outstanding = 1;
  for (StageId entry : app.pipeline.entry_stages()) start_visit(slot, entry);
  end_visit(slot);
  pull_next_arrival(stream);
}

void Simulation::start_visit(std::uint32_t slot, StageId stage, bool again) {
  QueryRecord& q = queries_.at(slot);
  if (q.failure != FailReason::kNone) return;  // already failed: no more work
  const Application& app = config_.applications[q.app];
  if (!again) stage_arrivals_[q.app][stage].add(loop_.now());
  const RouteRequest request{q.id, q.app, stage, app.pipeline.stages()[stage].family, q.arrival, q.deadline, again};
  const FailReason refused = enqueue_visit(slot, stage, controller_.route(request, *this, *this));
  if (refused != FailReason::kNone) q.failure = refused;
}

// Why the query cannot go anywhere (a rejection, a throttled Lambda, or
// weights that name no live replica), or kNone once it is on its way.
FailReason Simulation::enqueue_visit(std::uint32_t slot, StageId stage, const RouteDecision& decision) {
  ReplicaId target = decision.target;
  switch (decision.kind) {
    case RouteDecision::Kind::kReject:
      return FailReason::kRejected;
    case RouteDecision::Kind::kLambda:
      if (target >= config_.cloud.lambda_functions.size()) {
        throw InvariantError("policy routed a query to Lambda function " + std::to_string(target) + ", which does not exist");
      }
      return invoke_lambda(slot, stage, target) ? FailReason::kNone : FailReason::kThrottled;
    case RouteDecision::Kind::kWeighted:
      target = pick_weighted(queries_.at(slot).app, stage);
      if (target == kNoReplica) return FailReason::kNoReplica;
      break;
    case RouteDecision::Kind::kCentral:
      enqueue_central(slot, stage);
      return FailReason::kNone;
    case RouteDecision::Kind::kReplica:
      break;
  }
  if (!accepts(target)) {
    throw InvariantError("policy routed a query to replica " + std::to_string(target) + ", which does not accept queries");
  }
  Replica& replica = *replicas_.get(target);
  ++queries_.at(slot).outstanding;
  replica.queue.push(Visit{slot, stage, loop_.now()});
  try_start_batches(replica);
  return FailReason::kNone;
}

ReplicaId Simulation::pick_weighted(AppId app, StageId stage) {
  return routing_weights_[app][stage].pick(
      acceptance_epoch_, [&](ReplicaId id) { return accepts(id); }, [&] { return routing_rng_.uniform01(); });
}

void Simulation::set_routing_weights(AppId app, StageId stage, std::vector<RoutingWeight> weights) {
  for (const auto& w : weights) {
    if (w.replica >= replicas_.size() || w.weight < 0) throw InvariantError("routing weight names an invalid replica");
  }
  actions_.count(ControlAction::kSetRoutingWeights);
  routing_weights_.at(app).at(stage).set(std::move(weights));
}

bool Simulation::edge_taken(const QueryRecord& query, StageId stage, std::size_t edge_index,
                            double probability) const {
  return branch_taken(branch_seed_, query.id, stage, edge_index, probability);
}

void Simulation::resolve_edges(std::uint32_t slot, StageId stage, bool visited) {
  const Pipeline& pipeline = config_.applications[queries_.at(slot).app].pipeline;
  const auto edges = pipeline.out_edges(stage);
  for (std::size_t i = 0; i < edges.size(); ++i) {
    const bool taken = visited && edge_taken(queries_.at(slot), stage, i, edges[i].probability);
    if (taken) {
      deliver(slot, edges[i].to);
    } else {
      resolve_into(slot, edges[i].to, false);  // nothing travels: the child learns at once
    }
  }
}

// The hop holds the query open like a visit (outstanding), so a query still
// on its way between stages is in flight: drained, or counted unfinished at
// the drain's bound, never lost. A join resolves when the last of its inputs
// has arrived, each after its own hop. No delay, no event: the same events
// in the same order as an engine without hops.
void Simulation::deliver(std::uint32_t slot, StageId child) {
  if (config_.hop_delay == Duration::zero()) {
    resolve_into(slot, child, true);
    return;
  }
  ++queries_.at(slot).outstanding;
  loop_.schedule_after(config_.hop_delay, self_, kHopArrival, pack_payload(slot, child));
}

void Simulation::on_hop_arrival(std::uint32_t slot, StageId child) {
  resolve_into(slot, child, true);
  end_visit(slot);
}

void Simulation::resolve_into(std::uint32_t slot, StageId child, bool delivered) {
  const Pipeline& pipeline = config_.applications[queries_.at(slot).app].pipeline;
  const int join = pipeline.join_index(child);
  if (join >= 0 && !queries_.join(slot, join).resolve(pipeline.in_degree(child), delivered)) return;
  if (delivered) {
    start_visit(slot, child);
  } else {
    resolve_edges(slot, child, false);
  }
}

void Simulation::end_visit(std::uint32_t slot) {
  QueryRecord& q = queries_.at(slot);
  if (--q.outstanding == 0) finish_query(slot);
}

void Simulation::fail_visit(std::uint32_t slot, FailReason why) {
  QueryRecord& q = queries_.at(slot);
  if (q.failure == FailReason::kNone) q.failure = why;  // the first failure is the query's
  end_visit(slot);
}

void Simulation::finish_query(std::uint32_t slot) {
  const QueryRecord& q = queries_.at(slot);
  QueryOutcome outcome;
  outcome.id = q.id;
  outcome.app = q.app;
  outcome.kind = outcome_kind(q.failure);
  outcome.reason = q.failure;
  outcome.arrival = q.arrival;
  outcome.finish = loop_.now();
  outcome.deadline = q.deadline;
  outcome.queue_wait = q.queue_wait;
  outcome.accuracy = q.accuracy;
  if (metrics_.keeps_queries()) describe_service(q, outcome);
  metrics_.on_outcome(outcome);
  finished_[q.app].count(outcome);
  --in_flight_per_app_[q.app];
  queries_.remove(slot);
}

// The visits that served the query, and the variant, device type and replica
// behind the last; a Lambda function has only a variant.
void Simulation::describe_service(const QueryRecord& query, QueryOutcome& outcome) const {
  outcome.stage_visits = query.stage_visits;
  const ServedBy by = query.served_by;
  if (by.by_replica()) {
    const ReplicaRecord& r = replica_records_[by.replica_id()];
    outcome.variant = r.variant;
    outcome.device_type = r.device_type;
    outcome.replica = by.replica_id();
  } else if (by.by_lambda()) {
    outcome.variant = config_.cloud.lambda_functions[by.lambda_function()].variant;
  }
}

void Simulation::on_policy_tick() {
  timed_policy_call([&] { controller_.on_tick(*this, *this); });
  loop_.schedule_after(next_tick_interval(controller_), self_, kPolicyTick);
}

// ---- Views and windows ----------------------------------------------------

DeviceInfo Simulation::device(DeviceId id) const {
  const Device* live = devices_.get(id);
  if (!live) {  // its instance stopped and was freed: its occupancy and instance are all that is known
    const DeviceOccupancy empty = occupancy(id);
    return DeviceInfo{empty.type, device_records_[id].instance, false, empty.memory_free_mb, {}};
  }
  const Device& d = *live;
  return DeviceInfo{d.type,
                    d.instance,
                    device_usable(id),
                    d.memory_free_mb,
                    d.replicas,
                    d.exec.limits().slots,
                    d.exec.running(),
                    static_cast<std::uint32_t>(d.exec.waiting())};
}

DeviceOccupancy Simulation::occupancy(DeviceId id) const {
  if (id >= devices_.size()) throw InvariantError("no device " + std::to_string(id));
  const Device* live = devices_.get(id);
  if (!live) {  // freed with its instance: every replica left it
    const DeviceTypeId type = device_records_[id].type;
    return DeviceOccupancy{type, config_.hardware->type(type).memory_mb, {}};
  }
  return DeviceOccupancy{live->type, live->memory_free_mb, live->replicas};
}

ReplicaInfo Simulation::replica(ReplicaId id) const {
  if (id >= replicas_.size()) throw InvariantError("no replica " + std::to_string(id));
  ReplicaInfo info;
  info.state = ReplicaState::kUnloaded;
  Replica* live = replicas_.get(id);
  if (!live) return info;  // freed: only its state is known
  Replica& r = *live;
  info.variant = r.variant;
  info.device = r.device;
  info.state = r.state;
  info.queue_length = r.queue.size();
  info.offline_queued = r.offline.size();
  info.running_batches = r.running;
  info.concurrency = static_cast<std::uint32_t>(r.batches.size());
  info.max_batch = r.max_batch();
  info.served_per_second = r.served.per_second(loop_.now());
  const double alive = (loop_.now() - r.loaded_at).seconds();
  const double busy = r.busy_slot_seconds + r.running * (loop_.now() - r.busy_since).seconds();
  info.utilisation = alive > 0 ? busy / (alive * static_cast<double>(r.batches.size())) : 0.0;
  info.observed_latency_mean = r.observed.mean(loop_.now());
  return info;
}

ReplicaBacklog Simulation::backlog(ReplicaId id) const {
  const Replica* r = live_replica(id);
  if (!r) return {};
  ReplicaBacklog out{r->queue.size(), r->executing_visits, SimTime::never()};
  for (const RunningBatch& batch : r->batches) {
    if (batch.in_use) out.running_since = std::min(out.running_since, batch.started);
  }
  return out;
}

// Null once stopped, billed and freed; an id never handed out is an error.
const Instance* Simulation::known_instance(InstanceId id) const {
  if (id >= instances_.size()) throw InvariantError("no instance " + std::to_string(id));
  return instances_.get(id);
}

InstanceInfo Simulation::instance(InstanceId id) const {
  const Instance* live = known_instance(id);
  if (!live) {  // stopped, billed and freed: only its type, market and state are known
    const InstanceRecord& r = instance_records_[id];
    InstanceInfo gone{r.type, r.market, InstanceState::kStopped, r.requested, r.ready_at, r.interruption_at, {}, 0.0};
    for (std::uint32_t k = 0; k < r.device_count; ++k) gone.devices.push_back(r.first_device + k);
    return gone;
  }
  const Instance& i = *live;
  InstanceInfo info{i.type, i.market, i.state, i.requested, i.ready_at, SimTime::never(), i.devices, 0.0};
  if (i.noticed) info.interruption_at = i.interruption_at;
  if (i.credits) {
    CpuCreditBalance now = *i.credits;  // settled to now without touching the run's own
    now.advance(loop_.now(), busy_vcpus(i));
    info.cpu_credits = now.balance();
  }
  return info;
}

InstanceState Simulation::instance_state(InstanceId id) const {
  const Instance* live = known_instance(id);
  return live ? live->state : InstanceState::kStopped;
}

double Simulation::arrival_rate(AppId app, StageId stage) const {
  return stage_arrivals_.at(app).at(stage).per_second(loop_.now());
}

// The cluster since the previous snapshot (a window, or its part before the
// warm-up's end): flows are settled and restarted.
ClusterSnapshot Simulation::snapshot() {
  ClusterSnapshot s;
  const SimTime now = loop_.now();
  const Duration window = now - last_snapshot_;
  last_snapshot_ = now;
  for (std::size_t k = 0; k < kDeviceKindCount; ++k) {
    s.busy_seconds[k] = busy_[k].take(now);
    s.memory_gb_seconds[k] = resident_gb_[k].take(now);
  }
  double fixed_per_hour = 0;
  for (DeviceId id = 0; id < devices_.size(); ++id) {
    if (!devices_.get(id)) continue;  // freed with its instance
    const Device& d = device_at(id);
    // A device of the fixed cluster is owned: it costs and counts as capacity
    // for the whole run, idle or not. An instance's devices count while it runs.
    if (d.instance && !device_usable(id)) continue;
    const auto kind = static_cast<std::size_t>(d.kind);
    ++s.devices[kind];
    s.replicas[kind] += static_cast<std::uint32_t>(d.replicas.size());
    if (!d.instance) fixed_per_hour += config_.fixed_price_per_hour(d.type);
  }
  s.ledger.add_fixed(fixed_per_hour * window.seconds() / 3600.0);
  // Integrated at every load and leave, so a replica that came and went
  // within the window counts too.
  s.ledger.add_hosted(hosted_.take(now) / 3600.0);
  s.cost_per_hour = fixed_per_hour;
  bill_instances(s);
  s.ledger.add_lambda(window_lambda_.lambda);
  s.lambda_invocations = window_invocations_;
  s.lambda_cold_starts = window_cold_starts_;
  window_lambda_ = CostLedger{};
  window_invocations_ = window_cold_starts_ = 0;
  billed_ += s.ledger;
  return s;
}

void Simulation::on_window_close() {
  const SimTime now = loop_.now();
  metrics_.close_window(now, snapshot());
  window_start_ = now;
  schedule_window_close();
}

// Windows close before anything else happens at their boundary, so an arrival
// at 10 s counts in [10, 20). The last window closes after everything at the
// run's end has happened (Simulation::run), so a completion at the end counts.
void Simulation::schedule_window_close() {
  const SimTime next = window_start_ + config_.window;
  const SimTime last = draining_ ? end_ + config_.drain_limit : end_;
  if (next < last) loop_.schedule(next, self_, kWindowClose, 0, Event::kBoundaryPriority);
}

}  // namespace servesim
