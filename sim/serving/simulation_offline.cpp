// The Simulation's offline jobs (docs/scenario.md, "Offline jobs"): a job's
// inputs all arrive at its submit time into its backlog; the policy dispatches
// them to replicas, whose low-priority queue starts a batch only when online
// work leaves room. Offline inputs have no deadline and are never dropped.
#include <string>

#include "sim/core/input_error.hpp"
#include "sim/serving/offline_conservation.hpp"
#include "sim/serving/simulation.hpp"

namespace servesim {

void Simulation::schedule_offline_jobs() {
  for (OfflineJobId j = 0; j < config_.offline_jobs.size(); ++j) {
    loop_.schedule(config_.offline_jobs[j].submit, self_, kOfflineSubmit, j);
  }
}

void Simulation::on_offline_submit(OfflineJobId job) {
  offline_[job].submit(config_.offline_jobs[job].inputs, loop_.now());
  timed_policy_call([&] { controller_.on_offline_submitted(job, *this, *this); });
}

std::uint64_t Simulation::dispatch_offline(OfflineJobId job, ReplicaId target, std::uint64_t count) {
  if (job >= offline_.size()) throw InvariantError("dispatch of offline job " + std::to_string(job) + ", which does not exist");
  if (!accepts(target)) {
    throw InvariantError("policy dispatched offline inputs to replica " + std::to_string(target) +
                         ", which does not accept queries");
  }
  Replica& replica = *replicas_.get(target);
  const OfflineJob& spec = config_.offline_jobs[job];
  if (!spec.served_by(replica.variant, config_.models->variant(replica.variant))) {
    throw InvariantError("policy dispatched offline job \"" + spec.name + "\" to replica " + std::to_string(target) +
                         ", whose variant does not serve it");
  }
  const std::uint64_t n = std::min(count, offline_[job].backlog());
  offline_[job].dispatch(n);
  replica.offline.push(job, n);
  if (replica.state == ReplicaState::kActive || replica.state == ReplicaState::kDraining) {
    start_offline_batches(device_at(replica.device));
  }
  return n;
}

// Only recorded (the policy pauses by not dispatching). A note without
// offline jobs, or on Lambda, which has no workers, is a policy's bug: its
// flag would have no column to show in.
void Simulation::note_offline_paused(DeviceKind kind) {
  if (config_.offline_jobs.empty()) {
    throw InvariantError("policy noted an offline pause, but the scenario has no offline jobs");
  }
  if (kind == DeviceKind::kLambda) throw InvariantError("policy noted an offline pause on Lambda, which has no workers");
  metrics_.on_offline_paused(kind);
}

// Online work first, device-wide: an offline batch takes a slot only while
// no replica of the device has an online visit queued or waits for a slot,
// so that no online query ever waits behind an offline input not yet started
// (it may wait for one already running: execution is not preempted).
bool Simulation::device_admits_offline(const Device& device) const {
  if (!device.exec.has_free_slot() || device.exec.waiting() > 0) return false;
  for (ReplicaId r : device.replicas) {
    if (has_online_work_queued(*replicas_.get(r))) return false;
  }
  return true;
}

void Simulation::start_offline_batches(Device& device) {
  for (ReplicaId r : device.replicas) {
    Replica& replica = *replicas_.get(r);
    if (replica.state != ReplicaState::kActive && replica.state != ReplicaState::kDraining) continue;
    while (!replica.offline.empty() && replica.has_free_slot() && device_admits_offline(device)) {
      start_offline_batch(replica);
    }
  }
}

// Offline inputs form full batches at once (up to the replica's maximum):
// they are all there already, and waiting for more would buy nothing.
void Simulation::start_offline_batch(Replica& replica) {
  const std::uint32_t slot = replica.free_slot();
  RunningBatch& batch = replica.batches[slot];
  batch.visits.clear();
  batch.offline.clear();
  const auto taken = static_cast<std::uint32_t>(replica.offline.take(replica.max_batch(), batch.offline));
  for (const OfflineRun& run : batch.offline) offline_[run.job].start(run.count, loop_.now());
  run_on_device(replica, slot, taken);
}

// Counts for utilisation like any batch, but not in the online monitors (the
// served rate and observed latency policies scale online work by) nor in the
// batcher's feedback.
void Simulation::on_offline_batch_done(Replica& replica, RunningBatch& batch) {
  for (const OfflineRun& run : batch.offline) {
    offline_[run.job].finish(run.count, loop_.now());
    metrics_.on_offline_done(config_.offline_jobs[run.job].app, run.count);
  }
  batch.offline.clear();
  replica.busy_us.add(loop_.now(), static_cast<std::uint32_t>((loop_.now() - batch.started).ns / 1000));
  end_batch_on_device(replica, batch, /*completed=*/true);
  resume_after_batch(replica);
}

// The replica's instance is gone: its queued offline inputs go back to their
// jobs' backlogs, for the policy to dispatch again (running ones: evict_replica).
void Simulation::requeue_offline(Replica& replica) {
  std::vector<OfflineRun> runs;
  replica.offline.take(replica.offline.size(), runs);
  for (const OfflineRun& run : runs) offline_[run.job].requeue_queued(run.count);
}

// submitted = done + backlog + queued + running, for every job, and the
// replicas hold exactly the queued and running inputs the jobs account for.
void Simulation::check_offline_conservation() const {
  std::vector<std::uint64_t> queued(offline_.size()), running(offline_.size());
  for (ReplicaId id = 0; id < replicas_.size(); ++id) {
    const Replica* r = replicas_.get(id);
    if (!r) continue;
    for (const OfflineRun& run : r->offline.runs()) queued[run.job] += run.count;
    for (const RunningBatch& b : r->batches) {
      if (!b.in_use) continue;
      for (const OfflineRun& run : b.offline) running[run.job] += run.count;
    }
  }
  for (OfflineJobId j = 0; j < offline_.size(); ++j) {
    const std::uint64_t submitted = offline_[j].submitted() ? config_.offline_jobs[j].inputs : 0;
    if (const auto problem =
            offline_conservation_problem(config_.offline_jobs[j].name, submitted, offline_[j], queued[j], running[j])) {
      throw InvariantError(*problem);
    }
  }
}

void Simulation::report_offline() {
  std::vector<OfflineJobResult> results;
  for (OfflineJobId j = 0; j < offline_.size(); ++j) {
    const OfflineJob& job = config_.offline_jobs[j];
    const OfflineProgress& p = offline_[j];
    OfflineJobResult r;
    r.app = config_.applications[job.app].name;
    r.name = job.name;
    r.inputs = job.inputs;
    r.done = p.done();
    r.submit_s = job.submit.seconds();
    if (!p.finished_at().is_never()) r.completed_s = p.finished_at().seconds();
    r.waiting_s = p.waiting(loop_.now()).seconds();
    if (job.deadline) r.deadline_s = job.deadline->seconds();
    results.push_back(std::move(r));
  }
  metrics_.set_offline_jobs(std::move(results));
}

}  // namespace servesim
