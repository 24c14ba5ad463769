#include "sim/serving/simulation.hpp"

#include <algorithm>
#include <string>

#include "sim/core/input_error.hpp"

namespace servesim {
namespace {

std::uint32_t max_joins(const std::vector<Application>& apps) {
  std::uint32_t joins = 0;
  for (const auto& app : apps) joins = std::max(joins, app.pipeline.join_count());
  return joins;
}

// The batcher's read-only window on a replica's queue.
class ReplicaQueueView final : public QueueView {
 public:
  ReplicaQueueView(const VisitQueue& queue, const QueryTable& queries) : queue_(queue), queries_(queries) {}
  std::size_t size() const override { return queue_.size(); }
  SimTime enqueued(std::size_t i) const override { return queue_.at(i).enqueued; }
  SimTime deadline(std::size_t i) const override { return queries_.at(queue_.at(i).query).deadline; }

 private:
  const VisitQueue& queue_;
  const QueryTable& queries_;
};

// A counter-based uniform in [0, 1) from (seed, query id, stage, edge): branch
// decisions depend on the query, not on the order in which a policy happens to
// finish stages, so every policy sees the same branches (common random numbers).
double hashed_uniform(std::uint64_t seed, std::uint64_t query, std::uint64_t stage, std::uint64_t edge) {
  std::uint64_t z = seed ^ (query * 0x9e3779b97f4a7c15ULL) ^ (stage << 48) ^ (edge << 32);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  z ^= z >> 31;
  return static_cast<double>(z >> 11) * 0x1.0p-53;
}

}  // namespace

Simulation::Simulation(const SimulationConfig& config, Controller& controller, RunMetrics& metrics)
    : config_(config),
      controller_(controller),
      metrics_(metrics),
      end_(SimTime::zero() + config.duration),
      queries_(max_joins(config.applications)),
      branch_seed_(derive_stream_seed(config.seed, "pipeline/branches")) {
  self_ = loop_.add_handler(this);
  for (DeviceTypeId type : config_.devices) {
    const DeviceType& t = config_.hardware->type(type);
    devices_.push_back(Device{type, t.kind, t.memory_mb, {}});
  }
  for (const auto& app : config_.applications) {
    stage_arrivals_.emplace_back(app.pipeline.stages().size());
  }
  in_flight_per_app_.assign(config_.applications.size(), 0);
}

Simulation::~Simulation() = default;

template <typename F>
void Simulation::timed_policy_call(F&& call) {
  const auto begin = std::chrono::steady_clock::now();
  call();
  policy_wall_ += std::chrono::steady_clock::now() - begin;
}

void Simulation::start() {
  starting_ = true;
  timed_policy_call([&] { controller_.start(*this, *this); });
  starting_ = false;
  for (std::uint32_t i = 0; i < config_.workloads.size(); ++i) {
    const auto& source = config_.workloads[i];
    streams_.push_back(source.spec->open(config_.seed, source.name));
    pending_.emplace_back();
    pull_next_arrival(i);
  }
  const Duration tick = controller_.tick_interval();
  if (!tick.is_infinite()) loop_.schedule_after(tick, self_, kPolicyTick);
  loop_.schedule(std::min(end_, SimTime::zero() + config_.window), self_, kWindowClose);
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
  if (window_start_ < end_) on_window_close();  // the last, possibly short, window
  metrics_.check_conservation(in_flight_per_app_);
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
      Replica& r = *replicas_[payload_entity(event.payload)];
      if (payload_generation(event.payload) != r.wake_generation) return;  // cancelled
      r.wake_at = SimTime::never();
      try_start_batches(r);
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
  }
}

// ---- Query flow -----------------------------------------------------------

void Simulation::pull_next_arrival(std::uint32_t stream) {
  std::optional<Arrival> next = streams_[stream]->next();
  if (!next || next->time >= end_) return;  // the stream is done for this run
  if (const auto& fixed = config_.workloads[stream].app) next->app = *fixed;
  if (next->app >= config_.applications.size()) {
    throw InvariantError("workload " + config_.workloads[stream].name + " produced application index " +
                         std::to_string(next->app));
  }
  pending_[stream] = *next;
  loop_.schedule(next->time, self_, kArrival, stream);
}

