#include "sim/serving/batchers/batcher.hpp"

#include "sim/serving/batchers/greedy_batcher.hpp"

namespace servesim {

std::unique_ptr<Batcher> make_batcher(const BatcherSpec& spec) {
  if (spec.plugin) return spec.plugin->make(spec.max_batch);
  return std::make_unique<GreedyBatcher>();
}

std::string batcher_name(const BatcherSpec& spec) { return spec.plugin ? spec.plugin->name() : "greedy"; }

}  // namespace servesim
