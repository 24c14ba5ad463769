#include "policies/per_stage/stage_budgets.hpp"

#include <algorithm>
#include <stdexcept>

#include "sim/core/input_error.hpp"
#include "sim/serving/pipeline_paths.hpp"
#include "sim/serving/reachable_device_types.hpp"

namespace servesim::per_stage {
namespace {

// L_s in nanoseconds, at least 1 (a weight of 0 would make P_s 0). The loader
// has refused a stage no reachable device type serves, so each has one.
std::vector<std::int64_t> fastest_latencies(const Application& app, const PolicyWorld& world) {
  const auto types = reachable_device_types(world);
  std::vector<std::int64_t> weight;
  for (const Stage& stage : app.pipeline.stages()) {
    const auto fastest = world.models->fastest_latency(stage.family, types, app.min_accuracy.value_or(0));
    if (!fastest) throw InvariantError("stage \"" + stage.name + "\" of \"" + app.name + "\" runs on no reachable device type");
    weight.push_back(std::max<std::int64_t>(1, fastest->ns));
  }
  return weight;
}

}  // namespace

std::vector<Duration> split_slo(const Pipeline& pipeline, Duration slo, std::span<const std::int64_t> weight) {
  if (std::any_of(weight.begin(), weight.end(), [](std::int64_t w) { return w <= 0; })) {
    throw std::invalid_argument("SLO split: every stage's weight must be positive");
  }
  const std::vector<std::int64_t> through = longest_paths_through(pipeline, weight);
  std::vector<Duration> budgets;
  for (std::size_t s = 0; s < through.size(); ++s) {
    // In 128 bits: SLO (up to ten years in ns) x a latency overflows 64.
    const __int128 share = static_cast<__int128>(slo.ns) * weight[s] / through[s];
    budgets.push_back(Duration{static_cast<std::int64_t>(share)});
  }
  return budgets;
}

std::vector<Duration> stage_budgets(const Application& app, const PolicyWorld& world, SloSplit split) {
  const std::vector<std::int64_t> weight = split == SloSplit::kEqual
                                               ? std::vector<std::int64_t>(app.pipeline.stages().size(), 1)
                                               : fastest_latencies(app, world);
  return split_slo(app.pipeline, app.slo, weight);
}

}  // namespace servesim::per_stage