void Simulation::on_arrival(std::uint32_t stream) {
  const Arrival arrival = pending_[stream];
  const Application& app = config_.applications[arrival.app];
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

void Simulation::start_visit(std::uint32_t slot, StageId stage) {
  QueryRecord& q = queries_.at(slot);
  if (q.fate != OutcomeKind::kCompleted) return;  // already failed: no more work
  const Application& app = config_.applications[q.app];
  stage_arrivals_[q.app][stage].add(loop_.now());
  const RouteRequest request{q.id, q.app, stage, app.pipeline.stages()[stage].family, q.arrival, q.deadline};
  const RouteDecision decision = controller_.route(request, *this);
  if (decision.kind == RouteDecision::Kind::kReject) {
    q.fate = OutcomeKind::kRejected;
    return;
  }
  if (decision.replica >= replicas_.size() || !replicas_[decision.replica]->accepts_visits()) {
    throw InvariantError("policy routed a query to replica " + std::to_string(decision.replica) +
                         ", which does not accept queries");
  }
  Replica& replica = *replicas_[decision.replica];
  ++q.outstanding;
  replica.queue.push(Visit{slot, stage, loop_.now()});
  try_start_batches(replica);
}

bool Simulation::edge_taken(const QueryRecord& query, StageId stage, std::size_t edge_index,
                            double probability) const {
  if (probability >= 1.0) return true;
  return hashed_uniform(branch_seed_, query.id, stage, edge_index) < probability;
}

void Simulation::resolve_edges(std::uint32_t slot, StageId stage, bool visited) {
  const Pipeline& pipeline = config_.applications[queries_.at(slot).app].pipeline;
  const auto edges = pipeline.out_edges(stage);
  for (std::size_t i = 0; i < edges.size(); ++i) {
    const bool taken = visited && edge_taken(queries_.at(slot), stage, i, edges[i].probability);
    resolve_into(slot, edges[i].to, taken);
  }
}

void Simulation::resolve_into(std::uint32_t slot, StageId child, bool delivered) {
  const Pipeline& pipeline = config_.applications[queries_.at(slot).app].pipeline;
  const int join = pipeline.join_index(child);
  if (join >= 0) {
    JoinState& state = queries_.join(slot, join);
    ++state.resolved;
    state.delivered = state.delivered || delivered;
    if (state.resolved < pipeline.in_degree(child)) return;
    delivered = state.delivered;
  }
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

void Simulation::fail_visit(std::uint32_t slot, OutcomeKind why) {
  QueryRecord& q = queries_.at(slot);
  if (q.fate == OutcomeKind::kCompleted) q.fate = why;
  end_visit(slot);
}

void Simulation::finish_query(std::uint32_t slot) {
  const QueryRecord& q = queries_.at(slot);
  QueryOutcome outcome;
  outcome.id = q.id;
  outcome.app = q.app;
  outcome.kind = q.fate;
  outcome.arrival = q.arrival;
  outcome.finish = loop_.now();
  outcome.deadline = q.deadline;
  outcome.queue_wait = q.queue_wait;
  outcome.accuracy = q.accuracy;
  metrics_.on_outcome(outcome);
  --in_flight_per_app_[q.app];
  queries_.remove(slot);
}

// ---- Replicas -------------------------------------------------------------

bool Simulation::is_late(const Replica& replica, const Visit& visit) const {
  if (config_.drop == DropPolicy::kNone) return false;
  SimTime finish = loop_.now();
  if (config_.drop == DropPolicy::kInfeasible) finish += replica.latency[1];
  return finish > queries_.at(visit.query).deadline;
}

// The batcher decides on a live head; start_batch checks every other visit.
bool Simulation::drop_head_if_late(Replica& replica) {
  if (!is_late(replica, replica.queue.front())) return false;
  fail_visit(replica.queue.pop().query, OutcomeKind::kDropped);
  return true;
}

void Simulation::try_start_batches(Replica& replica) {
  if (replica.state != ReplicaState::kActive && replica.state != ReplicaState::kDraining) return;
  while (replica.has_free_slot() && !replica.queue.empty()) {
    if (drop_head_if_late(replica)) continue;
    const Visit& head = replica.queue.front();
    const ReplicaQueueView queue_view(replica.queue, queries_);
    const BatchContext context{loop_.now(),  replica.queue.size(), head.enqueued, queries_.at(head.query).deadline,
                               replica.max_batch(), replica.latency, &queue_view};
    const BatchDecision decision = replica.batcher->decide(context);
    if (decision.drop_head > 0) {
      for (std::uint32_t i = 0; i < decision.drop_head && !replica.queue.empty(); ++i) {
        fail_visit(replica.queue.pop().query, OutcomeKind::kDropped);
      }
      continue;
    }
    if (decision.size == 0) {
      schedule_wake(replica, decision.wake_at);
      return;
    }
    start_batch(replica, static_cast<std::uint32_t>(std::min<std::size_t>(
                             {decision.size, replica.queue.size(), replica.max_batch()})));
  }
  release_if_drained(replica);
}

void Simulation::schedule_wake(Replica& replica, SimTime at) {
  if (at == replica.wake_at) return;  // already scheduled
  ++replica.wake_generation;          // cancels any earlier wake-up
  replica.wake_at = at;
  if (at.is_never()) return;
  loop_.schedule(std::max(at, loop_.now()), self_, kBatcherWake, pack_payload(replica.id, replica.wake_generation));
}

void Simulation::start_batch(Replica& replica, std::uint32_t size) {
  const std::uint32_t slot = replica.free_slot();
  RunningBatch& batch = replica.batches[slot];
  batch.visits.clear();
  while (batch.visits.size() < size && !replica.queue.empty()) {
    const Visit v = replica.queue.pop();
    if (is_late(replica, v)) {
      fail_visit(v.query, OutcomeKind::kDropped);
      continue;
    }
    queries_.at(v.query).queue_wait += loop_.now() - v.enqueued;
    batch.visits.push_back(v);
  }
  if (batch.visits.empty()) return;
  const auto taken = static_cast<std::uint32_t>(batch.visits.size());
  batch.in_use = true;
  batch.started = loop_.now();
  replica.executing_visits += taken;
  mark_busy_change(replica, +1);
  const Duration length = config_.service_time.draw(replica.latency[taken], replica.rng);
  loop_.schedule_after(length, self_, kBatchDone, pack_payload(replica.id, slot));
}

void Simulation::on_batch_done(ReplicaId id, std::uint32_t slot) {
  Replica& replica = *replicas_[id];
  RunningBatch& batch = replica.batches[slot];
  const double accuracy = config_.models->variant(replica.variant).accuracy;
  bool all_on_time = true;
  for (const Visit& v : batch.visits) {
    QueryRecord& q = queries_.at(v.query);
    q.accuracy = std::min(q.accuracy, accuracy);
    all_on_time = all_on_time && loop_.now() <= q.deadline;
    resolve_edges(v.query, v.stage, q.fate == OutcomeKind::kCompleted);
    end_visit(v.query);
  }
  const auto size = static_cast<std::uint32_t>(batch.visits.size());
  replica.served.add(loop_.now(), size);
  replica.executing_visits -= size;
  batch.in_use = false;
  mark_busy_change(replica, -1);
  replica.batcher->on_batch_done(size, all_on_time);
  try_start_batches(replica);
}

void Simulation::mark_busy_change(Replica& replica, int delta) {
  const SimTime now = loop_.now();
  const double weight = 1.0 / static_cast<double>(replica.batches.size());
  const auto kind = static_cast<std::size_t>(devices_[replica.device].kind);
  for (std::size_t k = 0; k < kDeviceKindCount; ++k) busy_integral_[k] += busy_weight_[k] * (now - busy_since_).seconds();
  busy_since_ = now;
  busy_weight_[kind] += delta * weight;
  replica.busy_slot_seconds += replica.running * (now - replica.busy_since).seconds();
  replica.busy_since = now;
  replica.running = static_cast<std::uint32_t>(static_cast<int>(replica.running) + delta);
}

// ---- Control --------------------------------------------------------------

LoadResult Simulation::load_replica(const ReplicaRequest& request) {
  if (request.device >= devices_.size()) return {std::nullopt, "no device " + std::to_string(request.device)};
  if (request.variant >= config_.models->variants().size()) return {std::nullopt, "no such variant"};
  Device& device = devices_[request.device];
  const ModelVariant& variant = config_.models->variant(request.variant);
  const DeviceType& type = config_.hardware->type(device.type);
  const LatencyProfile* profile = variant.profile_on(type.name);
  if (profile == nullptr) return {std::nullopt, variant.name + " has no latency profile on " + type.name};
  if (variant.memory_mb > device.memory_free_mb) {
    return {std::nullopt, variant.name + " needs " + std::to_string(variant.memory_mb) + " MB, device " +
                              std::to_string(request.device) + " has " + std::to_string(device.memory_free_mb) +
                              " MB free"};
  }
  std::vector<Duration> table = profile->table(variant.max_batch);
  if (request.batcher.max_batch > 0 && request.batcher.max_batch + 1 < table.size()) {
    table.resize(request.batcher.max_batch + 1);
  }
  const auto id = static_cast<ReplicaId>(replicas_.size());
  replicas_.push_back(std::make_unique<Replica>(id, request.variant, request.device, std::move(table),
                                                make_batcher(request.batcher), std::max(1u, request.concurrency),
                                                RandomStream(config_.seed, "replica/" + std::to_string(id))));
  replicas_.back()->busy_since = loop_.now();
  replicas_.back()->loaded_at = loop_.now();
  device.memory_free_mb -= variant.memory_mb;
  device.replicas.push_back(id);
  if (starting_) {
    replicas_.back()->state = ReplicaState::kActive;
  } else {
    loop_.schedule_after(variant.load_latency, self_, kReplicaReady, id);
  }
  return {id, ""};
}

void Simulation::on_replica_ready(ReplicaId id) {
  Replica& replica = *replicas_[id];
  replica.state = replica.unload_requested ? ReplicaState::kDraining : ReplicaState::kActive;
  if (replica.state == ReplicaState::kActive) {
    timed_policy_call([&] { controller_.on_replica_ready(id, *this, *this); });
  }
  try_start_batches(replica);
}

void Simulation::unload_replica(ReplicaId id) {
  Replica& replica = *replicas_.at(id);
  if (replica.state == ReplicaState::kUnloaded || replica.unload_requested) return;
  replica.unload_requested = true;
  // Queries already queued are served first, never lost; a replica still
  // loading drains once its model is in (on_replica_ready).
  if (replica.state == ReplicaState::kLoading) return;
  replica.state = ReplicaState::kDraining;
  try_start_batches(replica);
}

void Simulation::release_if_drained(Replica& replica) {
  if (replica.state != ReplicaState::kDraining || replica.running > 0 || !replica.queue.empty()) return;
  replica.state = ReplicaState::kUnloaded;
  Device& device = devices_[replica.device];
  device.memory_free_mb += config_.models->variant(replica.variant).memory_mb;
  std::erase(device.replicas, replica.id);
}

void Simulation::set_batcher(ReplicaId id, const BatcherSpec& spec) {
  Replica& replica = *replicas_.at(id);
  replica.batcher = make_batcher(spec);
  ++replica.wake_generation;  // the old batcher's wake-up no longer applies
  replica.wake_at = SimTime::never();
  try_start_batches(replica);
}

void Simulation::on_policy_tick() {
  timed_policy_call([&] { controller_.on_tick(*this, *this); });
  loop_.schedule_after(controller_.tick_interval(), self_, kPolicyTick);
}

// ---- Views and windows ----------------------------------------------------

DeviceInfo Simulation::device(DeviceId id) const {
  const Device& d = devices_.at(id);
  return DeviceInfo{d.type, d.memory_free_mb, d.replicas};
}

ReplicaInfo Simulation::replica(ReplicaId id) const {
  Replica& r = *replicas_.at(id);
  ReplicaInfo info;
  info.variant = r.variant;
  info.device = r.device;
  info.state = r.state;
  info.queue_length = r.queue.size();
  info.running_batches = r.running;
  info.concurrency = static_cast<std::uint32_t>(r.batches.size());
  info.max_batch = r.max_batch();
  info.served_per_second = r.served.per_second(loop_.now());
  const double alive = (loop_.now() - r.loaded_at).seconds();
  const double busy = r.busy_slot_seconds + r.running * (loop_.now() - r.busy_since).seconds();
  info.utilisation = alive > 0 ? busy / (alive * static_cast<double>(r.batches.size())) : 0.0;
  return info;
}

double Simulation::arrival_rate(AppId app, StageId stage) const {
  return stage_arrivals_.at(app).at(stage).per_second(loop_.now());
}

ClusterSnapshot Simulation::snapshot(Duration window) {
  ClusterSnapshot s;
  const SimTime now = loop_.now();
  for (std::size_t k = 0; k < kDeviceKindCount; ++k) {
    busy_integral_[k] += busy_weight_[k] * (now - busy_since_).seconds();
    s.busy_seconds[k] = busy_integral_[k];
    busy_integral_[k] = 0;
  }
  busy_since_ = now;
  // A device that hosts no replica is taken as not rented: it neither costs
  // nor counts as capacity, so configurations that leave part of the cluster
  // idle are cheaper and their utilisation is that of what they use.
  for (const Device& d : devices_) {
    if (d.replicas.empty()) continue;
    const auto kind = static_cast<std::size_t>(d.kind);
    ++s.devices[kind];
    s.replicas[kind] += static_cast<std::uint32_t>(d.replicas.size());
    s.cost_per_hour += config_.hardware->type(d.type).price_per_hour;
  }
  s.cost = s.cost_per_hour * window.seconds() / 3600.0;
  return s;
}

void Simulation::on_window_close() {
  const SimTime now = loop_.now();
  metrics_.close_window(now, snapshot(now - window_start_));
  window_start_ = now;
  if (now < end_) loop_.schedule(std::min(end_, now + config_.window), self_, kWindowClose);
}

}  // namespace servesim
