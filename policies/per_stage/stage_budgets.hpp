#pragma once
// How the per-stage policy splits an application's end-to-end SLO over the
// stages of its pipeline ("slo_split"), so that each stage can be served as a
// single-model application with its share as its SLO:
//
//   budget_s = SLO x w_s / P_s,  P_s = the largest sum of w over the
//                                entry-to-exit paths through s,
//
// with the stage's weight w_s
//   - "fastest_latency" (the default): L_s, the stage family's fastest batch-1
//     latency over the variants the application's accuracy floor admits, on
//     the device types the run can reach (reachable_device_types.hpp; the
//     scenario loader checks the SLO against the same latencies). A stage gets
//     time in proportion to what its fastest possible execution takes, and a
//     stage off the critical path keeps the share its own longest path gives it;
//   - "equal": 1, so budget_s = SLO / (the number of stages on the longest path
//     through s): INFaaS' rule (SLO over the stages on the longest path,
//     policies/infaas/scenario_profiles.hpp), read per stage.
//
// For every stage s on a path, P_s is at least the path's own weight, so the
// budgets along any entry-to-exit path sum to at most the SLO. Budgets are
// rounded down to the nanosecond, which keeps that. With the default rule a
// budget is never below its stage's L_s, since the loader refuses an SLO below
// the heaviest path of L.
#include <cstdint>
#include <span>
#include <vector>

#include "sim/serving/simulation_config.hpp"

namespace servesim::per_stage {

enum class SloSplit : std::uint8_t { kFastestLatency, kEqual };

// budget_s = floor(slo x weight[s] / P_s) for every stage; weights > 0.
std::vector<Duration> split_slo(const Pipeline& pipeline, Duration slo, std::span<const std::int64_t> weight);

// The application's stage budgets under `split` in `world`.
std::vector<Duration> stage_budgets(const Application& app, const PolicyWorld& world, SloSplit split);

}  // namespace servesim::per_stage
