#pragma once
// The end-to-end latency of a pipeline when each stage takes a given time:
// the longest path through its DAG (InferLine, SoCC'20: Algorithm 1 fails
// when the batch-1 critical path exceeds the SLO, and the coarse-grained
// baselines pick the largest batch whose critical path meets it).
#include <span>

#include "sim/core/time.hpp"
#include "sim/serving/pipeline.hpp"

namespace servesim::inferline {

// stage_time[s] for every stage of the pipeline; every path a query can take
// counts (the worst case it can meet), whatever its probability above 0.
Duration critical_path(const Pipeline& pipeline, std::span<const Duration> stage_time);

}  // namespace servesim::inferline
