#include "policies/mark/weighted_round_robin.hpp"

#include <numeric>

namespace servesim::mark {

void WeightedRoundRobin::reset(std::vector<double> weights) {
  weights_ = std::move(weights);
  current_.assign(weights_.size(), 0.0);
  total_ = std::accumulate(weights_.begin(), weights_.end(), 0.0);
}

std::optional<std::size_t> WeightedRoundRobin::pick() {
  if (weights_.empty()) return std::nullopt;
  // Two passes over dense arrays, the same picks as one: the additions do not
  // depend on the pick, and split off they vectorise, while the search for
  // the first largest becomes a conditional move, not a branch per member
  // that mispredicts (this runs for every query a MArk stage admits).
  for (std::size_t i = 0; i < weights_.size(); ++i) current_[i] += weights_[i];
  std::size_t best = 0;
  double best_current = current_[0];
  for (std::size_t i = 1; i < current_.size(); ++i) {
    const bool larger = current_[i] > best_current;
    best = larger ? i : best;
    best_current = larger ? current_[i] : best_current;
  }
  current_[best] -= total_;
  return best;
}

}  // namespace servesim::mark
