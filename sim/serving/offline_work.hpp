#pragma once
// Offline work in one run (docs/scenario.md, "Offline jobs"): a job's inputs
// all arrive at its submit time into its backlog; the policy dispatches them
// to replicas, whose low-priority queue starts a batch only when online work
// leaves room. Offline inputs have no deadline and are never dropped.
#include <cstdint>
#include <vector>

#include "sim/serving/engine_part.hpp"
#include "sim/serving/offline_progress.hpp"
#include "sim/serving/replica.hpp"
#include "sim/serving/serving_device.hpp"

namespace servesim {

class ReplicaRuntime;

class OfflineWork final : public EnginePart {
 public:
  OfflineWork(EngineContext& context, ReplicaRuntime& replicas);

  void handle(const Event& event) override;
  // Each job's submit time.
  void schedule_jobs();

  // The control's.
  std::uint64_t dispatch(OfflineJobId job, ReplicaId replica, std::uint64_t count);
  void note_paused(DeviceKind kind);
  std::uint64_t backlog(OfflineJobId job) const { return progress_.at(job).backlog(); }

  // The runtime's: batches start where online work leaves room, and end.
  void start_batches(Device& device);
  void on_batch_done(Replica& replica, RunningBatch& batch);
  // A lost instance's inputs go back to their jobs' backlogs, for the policy
  // to dispatch again: those a batch was running, and those queued.
  void requeue_running(const std::vector<OfflineRun>& runs);
  void requeue_queued(Replica& replica);

  // The end of the run: the conservation check, and the jobs' results.
  void check_conservation() const;
  void report();

 private:
  enum EventKind : std::uint32_t { kSubmit };

  void on_submit(OfflineJobId job);
  bool device_admits(const Device& device) const;
  void start_batch(Replica& replica);

  ReplicaRuntime& replicas_;
  std::vector<OfflineProgress> progress_;  // by OfflineJobId
};

}  // namespace servesim
