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
  std::size_t best = 0;
  for (std::size_t i = 0; i < weights_.size(); ++i) {
    current_[i] += weights_[i];
    if (current_[i] > current_[best]) best = i;
  }
  current_[best] -= total_;
  return best;
}

}  // namespace servesim::mark
