#pragma once
// MArk's front end for one model (section 4.1): the load balancer spreads
// requests over the instances that serve, in proportion to their capacities
// C_i (smooth weighted round-robin), and the Bouncer sends a request that the
// chosen instance would serve after RT_max to Lambda instead (bouncer.hpp).
// Only replicas that have finished loading are in the rotation: a request
// sent to a booting instance would wait out its boot.
#include <cstdint>
#include <optional>
#include <vector>

#include "policies/mark/bouncer.hpp"
#include "policies/mark/weighted_round_robin.hpp"
#include "sim/serving/cluster_view.hpp"

namespace servesim::mark {

struct RouterMember {
  ReplicaId replica = 0;
  double capacity_per_minute = 0;  // its share of its instance's C_i: its weight
  BatchingShape shape;
};

struct RouterChoice {
  std::optional<ReplicaId> replica;  // the instance picked, if any serves
  bool admitted = false;             // it serves the request within RT_max
};

class MarkRouter {
 public:
  explicit MarkRouter(Duration rt_max) : rt_max_(rt_max) {}

  // The members to rotate over, replacing the last ones.
  void reset(std::vector<RouterMember> members);
  // The next member that still takes queries, and whether the Bouncer lets
  // the request stay there.
  RouterChoice choose(const ClusterView& view);
  bool empty() const { return members_.empty(); }

 private:
  Duration rt_max_;
  std::vector<RouterMember> members_;
  WeightedRoundRobin rotation_;
};

}  // namespace servesim::mark
