#pragma once
// The `inferline` policy's parameters (InferLine, SoCC'20; docs/policies.md),
// all optional, declared once in param_table() (inferline_params.cpp): each
// key's range, default (the structs' below) and help; `servesim list
// policies inferline` prints them. The planning trace's keys and
// "short_cluster" (planning_param_specs) are the coarse-grained baselines'
// too.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "policies/param_table.hpp"

#include "sim/core/json_node.hpp"
#include "sim/core/time.hpp"

namespace servesim::inferline {

enum class TunerMode : std::uint8_t { kInferline, kAutoscale, kNone };
enum class PlanningTrace : std::uint8_t { kSample, kOracle };
// Section 5: "The Tuner continuously computes the traffic envelope for the
// current arrival workload". kContinuous counts every window ending at an
// arrival (live_envelope.hpp), so a burst between two ticks is seen at the
// next one; kTick counts only the windows ending at each tick, this
// project's reading before issue 37, kept to compare with.
enum class EnvelopeCheck : std::uint8_t { kContinuous, kTick };

// The trace a plan is made on; the coarse-grained baselines read the same
// two keys.
struct PlanningParams {
  PlanningTrace trace = PlanningTrace::kSample;
  std::size_t sample_size = 50'000;
  // "gpu_replica_vcpu_price": $/h added to a GPU replica's price when
  // planning. The prototype charges each replica its vCPU, a GPU replica's
  // too (optimizer/single_node_profiles_cpp.py, compute_cost: $0.0665 on
  // InferLine's devices); default 0, the device's price alone. cost.hosted
  // charges devices only, so it does not include it.
  double gpu_replica_vcpu_price = 0;
};

struct InferlineParams {
  TunerMode tuner = TunerMode::kInferline;
  PlanningParams planning;
  std::uint32_t max_replicas_per_stage = 1000;
  Duration replan_interval = Duration::infinite();  // off
  EnvelopeCheck envelope_check = EnvelopeCheck::kContinuous;
  bool serve_what_fits = false;  // "short_cluster"
  // Section 5: the Tuner checks every second (the public code's period),
  // scales down no sooner than 15 s after a change (3x the 5 s activation),
  // on the busiest 5-s window of the last 30 s.
  Duration tick = from_seconds(1);
  Duration scale_down_delay = from_seconds(15);
  Duration scale_down_span = from_seconds(30);
  Duration scale_down_window = from_seconds(5);
};

// The rows "planning", "sample_size", "gpu_replica_vcpu_price" and
// "short_cluster", shared with the coarse-grained baselines' table.
std::vector<ParamSpec> planning_param_specs();
const ParamTable& param_table();

// Throw InputError naming the field.
InferlineParams parse_inferline_params(const JsonNode& params);
// Read through `table`, which holds planning_param_specs() (the caller has
// checked the object with it).
PlanningParams parse_planning_params(const ParamTable& table, const JsonNode& params);
// "short_cluster": true for "serve_what_fits", false for "refuse" or absent.
bool parse_serve_what_fits(const ParamTable& table, const JsonNode& params);

}  // namespace servesim::inferline
