#include "sim/serving/pipeline_paths.hpp"

#include <algorithm>
#include <stdexcept>

namespace servesim {

std::vector<std::int64_t> longest_paths_through(const Pipeline& pipeline, std::span<const std::int64_t> weight) {
  const std::size_t n = pipeline.stages().size();
  if (weight.size() != n) throw std::invalid_argument("longest paths: one weight per stage expected");
  const auto& order = pipeline.topological_order();
  // into[s]: the heaviest path from an entry stage up to and including s.
  std::vector<std::int64_t> into(weight.begin(), weight.end());
  for (StageId s : order) {
    for (const PipelineEdge& e : pipeline.out_edges(s)) into[e.to] = std::max(into[e.to], into[s] + weight[e.to]);
  }
  // out_of[s]: the heaviest path from s (included) to an exit stage.
  std::vector<std::int64_t> out_of(weight.begin(), weight.end());
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    for (const PipelineEdge& e : pipeline.out_edges(*it)) out_of[*it] = std::max(out_of[*it], weight[*it] + out_of[e.to]);
  }
  std::vector<std::int64_t> through(n);
  for (std::size_t s = 0; s < n; ++s) through[s] = into[s] + out_of[s] - weight[s];
  return through;
}

std::int64_t longest_path(const Pipeline& pipeline, std::span<const std::int64_t> weight) {
  const std::vector<std::int64_t> through = longest_paths_through(pipeline, weight);
  return through.empty() ? 0 : *std::max_element(through.begin(), through.end());
}

}  // namespace servesim
