#pragma once
// Central queues: one FIFO per (application, stage) that every replica
// attached to it takes its batches from, so whichever replica of the stage is
// free serves the oldest visit (InferLine, SoCC'20, section 3, requirement 3:
// centralized batched queues; MArk, ATC'19, section 4.1: one request queue
// the Batch Manager batches from). A policy opts in by attaching replicas
// (ClusterControl::attach_central_queue) and routing visits to the queue
// (RouteDecision::to_central_queue) instead of to one replica.
#include <cstdint>
#include <vector>

#include "sim/serving/replica.hpp"
#include "sim/serving/visit_queue.hpp"

namespace servesim {

inline constexpr std::uint32_t kNoCentralQueue = 0xffffffffu;

struct CentralQueue {
  VisitQueue visits;
  std::vector<ReplicaId> pullers;  // attached replicas, in attach order
  std::size_t next_offer = 0;      // where the next offer of new work starts
};

// Every (application, stage)'s queue, indexed densely; empty until used.
class CentralQueues {
 public:
  // stages_per_app[a]: the number of stages of application a.
  explicit CentralQueues(const std::vector<std::size_t>& stages_per_app);

  std::uint32_t index(std::uint32_t app, std::uint32_t stage) const { return first_of_app_[app] + stage; }
  CentralQueue& at(std::uint32_t index) { return queues_[index]; }
  const CentralQueue& at(std::uint32_t index) const { return queues_[index]; }

 private:
  std::vector<std::uint32_t> first_of_app_;
  std::vector<CentralQueue> queues_;
};

}  // namespace servesim
