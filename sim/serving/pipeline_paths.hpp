#pragma once
// Longest paths through a pipeline's DAG when each stage weighs something (a
// latency, or 1 to count stages): for each stage, the heaviest entry-to-exit
// path that passes through it. The scenario loader's fastest end-to-end
// latency, INFaaS' stages on the longest path and the per-stage policy's SLO
// split are all read from it. Every edge counts, whatever its probability:
// these are the paths the pipeline's structure allows.
#include <cstdint>
#include <span>
#include <vector>

#include "sim/serving/pipeline.hpp"

namespace servesim {

// through[s] = the largest sum of weight over the paths from an entry stage to
// an exit stage (no out-edges) that visit s. weight has one entry per stage.
std::vector<std::int64_t> longest_paths_through(const Pipeline& pipeline, std::span<const std::int64_t> weight);

// The heaviest entry-to-exit path of all: the largest of longest_paths_through.
std::int64_t longest_path(const Pipeline& pipeline, std::span<const std::int64_t> weight);

}  // namespace servesim
