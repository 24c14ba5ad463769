// The Simulation's replicas: batch formation and execution (with deadline
// drops, interference and CPU credits), and loading and unloading them.
#include <algorithm>
#include <string>

#include "sim/core/input_error.hpp"
#include "sim/serving/simulation.hpp"

namespace servesim {
namespace {

// kFillDevice: a batch on each core of a CPU (a CPU profile is one batch on
// one core), one at a time on an accelerator.
std::uint32_t concurrency_on(const DeviceType& type, std::uint32_t asked) {
  if (asked != kFillDevice) return asked;
  return type.kind == DeviceKind::kCpu ? std::max(1u, type.cores) : 1u;
}

// The batcher's read-only window on a replica's queue; deadlines are the
// ones batches are formed against (stage_deadlines.hpp).
class ReplicaQueueView final : public QueueView {
 public:
  ReplicaQueueView(const VisitQueue& queue, const QueryTable& queries, const StageDeadlines& deadlines)
      : queue_(queue), queries_(queries), deadlines_(deadlines) {}
  std::size_t size() const override { return queue_.size(); }
  SimTime enqueued(std::size_t i) const override { return queue_.at(i).enqueued; }
  SimTime deadline(std::size_t i) const override {
    const Visit& v = queue_.at(i);
    return deadlines_.batch_deadline(v, queries_.at(v.query));
  }

