#pragma once
// Reads the "workload" objects of a scenario into WorkloadSpecs. Every field is
// checked (unknown keys are errors) and every error names the file and the
// JSON path of the field; problems inside a trace file name the trace file and
// its line. Relative trace paths resolve against the scenario file's folder.
//
// The JSON forms (rates in arrivals per second, times in seconds):
//   {"kind": "poisson", "rate": 100}
//   {"kind": "gamma", "rate": 100, "cv": 2.0}
//       cv = sd / mean of an inter-arrival time. Or "cv2": 4.0, InferLine's
//       squared CV (sigma^2 / mu^2); exactly one of cv / cv2.
//   {"kind": "mmpp", "states": [{"rate": 10, "mean_sojourn_s": 60}, {"rate": 100, "mean_sojourn_s": 10}],
//    "transitions": [[0, 1], [1, 0]], "initial": "stationary"}
//       transitions (optional; default: jump to any other state alike) holds
//       the jump probabilities, zero diagonal, rows sum to 1. initial:
//       "stationary" (default) or a state index. State rates may be 0.
//   {"kind": "mmpp", "rates": [10, 100], "generator": [[-0.1, 0.1], [0.5, -0.5]], "initial": 0}
//       generator: the CTMC's Q matrix (per second), rows sum to 0.
//       Either form must be irreducible with some rate > 0.
//   {"kind": "segments", "repeat": false, "segments": [{"duration_s": 60, "workload": {...}}, ...]}
//       each child starts afresh at its segment's start and is cut at its end;
//       repeat cycles the list forever.
//   {"kind": "gamma_transition", "from": {"rate": 100, "cv": 1}, "to": {"rate": 200, "cv": 2},
//    "start_s": 60, "transition_s": 30}
//       rate and cv move linearly from "from" to "to" over [start_s, start_s + transition_s];
//       "cv2" may replace "cv" in from / to.
//   {"kind": "rate_series", "file": "path", "format": "counts_line" | "csv" | "azure_functions",
//    "interval_s": 1, "rows": "sum" | [0, 3] | {"function": "hash"},
//    "window": {"start_s": 0, "length_s": 3600},
//    "scale": {"factor": 2} | {"min_qps": 10, "max_qps": 1000} | {"mean_qps": 100},
//    "zeros": "keep" | "hold", "within": {"kind": "poisson"} | {"kind": "gamma", "cv": 2} | {"kind": "uniform"}}
//       format defaults to counts_line; interval_s to 60 for azure_functions,
//       1 otherwise; rows (azure_functions only) to "sum"; window edges must
//       be multiples of interval_s; the window start is simulated time 0 and
//       the workload ends with the window. scale applies to the window's rates;
//       within.gamma takes "cv" or "cv2" like the gamma kind.
//   {"kind": "request_replay", "file": "path", "time_column": 0, "time_unit": "ms" | "s" | "us",
//    "deadline_column": 2, "start_s": 0, "length_s": 300}
//       one request per row; deadline_column (ms, optional) overrides the
//       application's SLO; requests before start_s are skipped and start_s is
//       simulated time 0; length_s (optional) ends the replay.
//   {"kind": "diurnal", "mean_qps": 100, "peak_to_valley": 4, "period_s": 86400, "phase_s": 0,
//    "noise_cv": 0.1, "step_s": 60, "spikes": {"rate_per_hour": 0.5, "magnitude": 2.0, "duration_s": 120}}
//       all but mean_qps optional (defaults shown; no spikes unless given).
// The top-level mix, one workload split over the scenario's applications:
//   {"workload": {...any of the above...}, "split": {"zipf": 1.001} | {"weights": [0.5, 0.3, 0.2]}}
//       zipf: application k (1-based, in scenario order) has probability
//       proportional to 1 / k^alpha; weights: one per application. split may
//       be left out when there is exactly one application.
#include <cstddef>
#include <filesystem>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "sim/core/json_node.hpp"
#include "traces/arrival_stream.hpp"

namespace servesim {

std::shared_ptr<const WorkloadSpec> parse_workload(const JsonNode& node, const std::filesystem::path& base_dir);

std::shared_ptr<const WorkloadSpec> parse_mix(const JsonNode& node, std::size_t app_count,
                                              const std::filesystem::path& base_dir);

// (kind, one-line description) for `servesim list workloads`.
std::vector<std::pair<std::string, std::string>> workload_kinds();

}  // namespace servesim
