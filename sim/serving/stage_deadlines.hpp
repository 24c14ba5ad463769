#pragma once
// Per-stage deadlines for batch formation (ClusterControl::set_stage_budget).
// A policy that serves each stage of a pipeline as an application of its own
// (policies/per_stage) gives each (application, stage) a share of the SLO, its
// budget. From then on a visit of that stage is batched against
//   min(its query's end-to-end deadline, the time it started at the stage + budget):
// what the batchers read as a deadline (Proteus' T_exp(1), the early drops of
// Nexus and Proteus, the artifact batchers' relative deadlines) and the on-time
// feedback AIMD grows on. Without it a stage-1 Proteus batcher would wait
// until the end-to-end deadline and starve the later stages.
//
// Only batch formation reads it: the engine's drop rule (serving.drop) and the
// query's outcome (on time, late) stay end to end. A stage without a budget is
// batched against the end-to-end deadline, as before any call.
//
// The stage's start is the visit's Visit::enqueued: the engine enqueues a
// visit (on a replica or in its stage's central queue) the moment it starts at
// the stage, after the routing decision at the same instant. A visit re-routed
// because its instance was lost starts at the stage anew then, with a fresh
// budget (still capped by the end-to-end deadline). Lambda visits are not batched.
#include <algorithm>
#include <cstddef>
#include <utility>
#include <vector>

#include "sim/core/time.hpp"
#include "sim/serving/query_table.hpp"
#include "sim/serving/visit.hpp"

namespace servesim {

class StageDeadlines {
 public:
  // stages_per_app[a]: the number of stages of application a.
  explicit StageDeadlines(std::vector<std::size_t> stages_per_app) : stages_per_app_(std::move(stages_per_app)) {}

  // Throws InvariantError for a stage that does not exist or a negative budget.
  void set(AppId app, StageId stage, Duration budget);

  // The deadline the visit's batch is formed against.
  SimTime batch_deadline(const Visit& visit, const QueryRecord& query) const {
    if (budgets_.empty()) return query.deadline;  // no budget set: the common case, first
    return std::min(query.deadline, visit.enqueued + budgets_[query.app][visit.stage]);
  }

 private:
  std::vector<std::size_t> stages_per_app_;
  // [app][stage], infinite where none was set; empty until the first set().
  std::vector<std::vector<Duration>> budgets_;
};

}  // namespace servesim