 private:
  const VisitQueue& queue_;
  const QueryTable& queries_;
  const StageDeadlines& deadlines_;
};

}  // namespace

bool Simulation::is_late(const Replica& replica, const Visit& visit) const {
  if (config_.drop == DropPolicy::kNone) return false;
  SimTime finish = loop_.now();
  if (config_.drop == DropPolicy::kInfeasible) finish += replica.latency[1];
  return finish > queries_.at(visit.query).deadline;
}

// The batcher decides on a live head; start_batch checks every other visit.
bool Simulation::drop_head_if_late(Replica& replica, VisitQueue& queue) {
  if (!is_late(replica, queue.front())) return false;
  drop_visit(replica, queue.pop(), FailReason::kDeadline);
  return true;
}

// Every drop of a replica's visit, counted for ClusterView::dropped: the
// engine's drop rule's (kDeadline) or the batcher's (kShed).
void Simulation::drop_visit(Replica& replica, const Visit& visit, FailReason why) {
  ++replica.dropped;
  fail_visit(visit.query, why);
}

Simulation::Device Simulation::make_device(DeviceTypeId type_id, std::optional<InstanceId> instance,
                                           bool ready) const {
  const DeviceType& type = config_.hardware->type(type_id);
  ExecutionLimits limits;
  if (type.kind == DeviceKind::kCpu) limits.slots = limits.gain = type.cores;
  if (type.kind == DeviceKind::kGpu && config_.gpu_concurrency.batches > 1) {
    limits = ExecutionLimits{config_.gpu_concurrency.batches, config_.gpu_concurrency.gain, true};
  }
  return Device{type_id, type.kind, type.memory_mb, {}, instance, false, DeviceExecution(limits, loop_.now(), ready)};
}

void Simulation::try_start_batches(Replica& replica) {
  if (replica.state != ReplicaState::kActive && replica.state != ReplicaState::kDraining) return;
  Device& device = device_at(replica.device);
  while (replica.has_free_slot()) {
    VisitQueue& queue = source_queue(replica);
    if (queue.empty()) break;
    if (drop_head_if_late(replica, queue)) continue;
    const Visit& head = queue.front();
    const ReplicaQueueView queue_view(queue, queries_, stage_deadlines_);
    const BatchContext context{loop_.now(),  queue.size(), head.enqueued, batch_deadline(head),
                               replica.max_batch(),
                               std::span<const Duration>(replica.latency).first(replica.max_batch() + 1), &queue_view,
                               queue.pushed() - queue.size()};
    const BatchDecision decision = replica.batcher->decide(context);
    if (decision.drop_head > 0) {
      for (std::uint32_t i = 0; i < decision.drop_head && !queue.empty(); ++i) {
        drop_visit(replica, queue.pop(), FailReason::kShed);
      }
      continue;
    }
    if (decision.size == 0) {
      schedule_wake(replica, decision.wake_at);
      return;
    }
    if (!device.exec.has_free_slot()) {
      // The batch is ready but the device is busy: wait for it in turn. The
      // batch forms when the device takes it, from what is queued then.
      if (!replica.waiting_for_device) device.exec.wait(replica.id);
      replica.waiting_for_device = true;
      return;
    }
    start_batch(replica, queue,
                static_cast<std::uint32_t>(std::min<std::size_t>({decision.size, queue.size(), replica.max_batch()})),
                decision.charge);
  }
  // The online queue is empty: offline inputs may use the room it leaves.
  if (!config_.offline_jobs.empty()) start_offline_batches(device);
  release_if_drained(replica);
}

// A slot came free: the replicas that waited for one go first, in order.
void Simulation::serve_waiting(Device& device) {
  while (device.exec.has_free_slot()) {
    const auto next = device.exec.next_waiting();
    if (!next) return;
    Replica* waiting = live_replica(*next);
    if (!waiting) continue;  // unloaded while it waited
    waiting->waiting_for_device = false;
    try_start_batches(*waiting);
  }
}

void Simulation::schedule_wake(Replica& replica, SimTime at) {
  if (at == replica.wake_at) return;  // already scheduled
  ++replica.wake_generation;          // cancels any earlier wake-up
  replica.wake_at = at;
  if (at.is_never()) return;
  loop_.schedule(std::max(at, loop_.now()), self_, kBatcherWake, pack_payload(replica.id, replica.wake_generation));
}

void Simulation::start_batch(Replica& replica, VisitQueue& queue, std::uint32_t size, std::uint32_t charge) {
  const std::uint32_t slot = replica.free_slot();
  RunningBatch& batch = replica.batches[slot];
  batch.visits.clear();
  while (batch.visits.size() < size && !queue.empty()) {
    const Visit v = queue.pop();
    if (is_late(replica, v)) {
      drop_visit(replica, v, FailReason::kDeadline);
      continue;
    }
    queries_.at(v.query).queue_wait += loop_.now() - v.enqueued;
    batch.visits.push_back(v);
  }
  if (batch.visits.empty()) return;
  const auto taken = static_cast<std::uint32_t>(batch.visits.size());
  replica.executing_visits += taken;
  // A charged batch runs as long as one of `charge` queries (the artifact
  // batchers: latency of the size asked for, not of the queries dequeued).
  const std::uint32_t run_as = charge == 0 ? taken : std::max(taken, std::min(charge, replica.max_batch()));
  run_on_device(replica, slot, run_as);
  replica.batcher->on_batch_start(loop_.now());
}

// The formed batch takes its device slot and runs as a batch of `run_as`.
void Simulation::run_on_device(Replica& replica, std::uint32_t slot, std::uint32_t run_as) {
  RunningBatch& batch = replica.batches[slot];
  batch.in_use = true;
  batch.started = loop_.now();
  Device& device = device_at(replica.device);
  if (device.exec.limits().shared_speed) device.exec.progress(loop_.now());
  advance_credits(replica);  // settle the credit balance at the old busy level
  const double level_before = device.exec.busy_level();
  device.exec.begin(loop_.now());
  busy_[static_cast<std::size_t>(device.kind)].change(loop_.now(), device.exec.busy_level() - level_before);
  mark_busy_change(replica, +1);
  batch.solo = batch_duration(replica, run_as);  // at the busy level this batch makes
  if (device.exec.limits().shared_speed) {
    device.exec.add_shared(SharedBatch{replica.id, slot, static_cast<double>(batch.solo.ns),
                                       static_cast<double>(batch.solo.ns)});
    schedule_shared_completion(replica.device);
  } else {
    loop_.schedule_after(batch.solo, self_, kBatchDone, pack_payload(replica.id, slot));
  }
}

// Every running batch's finish moves when one starts or ends: the earliest is
// scheduled anew and any earlier wake-up is made stale.
void Simulation::schedule_shared_completion(DeviceId id) {
  DeviceExecution& exec = device_at(id).exec;
  const std::uint32_t generation = exec.bump_generation();
  if (const auto next = exec.next_shared_completion(loop_.now())) {
    loop_.schedule(next->second, self_, kSharedBatchDone, pack_payload(id, generation));
  }
}

void Simulation::on_shared_batch_done(DeviceId id, std::uint32_t generation) {
  if (!devices_.get(id)) return;  // freed with its instance
  DeviceExecution& exec = device_at(id).exec;
  if (generation != exec.generation()) return;  // the running set changed since
  exec.progress(loop_.now());
  const auto next = exec.next_shared_completion(loop_.now());
  if (!next) return;
  on_batch_done(next->first.replica, next->first.slot);
}

// The batch leaves its device slot (finished, or lost with its instance); a
// waiting replica may take the slot.
void Simulation::end_batch_on_device(Replica& replica, RunningBatch& batch, bool completed) {
  Device& device = device_at(replica.device);
  DeviceExecution& exec = device.exec;
  if (exec.limits().shared_speed) {
    exec.progress(loop_.now());
    exec.remove_shared(replica.id, static_cast<std::uint32_t>(&batch - replica.batches.data()));
  }
  advance_credits(replica);  // settle the credit balance at the old busy level
  const double level_before = exec.busy_level();
  exec.end(loop_.now(), batch.started, batch.solo, completed);
  busy_[static_cast<std::size_t>(device.kind)].change(loop_.now(), exec.busy_level() - level_before);
  batch.in_use = false;
  mark_busy_change(replica, -1);
}

// The profiled latency, drawn around as the scenario says, slowed by
// co-located replicas (interference) and by an exhausted CPU-credit balance.
Duration Simulation::batch_duration(Replica& replica, std::uint32_t size) {
  const Duration drawn = config_.service_time.draw(replica.latency[size], replica.rng);
  double factor = interference_factor(replica);
  const Device& device = device_at(replica.device);
  if (device.on_burstable) {
    const Instance& host = instance_at(*device.instance);
    factor /= host.credits->speed(busy_vcpus(host));  // the level this batch runs at
  }
  return factor == 1.0 ? drawn : from_nanos_double(static_cast<double>(drawn.ns) * factor);
}

// Co-runners are the other replicas on the device that executed lately: with
// time slicing they never run at the same instant, but they alternate with
// this one and contend for its caches and memory bandwidth.
double Simulation::interference_factor(const Replica& replica) const {
  const Device& device = device_at(replica.device);
  if (!config_.cloud.interference || device.replicas.size() < 2) return 1.0;  // the common case, first
  const auto& model = config_.hardware->type(device.type).interference;
  if (!model) return 1.0;
  const double my_memory = config_.models->variant(replica.variant).memory_mb;
  double busy = 0;
  std::uint32_t others = 0, larger = 0;
  for (ReplicaId r : device.replicas) {
    Replica& other = *replicas_.get(r);
    const double recent = other.busy_us.per_second(loop_.now()) / 1e6;
    busy += recent;
    if (r == replica.id || recent <= 0) continue;
    ++others;
    larger += config_.models->variant(other.variant).memory_mb > my_memory;
  }
  const double load = busy / static_cast<double>(device.exec.limits().slots);
  return model->factor(load, others, larger);
}

// Settles the CPU-credit balance of the replica's instance up to now, at the
// busy level that held since the last change.
void Simulation::advance_credits(const Replica& replica) {
  const Device& device = device_at(replica.device);
  if (!device.on_burstable) return;
  Instance& instance = instance_at(*device.instance);
  instance.credits->advance(loop_.now(), busy_vcpus(instance));
}

// vCPUs of the instance in use now: each running batch takes one of its CPU's cores.
double Simulation::busy_vcpus(const Instance& instance) const {
  double busy = 0;
  for (DeviceId d : instance.devices) {
    const Device& device = device_at(d);
    if (device.kind == DeviceKind::kCpu) busy += device.exec.busy_level();
  }
  return std::min(1.0, busy) * config_.hardware->instance_type(instance.type).vcpus;
}

void Simulation::on_batch_done(ReplicaId id, std::uint32_t slot) {
  Replica* live = live_replica(id);
  if (!live || live->state == ReplicaState::kUnloaded) return;  // its instance was taken back mid-batch
  Replica& replica = *live;
  RunningBatch& batch = replica.batches[slot];
  if (!batch.offline.empty()) return on_offline_batch_done(replica, batch);
  const double accuracy = config_.models->variant(replica.variant).accuracy;
  bool all_on_time = true;
  for (const Visit& v : batch.visits) {
    replica.observed.add(loop_.now(), loop_.now() - v.enqueued);
    QueryRecord& q = queries_.at(v.query);
    q.served(ServedBy::replica(replica.id), accuracy);
    all_on_time = all_on_time && loop_.now() <= batch_deadline(v);  // AIMD's feedback: batch formation
    resolve_edges(v.query, v.stage, q.failure == FailReason::kNone);
    end_visit(v.query);
  }
  const auto size = static_cast<std::uint32_t>(batch.visits.size());
  replica.served.add(loop_.now(), size);
  replica.busy_us.add(loop_.now(), static_cast<std::uint32_t>((loop_.now() - batch.started).ns / 1000));
  replica.executing_visits -= size;
  end_batch_on_device(replica, batch, /*completed=*/true);
  replica.batcher->on_batch_done(size, all_on_time);
  replica.batcher->on_batch_end(loop_.now(), source_queue(replica).pushed());
  resume_after_batch(replica);
}

// A batch of the replica ended: its device's slot goes to those who waited for
// one, before this replica's next batch.
void Simulation::resume_after_batch(Replica& replica) {
  serve_waiting(device_at(replica.device));
  try_start_batches(replica);
  if (device_at(replica.device).exec.limits().shared_speed) schedule_shared_completion(replica.device);
}

// The replica's own books: its running batches, and their busy time for its
// utilisation; settles its instance's CPU credits at the old level first.
void Simulation::mark_busy_change(Replica& replica, int delta) {
  const SimTime now = loop_.now();
  replica.busy_slot_seconds += replica.running * (now - replica.busy_since).seconds();
  replica.busy_since = now;
  replica.running = static_cast<std::uint32_t>(static_cast<int>(replica.running) + delta);
}

LoadResult Simulation::load_replica(const ReplicaRequest& request) {
  if (request.device >= devices_.size()) return {std::nullopt, "no device " + std::to_string(request.device)};
  if (!devices_.get(request.device)) return {std::nullopt, "device " + std::to_string(request.device) + " is gone"};
  if (request.variant >= config_.models->variants().size()) return {std::nullopt, "no such variant"};
  Device& device = device_at(request.device);
  const Instance* host = device.instance ? &instance_at(*device.instance) : nullptr;
  if (host && host->state != InstanceState::kBooting && host->state != InstanceState::kRunning) {
    return {std::nullopt, "instance " + std::to_string(*device.instance) + " is going away"};
  }
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
  const ReplicaId id = replicas_.size();
  auto made = std::make_unique<Replica>(id, request.variant, request.device, std::move(table),
                                        make_batcher(request.batcher), concurrency_on(type, request.concurrency),
                                        RandomStream(config_.seed, "replica/" + std::to_string(id)));
  Replica& replica = *made;
  replicas_.add(std::move(made));
  replica_records_.push_back(ReplicaRecord{request.variant, device.type});
  replica.cap_batch(request.batcher.max_batch);
  replica.busy_since = loop_.now();
  replica.loaded_at = loop_.now();
  device.memory_free_mb -= variant.memory_mb;
  resident_gb_[static_cast<std::size_t>(device.kind)].change(loop_.now(), variant.memory_mb / 1000.0);
  if (!device.instance && device.replicas.empty()) hosted_.change(loop_.now(), config_.fixed_price_per_hour(device.type));
  device.replicas.push_back(id);
  actions_.count(ControlAction::kLoadReplica);
  if (host && host->state == InstanceState::kBooting) return {id, ""};  // loads once it runs
  if (starting_) {
    replica.state = ReplicaState::kActive;
  } else {
    loop_.schedule_after(variant.load_latency, self_, kReplicaReady, id);
  }
  return {id, ""};
}

void Simulation::on_replica_ready(ReplicaId id) {
  Replica* live = live_replica(id);
  if (!live || live->state != ReplicaState::kLoading) return;  // evicted while loading: a stale event
  Replica& replica = *live;
  replica.state = replica.unload_requested ? ReplicaState::kDraining : ReplicaState::kActive;
  if (replica.state == ReplicaState::kActive) {
    timed_policy_call([&] { controller_.on_replica_ready(id, *this, *this); });
  }
  try_start_batches(replica);
}

void Simulation::unload_replica(ReplicaId id) {
  if (id >= replicas_.size()) throw InvariantError("unload of replica " + std::to_string(id) + ", which never existed");
  const Replica* replica = live_replica(id);
  if (!replica || replica->state == ReplicaState::kUnloaded || replica->unload_requested) return;
  actions_.count(ControlAction::kUnloadReplica);
  request_unload(id);
}

void Simulation::request_unload(ReplicaId id) {
  Replica& replica = *replicas_.get(id);
  if (replica.state == ReplicaState::kUnloaded || replica.unload_requested) return;
  stop_accepting(replica);
  detach_central(replica);  // what waits there is for the replicas that stay
  // Queries already queued are served first, never lost; a replica still
  // loading drains once its model is in (on_replica_ready).
  if (replica.state == ReplicaState::kLoading) return;
  replica.state = ReplicaState::kDraining;
  try_start_batches(replica);
}

void Simulation::release_if_drained(Replica& replica) {
  if (replica.state != ReplicaState::kDraining || replica.running > 0 || !replica.queue.empty() ||
      !replica.offline.empty()) {
    return;
  }
  leave_device(replica);
  const Device& device = device_at(replica.device);
  if (device.instance) finish_stop_if_drained(*device.instance);
}

// The replica is unloaded and leaves its device (drained, or evicted with its
// instance): its memory is free again, and a fixed-cluster device it leaves
// empty stops hosting (it hosted from the first load request on it).
void Simulation::leave_device(Replica& replica) {
  // Routes cached over accepting replicas (WeightedRoute) learnt that it
  // stopped accepting from stop_accepting, which every way here goes through.
  if (!replica.unload_requested) {
    throw InvariantError("replica " + std::to_string(replica.id) + " left its device without being unloaded");
  }
  replica.state = ReplicaState::kUnloaded;
  Device& device = device_at(replica.device);
  const double memory_mb = config_.models->variant(replica.variant).memory_mb;
  device.memory_free_mb += memory_mb;
  resident_gb_[static_cast<std::size_t>(device.kind)].change(loop_.now(), -memory_mb / 1000.0);
  std::erase(device.replicas, replica.id);
  if (!device.instance && device.replicas.empty()) {
    hosted_.change(loop_.now(), -config_.fixed_price_per_hour(device.type));
  }
  retire_replica(replica);
}

// Its storage (queue, batches, monitors) goes once the current event is
// over: callers up the stack may still hold the reference.
void Simulation::retire_replica(Replica& replica) { retired_.push_back(replica.id); }

void Simulation::free_retired_replicas() {
  for (ReplicaId id : retired_) replicas_.erase(id);
  retired_.clear();
}

void Simulation::set_batcher(ReplicaId id, const BatcherSpec& spec) {
  if (id >= replicas_.size()) throw InvariantError("batcher set on replica " + std::to_string(id) + ", which never existed");
  Replica* live = live_replica(id);
  if (!live || live->state == ReplicaState::kUnloaded) return;  // gone: nothing to set
  Replica& replica = *live;
  actions_.count(ControlAction::kSetBatcher);
  replica.batcher = make_batcher(spec);
  replica.cap_batch(spec.max_batch);  // 0 restores the variant's maximum
  ++replica.wake_generation;  // the old batcher's wake-up no longer applies
  replica.wake_at = SimTime::never();
  try_start_batches(replica);
}

}  // namespace servesim
