// The replica runtime's batches: formation from a replica's queue (with
// deadline drops), execution on its device's slots (with interference and
// CPU credits), and completion.
#include "sim/serving/replica_runtime.hpp"

#include <algorithm>
#include <string>

#include "sim/core/input_error.hpp"
#include "sim/serving/cloud_instances.hpp"
#include "sim/serving/front_end.hpp"
#include "sim/serving/offline_work.hpp"

namespace servesim {
namespace {

std::vector<std::size_t> stage_counts(const std::vector<Application>& apps) {
  std::vector<std::size_t> counts;
  for (const auto& app : apps) counts.push_back(app.pipeline.stages().size());
  return counts;
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

ReplicaRuntime::ReplicaRuntime(EngineContext& context, FrontEnd& front, CloudInstances& cloud, OfflineWork& offline)
    : EnginePart(context),
      front_(front),
      cloud_(cloud),
      offline_(offline),
      central_queues_(stage_counts(context.config.applications)),
      stage_deadlines_(stage_counts(context.config.applications)) {}

void ReplicaRuntime::handle(const Event& event) {
  switch (event.kind) {
    case kBatchDone:
      on_batch_done(payload_entity(event.payload), payload_generation(event.payload));
      break;
    case kBatcherWake:
      on_batcher_wake(payload_entity(event.payload), payload_generation(event.payload));
      break;
    case kReplicaReady:
      on_replica_ready(static_cast<ReplicaId>(event.payload));
      break;
    case kSharedBatchDone:
      on_shared_batch_done(payload_entity(event.payload), payload_generation(event.payload));
      break;
  }
}

Device ReplicaRuntime::make_device(DeviceTypeId type_id, std::optional<InstanceId> instance, bool ready) const {
  const DeviceType& type = config().hardware->type(type_id);
  ExecutionLimits limits;
  if (type.kind == DeviceKind::kCpu) limits.slots = limits.gain = type.cores;
  if (type.kind == DeviceKind::kGpu && config().gpu_concurrency.batches > 1) {
    limits = ExecutionLimits{config().gpu_concurrency.batches, config().gpu_concurrency.gain, true};
  }
  return Device{type_id, type.kind, type.memory_mb, {}, instance, false, DeviceExecution(limits, now(), ready)};
}

DeviceId ReplicaRuntime::add_device(DeviceTypeId type, std::optional<InstanceId> instance, bool ready) {
  device_records_.push_back(DeviceRecord{type, instance});
  return devices_.add(std::make_unique<Device>(make_device(type, instance, ready)));
}

// Its capacity books are checked first: a freed device is never checked again.
void ReplicaRuntime::erase_device(DeviceId id) {
  check_device_capacity(id);
  devices_.erase(id);
}

void ReplicaRuntime::device_ready(DeviceId id) {
  Device& device = device_at(id);
  device.exec.become_ready();
  for (ReplicaId r : device.replicas) {
    schedule_after(config().models->variant(replicas_.get(r)->variant).load_latency, kReplicaReady, r);
  }
}

SimTime ReplicaRuntime::batch_deadline(const Visit& visit) const {
  return stage_deadlines_.batch_deadline(visit, front_.queries().at(visit.query));
}

bool ReplicaRuntime::is_late(const Replica& replica, const Visit& visit) const {
  if (config().drop == DropPolicy::kNone) return false;
  SimTime finish = now();
  if (config().drop == DropPolicy::kInfeasible) finish += replica.latency[1];
  return finish > front_.queries().at(visit.query).deadline;
}

// The batcher decides on a live head; start_batch checks every other visit.
bool ReplicaRuntime::drop_head_if_late(Replica& replica, VisitQueue& queue) {
  if (!is_late(replica, queue.front())) return false;
  drop_visit(replica, queue.pop(), FailReason::kDeadline);
  return true;
}

// Every drop of a replica's visit, counted for ClusterView::dropped: the
// engine's drop rule's (kDeadline) or the batcher's (kShed).
void ReplicaRuntime::drop_visit(Replica& replica, const Visit& visit, FailReason why) {
  ++replica.dropped;
  front_.fail_visit(visit.query, why);
}

void ReplicaRuntime::enqueue(ReplicaId target, std::uint32_t slot, StageId stage) {
  Replica& replica = *replicas_.get(target);
  ++front_.queries().at(slot).outstanding;
  replica.queue.push(Visit{slot, stage, now()});
  try_start_batches(replica);
}

void ReplicaRuntime::try_start_batches(Replica& replica) {
  if (replica.state != ReplicaState::kActive && replica.state != ReplicaState::kDraining) return;
  Device& device = device_at(replica.device);
  while (replica.has_free_slot()) {
    VisitQueue& queue = source_queue(replica);
    if (queue.empty()) break;
    if (drop_head_if_late(replica, queue)) continue;
    const Visit& head = queue.front();
    const ReplicaQueueView queue_view(queue, front_.queries(), stage_deadlines_);
    const BatchContext context{now(),  queue.size(), head.enqueued, batch_deadline(head),
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
  if (!config().offline_jobs.empty()) offline_.start_batches(device);
  release_if_drained(replica);
}

// A slot came free: the replicas that waited for one go first, in order.
void ReplicaRuntime::serve_waiting(Device& device) {
  while (device.exec.has_free_slot()) {
    const auto next = device.exec.next_waiting();
    if (!next) return;
    Replica* waiting = live_replica(*next);
    if (!waiting) continue;  // unloaded while it waited
    waiting->waiting_for_device = false;
    try_start_batches(*waiting);
  }
}

void ReplicaRuntime::on_batcher_wake(ReplicaId id, std::uint32_t generation) {
  Replica* r = live_replica(id);
  if (!r || generation != r->wake_generation) return;  // gone or cancelled
  r->wake_at = SimTime::never();
  try_start_batches(*r);
}

void ReplicaRuntime::schedule_wake(Replica& replica, SimTime at) {
  if (at == replica.wake_at) return;  // already scheduled
  ++replica.wake_generation;          // cancels any earlier wake-up
  replica.wake_at = at;
  if (at.is_never()) return;
  schedule(std::max(at, now()), kBatcherWake, pack_payload(replica.id, replica.wake_generation));
}

void ReplicaRuntime::start_batch(Replica& replica, VisitQueue& queue, std::uint32_t size, std::uint32_t charge) {
  const std::uint32_t slot = replica.free_slot();
  RunningBatch& batch = replica.batches[slot];
  batch.visits.clear();
  while (batch.visits.size() < size && !queue.empty()) {
    const Visit v = queue.pop();
    if (is_late(replica, v)) {
      drop_visit(replica, v, FailReason::kDeadline);
      continue;
    }
    front_.queries().at(v.query).queue_wait += now() - v.enqueued;
    batch.visits.push_back(v);
  }
  if (batch.visits.empty()) return;
  const auto taken = static_cast<std::uint32_t>(batch.visits.size());
  replica.executing_visits += taken;
  // A charged batch runs as long as one of `charge` queries (the artifact
  // batchers: latency of the size asked for, not of the queries dequeued).
  const std::uint32_t run_as = charge == 0 ? taken : std::max(taken, std::min(charge, replica.max_batch()));
  run_on_device(replica, slot, run_as);
  replica.batcher->on_batch_start(now());
}

// The formed batch takes its device slot and runs as a batch of `run_as`.
void ReplicaRuntime::run_on_device(Replica& replica, std::uint32_t slot, std::uint32_t run_as) {
  RunningBatch& batch = replica.batches[slot];
  batch.in_use = true;
  batch.started = now();
  Device& device = device_at(replica.device);
  if (device.exec.limits().shared_speed) device.exec.progress(now());
  advance_credits(replica);  // settle the credit balance at the old busy level
  const double level_before = device.exec.busy_level();
  device.exec.begin(now());
  busy_[static_cast<std::size_t>(device.kind)].change(now(), device.exec.busy_level() - level_before);
  mark_busy_change(replica, +1);
  batch.solo = batch_duration(replica, run_as);  // at the busy level this batch makes
  if (device.exec.limits().shared_speed) {
    device.exec.add_shared(SharedBatch{replica.id, slot, static_cast<double>(batch.solo.ns),
                                       static_cast<double>(batch.solo.ns)});
    schedule_shared_completion(replica.device);
  } else {
    schedule_after(batch.solo, kBatchDone, pack_payload(replica.id, slot));
  }
}

// Every running batch's finish moves when one starts or ends: the earliest is
// scheduled anew and any earlier wake-up is made stale.
void ReplicaRuntime::schedule_shared_completion(DeviceId id) {
  DeviceExecution& exec = device_at(id).exec;
  const std::uint32_t generation = exec.bump_generation();
  if (const auto next = exec.next_shared_completion(now())) {
    schedule(next->second, kSharedBatchDone, pack_payload(id, generation));
  }
}

void ReplicaRuntime::on_shared_batch_done(DeviceId id, std::uint32_t generation) {
  if (!devices_.get(id)) return;  // freed with its instance
  DeviceExecution& exec = device_at(id).exec;
  if (generation != exec.generation()) return;  // the running set changed since
  exec.progress(now());
  const auto next = exec.next_shared_completion(now());
  if (!next) return;
  on_batch_done(next->first.replica, next->first.slot);
}

// The batch leaves its device slot (finished, or lost with its instance); a
// waiting replica may take the slot.
void ReplicaRuntime::end_batch_on_device(Replica& replica, RunningBatch& batch, bool completed) {
  Device& device = device_at(replica.device);
  DeviceExecution& exec = device.exec;
  if (exec.limits().shared_speed) {
    exec.progress(now());
    exec.remove_shared(replica.id, static_cast<std::uint32_t>(&batch - replica.batches.data()));
  }
  advance_credits(replica);  // settle the credit balance at the old busy level
  const double level_before = exec.busy_level();
  exec.end(now(), batch.started, batch.solo, completed);
  busy_[static_cast<std::size_t>(device.kind)].change(now(), exec.busy_level() - level_before);
  batch.in_use = false;
  mark_busy_change(replica, -1);
}

// The profiled latency, drawn around as the scenario says, slowed by
// co-located replicas (interference) and by an exhausted CPU-credit balance.
Duration ReplicaRuntime::batch_duration(Replica& replica, std::uint32_t size) {
  const Duration drawn = config().service_time.draw(replica.latency[size], replica.rng);
  double factor = interference_factor(replica);
  const Device& device = device_at(replica.device);
  if (device.on_burstable) {
    const Instance& host = cloud_.instance_at(*device.instance);
    factor /= host.credits->speed(busy_vcpus(host));  // the level this batch runs at
  }
  return factor == 1.0 ? drawn : from_nanos_double(static_cast<double>(drawn.ns) * factor);
}

// Co-runners are the other replicas on the device that executed lately: with
// time slicing they never run at the same instant, but they alternate with
// this one and contend for its caches and memory bandwidth.
double ReplicaRuntime::interference_factor(const Replica& replica) const {
  const Device& device = device_at(replica.device);
  if (!config().cloud.interference || device.replicas.size() < 2) return 1.0;  // the common case, first
  const auto& model = config().hardware->type(device.type).interference;
  if (!model) return 1.0;
  const double my_memory = config().models->variant(replica.variant).memory_mb;
  double busy = 0;
  std::uint32_t others = 0, larger = 0;
  for (ReplicaId r : device.replicas) {
    Replica& other = *replicas_.get(r);
    const double recent = other.busy_us.per_second(now()) / 1e6;
    busy += recent;
    if (r == replica.id || recent <= 0) continue;
    ++others;
    larger += config().models->variant(other.variant).memory_mb > my_memory;
  }
  const double load = busy / static_cast<double>(device.exec.limits().slots);
  return model->factor(load, others, larger);
}

// Settles the CPU-credit balance of the replica's instance up to now, at the
// busy level that held since the last change.
void ReplicaRuntime::advance_credits(const Replica& replica) {
  const Device& device = device_at(replica.device);
  if (!device.on_burstable) return;
  Instance& instance = cloud_.instance_at(*device.instance);
  instance.credits->advance(now(), busy_vcpus(instance));
}

double ReplicaRuntime::busy_vcpus(const Instance& instance) const {
  double busy = 0;
  for (DeviceId d : instance.devices) {
    const Device& device = device_at(d);
    if (device.kind == DeviceKind::kCpu) busy += device.exec.busy_level();
  }
  return std::min(1.0, busy) * config().hardware->instance_type(instance.type).vcpus;
}

void ReplicaRuntime::on_batch_done(ReplicaId id, std::uint32_t slot) {
  Replica* live = live_replica(id);
  if (!live || live->state == ReplicaState::kUnloaded) return;  // its instance was taken back mid-batch
  Replica& replica = *live;
  RunningBatch& batch = replica.batches[slot];
  if (!batch.offline.empty()) return offline_.on_batch_done(replica, batch);
  const double accuracy = config().models->variant(replica.variant).accuracy;
  bool all_on_time = true;
  for (const Visit& v : batch.visits) {
    replica.observed.add(now(), now() - v.enqueued);
    QueryRecord& q = front_.queries().at(v.query);
    q.served(ServedBy::replica(replica.id), accuracy);
    all_on_time = all_on_time && now() <= batch_deadline(v);  // AIMD's feedback: batch formation
    front_.resolve_edges(v.query, v.stage, q.failure == FailReason::kNone);
    front_.end_visit(v.query);
  }
  const auto size = static_cast<std::uint32_t>(batch.visits.size());
  replica.served.add(now(), size);
  replica.busy_us.add(now(), static_cast<std::uint32_t>((now() - batch.started).ns / 1000));
  replica.executing_visits -= size;
  end_batch_on_device(replica, batch, /*completed=*/true);
  replica.batcher->on_batch_done(size, all_on_time);
  replica.batcher->on_batch_end(now(), source_queue(replica).pushed());
  resume_after_batch(replica);
}

// A batch of the replica ended: its device's slot goes to those who waited for
// one, before this replica's next batch.
void ReplicaRuntime::resume_after_batch(Replica& replica) {
  serve_waiting(device_at(replica.device));
  try_start_batches(replica);
  if (device_at(replica.device).exec.limits().shared_speed) schedule_shared_completion(replica.device);
}

// The replica's own books: its running batches, and their busy time for its
// utilisation.
void ReplicaRuntime::mark_busy_change(Replica& replica, int delta) {
  const SimTime at = now();
  replica.busy_slot_seconds += replica.running * (at - replica.busy_since).seconds();
  replica.busy_since = at;
  replica.running = static_cast<std::uint32_t>(static_cast<int>(replica.running) + delta);
}

}  // namespace servesim
