#pragma once
// MArk's front end for one model as section 4.1 and Figure 4 draw it:
// requests are deposited in one request queue and grouped, in arrival order,
// into batches by the Batch Manager; each batch is for the instance the load
// balancer picks, by smooth weighted round-robin over batches weighted
// C_i / N_batch so that requests go in proportion to the capacities C_i (the
// public code's WeightedBalancer and weights: MArk public code,
// modules/load_balancer.py, modules/constants.py), holds up to that type's N_batch requests
// and closes W_batch after its first one (section 4.3). The public code's
// queue manager does the same: it takes a request, asks the balancer for an
// instance and takes the next requests of the queue into that instance's
// batch (modules/query_processor.py).
//
// The batch being formed is the next requests the queue will hand that
// instance, so a request joins it in the instance's own queue, where the
// instance's (N_batch, W_batch) batcher starts it once full or W_batch after
// its first request; a batch that closes while the instance is busy waits
// there. The times are those of a shared queue whose batches are handed over
// when they close. (The engine's central stage queue does not fit: there
// whichever replica is free takes the next batch, not the instance the
// balancer picked.)
//
// The Bouncer decides at the request's arrival (bouncer.hpp's bound): a
// request joins the forming batch if its instance serves it within RT_max; a
// new batch goes to the balancer's pick if that serves its first request
// within RT_max, else to the first other instance that does. Otherwise the
// request goes to Lambda.
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "policies/mark/bouncer.hpp"
#include "policies/mark/weighted_round_robin.hpp"

namespace servesim::mark {

struct BatchMember {
  ReplicaId replica = 0;
  double capacity_per_minute = 0;  // its share of its instance's C_i
  BatchingShape shape;
};

class BatchManager {
 public:
  // A member's backlog, or nothing while it takes no requests (being taken
  // back or stopped): ClusterView::backlog with accepts().
  using BacklogOf = std::function<std::optional<ReplicaBacklog>(ReplicaId)>;

  struct Choice {
    std::optional<ReplicaId> replica;  // the instance whose batch it joins, if any takes requests
    bool admitted = false;             // that instance serves it within RT_max
  };

  explicit BatchManager(Duration rt_max) : rt_max_(rt_max) {}

  // The instances that serve, replacing the last ones. The batch being formed
  // stays open if its instance is still among them.
  void reset(std::vector<BatchMember> members);
  // Where a request arriving now goes. With `lambda` false nothing can take a
  // late request: it joins a batch anyway (admitted false).
  Choice assign(SimTime now, const BacklogOf& backlog_of, bool lambda);
  bool empty() const { return members_.empty(); }
  // Requests in the batch being formed (0 when none is open).
  std::uint32_t forming_size() const { return forming_ ? forming_->batch.size : 0; }

 private:
  struct Forming {
    std::size_t member = 0;
    FormingBatch batch;
  };

  bool still_open(SimTime now) const;
  bool in_time(const BatchMember& m, const ReplicaBacklog& backlog, const FormingBatch& batch, SimTime now) const;
  Choice join(std::size_t member, FormingBatch batch, bool admitted);
  Choice open_new(SimTime now, const BacklogOf& backlog_of, bool lambda);

  Duration rt_max_;
  std::vector<BatchMember> members_;
  WeightedRoundRobin rotation_;
  std::optional<Forming> forming_;
};

}  // namespace servesim::mark
