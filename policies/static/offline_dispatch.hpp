#pragma once
// How a policy with no throttle serves offline jobs (static's default): every
// input is dispatched at once, split evenly over the replicas that serve the
// job; the engine's replica queues run them only in the room online work
// leaves (docs/policies.md, "Offline jobs").
#include <vector>

#include "sim/serving/cluster_control.hpp"
#include "sim/serving/cluster_view.hpp"

namespace servesim {

// The accepting replicas whose variant serves the job, in id order.
std::vector<ReplicaId> offline_replicas(const OfflineJob& job, const ClusterView& view);

// Moves the job's whole backlog to its replicas, the first (backlog mod n) of
// them one input more; with none, the backlog stays. Returns what moved.
std::uint64_t dispatch_evenly(OfflineJobId job, ClusterControl& control, const ClusterView& view);

}  // namespace servesim
