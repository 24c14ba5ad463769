#include "sim/serving/offline_work.hpp"

#include <string>

#include "sim/core/input_error.hpp"
#include "sim/serving/offline_conservation.hpp"
#include "sim/serving/replica_runtime.hpp"

namespace servesim {

OfflineWork::OfflineWork(EngineContext& context, ReplicaRuntime& replicas)
    : EnginePart(context), replicas_(replicas), progress_(context.config.offline_jobs.size()) {}

void OfflineWork::handle(const Event& event) {
  if (event.kind == kSubmit) on_submit(static_cast<OfflineJobId>(event.payload));
}

void OfflineWork::schedule_jobs() {
  for (OfflineJobId j = 0; j < config().offline_jobs.size(); ++j) {
    schedule(config().offline_jobs[j].submit, kSubmit, j);
  }
}

void OfflineWork::on_submit(OfflineJobId job) {
  progress_[job].submit(config().offline_jobs[job].inputs, now());
  ctx_.call_policy([&](Controller& policy, ClusterControl& control, const ClusterView& view) {
    policy.on_offline_submitted(job, control, view);
  });
}

std::uint64_t OfflineWork::dispatch(OfflineJobId job, ReplicaId target, std::uint64_t count) {
  if (job >= progress_.size()) {
    throw InvariantError("dispatch of offline job " + std::to_string(job) + ", which does not exist");
  }
  if (!replicas_.accepts(target)) {
    throw InvariantError("policy dispatched offline inputs to replica " + std::to_string(target) +
                         ", which does not accept queries");
  }
  Replica& replica = *replicas_.live_replica(target);
  const OfflineJob& spec = config().offline_jobs[job];
  if (!spec.served_by(replica.variant, config().models->variant(replica.variant))) {
    throw InvariantError("policy dispatched offline job \"" + spec.name + "\" to replica " + std::to_string(target) +
                         ", whose variant does not serve it");
  }
  const std::uint64_t n = std::min(count, progress_[job].backlog());
  progress_[job].dispatch(n);
  replica.offline.push(job, n);
  if (replica.state == ReplicaState::kActive || replica.state == ReplicaState::kDraining) {
    start_batches(replicas_.device_at(replica.device));
  }
  return n;
}

// Only recorded (the policy pauses by not dispatching). A note without
// offline jobs, or on Lambda, which has no workers, is a policy's bug: its
// flag would have no column to show in.
void OfflineWork::note_paused(DeviceKind kind) {
  if (config().offline_jobs.empty()) {
    throw InvariantError("policy noted an offline pause, but the scenario has no offline jobs");
  }
  if (kind == DeviceKind::kLambda) throw InvariantError("policy noted an offline pause on Lambda, which has no workers");
  ctx_.metrics.on_offline_paused(kind);
}

// Online work first, device-wide: an offline batch takes a slot only while
// no replica of the device has an online visit queued or waits for a slot,
// so that no online query ever waits behind an offline input not yet started
// (it may wait for one already running: execution is not preempted).
bool OfflineWork::device_admits(const Device& device) const {
  if (!device.exec.has_free_slot() || device.exec.waiting() > 0) return false;
  for (ReplicaId r : device.replicas) {
    if (replicas_.has_online_work_queued(*replicas_.live_replica(r))) return false;
  }
  return true;
}

void OfflineWork::start_batches(Device& device) {
  for (ReplicaId r : device.replicas) {
    Replica& replica = *replicas_.live_replica(r);
    if (replica.state != ReplicaState::kActive && replica.state != ReplicaState::kDraining) continue;
    while (!replica.offline.empty() && replica.has_free_slot() && device_admits(device)) {
      start_batch(replica);
    }
  }
}

// Offline inputs form full batches at once (up to the replica's maximum):
// they are all there already, and waiting for more would buy nothing.
void OfflineWork::start_batch(Replica& replica) {
  const std::uint32_t slot = replica.free_slot();
  RunningBatch& batch = replica.batches[slot];
  batch.visits.clear();
  batch.offline.clear();
  const auto taken = static_cast<std::uint32_t>(replica.offline.take(replica.max_batch(), batch.offline));
  for (const OfflineRun& run : batch.offline) progress_[run.job].start(run.count, now());
  replicas_.run_on_device(replica, slot, taken);
}

// Counts for utilisation like any batch, but not in the online monitors (the
// served rate and observed latency policies scale online work by) nor in the
// batcher's feedback.
void OfflineWork::on_batch_done(Replica& replica, RunningBatch& batch) {
  for (const OfflineRun& run : batch.offline) {
    progress_[run.job].finish(run.count, now());
    ctx_.metrics.on_offline_done(config().offline_jobs[run.job].app, run.count);
  }
  batch.offline.clear();
  replica.busy_us.add(now(), static_cast<std::uint32_t>((now() - batch.started).ns / 1000));
  replicas_.end_batch_on_device(replica, batch, /*completed=*/true);
  replicas_.resume_after_batch(replica);
}

void OfflineWork::requeue_running(const std::vector<OfflineRun>& runs) {
  for (const OfflineRun& run : runs) progress_[run.job].requeue_running(run.count, now());
}

void OfflineWork::requeue_queued(Replica& replica) {
  std::vector<OfflineRun> runs;
  replica.offline.take(replica.offline.size(), runs);
  for (const OfflineRun& run : runs) progress_[run.job].requeue_queued(run.count);
}

// submitted = done + backlog + queued + running, for every job, and the
// replicas hold exactly the queued and running inputs the jobs account for.
void OfflineWork::check_conservation() const {
  std::vector<std::uint64_t> queued(progress_.size()), running(progress_.size());
  for (ReplicaId id = 0; id < replicas_.replica_count(); ++id) {
    const Replica* r = replicas_.live_replica(id);
    if (!r) continue;
    for (const OfflineRun& run : r->offline.runs()) queued[run.job] += run.count;
    for (const RunningBatch& b : r->batches) {
      if (!b.in_use) continue;
      for (const OfflineRun& run : b.offline) running[run.job] += run.count;
    }
  }
  for (OfflineJobId j = 0; j < progress_.size(); ++j) {
    const std::uint64_t submitted = progress_[j].submitted() ? config().offline_jobs[j].inputs : 0;
    if (const auto problem =
            offline_conservation_problem(config().offline_jobs[j].name, submitted, progress_[j], queued[j], running[j])) {
      throw InvariantError(*problem);
    }
  }
}

void OfflineWork::report() {
  std::vector<OfflineJobResult> results;
  for (OfflineJobId j = 0; j < progress_.size(); ++j) {
    const OfflineJob& job = config().offline_jobs[j];
    const OfflineProgress& p = progress_[j];
    OfflineJobResult r;
    r.app = config().applications[job.app].name;
    r.name = job.name;
    r.inputs = job.inputs;
    r.done = p.done();
    r.submit_s = job.submit.seconds();
    if (!p.finished_at().is_never()) r.completed_s = p.finished_at().seconds();
    r.waiting_s = p.waiting(now()).seconds();
    if (job.deadline) r.deadline_s = job.deadline->seconds();
    results.push_back(std::move(r));
  }
  ctx_.metrics.set_offline_jobs(std::move(results));
}

}  // namespace servesim
