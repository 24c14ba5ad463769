#pragma once
// Smooth weighted round-robin: MArk's load balancer spreads requests over the
// running instances in proportion to their capacities C_i (section 4.1's
// Bouncer admits, the balancer picks; the item 6). The smooth variant
// (as in nginx's upstream balancer) interleaves picks instead of sending runs
// to one instance: each pick adds every weight to its current value, takes
// the largest current (the lowest index on ties) and subtracts the total from
// it. Over any total-weight consecutive picks each member is picked exactly
// its weight's worth when weights are integers; with real weights, in
// proportion over long runs.
#include <cstddef>
#include <optional>
#include <vector>

namespace servesim::mark {

class WeightedRoundRobin {
 public:
  // Replaces the members; current values restart at zero so that a new plan
  // starts a fresh cycle. Weights must be positive.
  void reset(std::vector<double> weights);
  // The next member's index; empty when there is none.
  std::optional<std::size_t> pick();
  std::size_t size() const { return weights_.size(); }

 private:
  std::vector<double> weights_;
  std::vector<double> current_;
  double total_ = 0;
};

}  // namespace servesim::mark
