#include "policies/inferline/critical_path.hpp"

#include <algorithm>
#include <stdexcept>
#include <vector>

namespace servesim::inferline {

Duration critical_path(const Pipeline& pipeline, std::span<const Duration> stage_time) {
  if (stage_time.size() != pipeline.stages().size()) {
    throw std::invalid_argument("critical path: one time per stage expected");
  }
  // start[s]: the latest a query can reach stage s over the paths into it
  // that can be taken (an edge of probability 0 never is).
  std::vector<Duration> start(stage_time.size(), Duration::zero());
  std::vector<bool> reachable(stage_time.size(), false);
  for (StageId s : pipeline.entry_stages()) reachable[s] = true;
  Duration longest = Duration::zero();
  for (StageId s : pipeline.topological_order()) {
    if (!reachable[s]) continue;
    const Duration finish = start[s] + stage_time[s];
    longest = std::max(longest, finish);
    for (const PipelineEdge& e : pipeline.out_edges(s)) {
      if (e.probability <= 0) continue;
      reachable[e.to] = true;
      start[e.to] = std::max(start[e.to], finish);
    }
  }
  return longest;
}

}  // namespace servesim::inferline
