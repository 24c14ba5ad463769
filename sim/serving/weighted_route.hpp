#pragma once
// One stage's routing weights (ClusterControl::set_routing_weights) and the
// weighted draw over those of its replicas that still accept visits. The
// usable weights and their total are kept between draws and rebuilt only when
// the weights are set or some replica stopped accepting (a new acceptance
// epoch): a draw then walks a short dense array instead of looking up every
// replica the weights name, with the same sums in the same order, so it
// makes the same pick.
#include <cstdint>
#include <utility>
#include <vector>

#include "sim/serving/cluster_control.hpp"

namespace servesim {

class WeightedRoute {
 public:
  void set(std::vector<RoutingWeight> weights) {
    weights_ = std::move(weights);
    stale_ = true;
  }

  // The replica for a uniform draw in [0, 1) from `u01`, or kNoReplica when
  // no named replica accepts (then nothing is drawn). `epoch` must change
  // whenever any replica stops accepting.
  template <typename Accepts, typename Uniform>
  ReplicaId pick(std::uint64_t epoch, Accepts&& accepts, Uniform&& u01) {
    if (stale_ || epoch != epoch_) rebuild(epoch, accepts);
    if (total_ <= 0) return kNoReplica;
    double x = u01() * total_;
    for (const auto& w : usable_) {
      if (x < w.weight) return w.replica;
      x -= w.weight;
    }
    return usable_.back().replica;  // rounding: the last usable weight
  }

 private:
  template <typename Accepts>
  void rebuild(std::uint64_t epoch, Accepts& accepts) {
    usable_.clear();
    total_ = 0;
    for (const auto& w : weights_) {
      if (w.weight <= 0 || !accepts(w.replica)) continue;
      usable_.push_back(w);
      total_ += w.weight;
    }
    epoch_ = epoch;
    stale_ = false;
  }

  std::vector<RoutingWeight> weights_;  // as set, in order
  std::vector<RoutingWeight> usable_;   // accepting, with positive weight, in order
  double total_ = 0;
  std::uint64_t epoch_ = 0;
  bool stale_ = true;
};

}  // namespace servesim
