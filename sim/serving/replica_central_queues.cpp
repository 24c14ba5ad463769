// The replica runtime's central queues (sim/serving/central_queue.hpp):
// visits routed to an (application, stage) queue wait there until an attached
// replica with a free slot takes a batch of them. A replica serves its own
// queue first (visits routed to it directly, or queued before it attached).
#include <algorithm>
#include <string>

#include "sim/core/input_error.hpp"
#include "sim/serving/front_end.hpp"
#include "sim/serving/replica_runtime.hpp"

namespace servesim {

bool ReplicaRuntime::has_stage(AppId app, StageId stage) const {
  return app < config().applications.size() && stage < config().applications[app].pipeline.stages().size();
}

void ReplicaRuntime::attach_central_queue(ReplicaId id, AppId app, StageId stage) {
  if (!has_stage(app, stage)) {
    throw InvariantError("central queue of application " + std::to_string(app) + " stage " + std::to_string(stage) +
                         ", which does not exist");
  }
  Replica* replica = id < replicas_.size() ? live_replica(id) : nullptr;
  if (!replica || !replica->accepts_visits()) {
    throw InvariantError("replica " + std::to_string(id) + " attached to a central queue does not accept queries");
  }
  const FamilyId family = config().applications[app].pipeline.stages()[stage].family;
  if (config().models->variant(replica->variant).family != family) {
    throw InvariantError("replica " + std::to_string(id) + " attached to the central queue of a stage of another family");
  }
  const std::uint32_t index = central_queues_.index(app, stage);
  if (replica->central_queue == index) return;
  detach_central(*replica);
  replica->central_queue = index;
  central_queues_.at(index).pullers.push_back(id);
  try_start_batches(*replica);
}

std::uint64_t ReplicaRuntime::central_queue_length(AppId app, StageId stage) const {
  if (!has_stage(app, stage)) return 0;
  return central_queues_.at(central_queues_.index(app, stage)).visits.size();
}

void ReplicaRuntime::enqueue_central(std::uint32_t slot, StageId stage) {
  const std::uint32_t index = central_queues_.index(front_.queries().at(slot).app, stage);
  ++front_.queries().at(slot).outstanding;
  CentralQueue& central = central_queues_.at(index);
  central.visits.push(Visit{slot, stage, now()});
  drop_expired_unpulled(central);
  offer_central(index);
}

// Expired visits are dropped when a batch forms; a queue no replica pulls
// from forms none, so its expired visits go as new ones join it. Otherwise a
// stage its policy left without replicas (a coarse-grained unit the cluster
// cannot hold) would keep every query of the day in memory.
void ReplicaRuntime::drop_expired_unpulled(CentralQueue& central) {
  if (config().drop == DropPolicy::kNone || !central.pullers.empty()) return;
  while (!central.visits.empty() && now() > front_.queries().at(central.visits.front().query).deadline) {
    front_.fail_visit(central.visits.pop().query, FailReason::kUnpulled);
  }
}

// New work: the attached replicas with a free slot look at it in turn, from
// the one after the last that took work, so idle replicas share it (a fixed
// order would keep the first one busy and the rest idle at low load).
void ReplicaRuntime::offer_central(std::uint32_t index) {
  CentralQueue& central = central_queues_.at(index);
  const std::size_t n = central.pullers.size();
  for (std::size_t k = 0; k < n && !central.visits.empty(); ++k) {
    const std::size_t i = (central.next_offer + k) % n;
    Replica* replica = live_replica(central.pullers[i]);
    if (!replica || !replica->has_free_slot() || replica->waiting_for_device) continue;
    const std::uint64_t before = central.visits.pushed() - central.visits.size();
    try_start_batches(*replica);
    if (central.visits.pushed() - central.visits.size() != before) central.next_offer = (i + 1) % n;
  }
}

void ReplicaRuntime::detach_central(Replica& replica) {
  if (replica.central_queue == kNoCentralQueue) return;
  CentralQueue& central = central_queues_.at(replica.central_queue);
  std::erase(central.pullers, replica.id);
  if (central.next_offer >= central.pullers.size()) central.next_offer = 0;
  replica.central_queue = kNoCentralQueue;
}

// Where the replica's next batch comes from: its own queue while it holds
// anything, then its central queue.
VisitQueue& ReplicaRuntime::source_queue(Replica& replica) {
  if (!replica.queue.empty() || replica.central_queue == kNoCentralQueue) return replica.queue;
  return central_queues_.at(replica.central_queue).visits;
}

bool ReplicaRuntime::has_online_work_queued(const Replica& replica) const {
  if (!replica.queue.empty()) return true;
  return replica.central_queue != kNoCentralQueue && !central_queues_.at(replica.central_queue).visits.empty();
}

}  // namespace servesim
