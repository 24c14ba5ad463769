#pragma once
// The coarse-grained baselines' plan (InferLine, SoCC'20, section 6): the
// pipeline is one black box; every stage runs on the hardware InferLine's
// Initialize picks, all at one batch size B, the largest power of two whose
// critical path meets the SLO; it is scaled in units of one replica per
// stage, as many as the planned rate needs: the sample's mean rate (CG-Mean)
// or its peak over a sliding window as wide as the SLO (CG-Peak).
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "sim/core/time.hpp"
#include "sim/serving/pipeline.hpp"

namespace servesim::inferline {

// latency[s][b]: stage s's latency at batch b on its hardware (b = 1 up to its
// largest batch; entry 0 unused), as a replica's profile is kept.
using StageLatencies = std::vector<std::vector<Duration>>;

// The largest power of two B, within every stage's largest batch, whose
// critical path sum of T_s(B) meets the SLO; nothing when even B = 1 misses it.
std::optional<std::uint32_t> coarse_batch(const Pipeline& pipeline, const StageLatencies& latency, Duration slo);

// What one unit (a replica of every stage at batch B) sustains: the slowest
// stage's B / T_s(B), divided by the share of queries visiting it.
double unit_throughput_qps(const Pipeline& pipeline, const StageLatencies& latency, std::uint32_t batch);

// ceil(rate / unit throughput), at least one.
std::uint32_t units_for_rate(double rate_qps, double unit_throughput_qps);

// CG-Peak's rate: the most arrivals in any window as wide as the SLO, per
// second. CG-Mean's: the trace's mean, (n - 1) gaps over its span.
double peak_rate_qps(std::span<const SimTime> arrivals, Duration slo);
double mean_rate_qps(std::span<const SimTime> arrivals);

}  // namespace servesim::inferline
