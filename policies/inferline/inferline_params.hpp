#pragma once
// The `inferline` policy's parameters (docs/policies.md), all optional:
//   "tuner": "inferline" (section 5's Tuner, default), "autoscale" (the
//            coarse-grained baselines' AutoScale rule, section 6, scaling
//            the whole plan as one unit: section 7.3's "InferLine Plan +
//            Baseline Tune") or "none" (the plan alone: the planner-only
//            runs of Figures 10-11);
//   "planning": "sample" (the Planner's sample trace, planning_sample.hpp,
//            default) or "oracle" (the live trace itself, Figure 10);
//   "sample_size": arrivals of the sample (50,000, the prototype's);
//   "gpu_replica_vcpu_price": $/h a GPU replica costs on top of its device
//            when planning (0; the prototype's 0.0665: PlanningParams);
//   "max_replicas_per_stage": the Planner's cap per stage (1000);
//   "replan_interval_s": re-plan this often on the arrivals recorded since
//            the run began (their last `sample_size`), loading the new
//            plan's replicas before unloading the old ones (section 5:
//            "hours to days"; default off), in [10, 315360000] s;
//   "envelope_check": how the Tuner compares the live arrivals with the
//            sample's envelope: "continuous" (default, section 5) or "tick";
//   "short_cluster": "refuse" (default: a starting plan needing more devices
//            than the cluster has free is an input error; the paper plans
//            one pipeline on a cluster that holds it) or "serve_what_fits"
//            (the replicas that fit are placed, the missing ones counted in
//            no_free_device): for a cluster sized for other policies, or
//            several applications whose plans, each made alone, do not fit
//            together. The coarse-grained baselines read the same key.
#include <cstddef>
#include <cstdint>

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

// Throw InputError naming the field. parse_planning_params reads "planning",
// "sample_size" and "gpu_replica_vcpu_price" only; the caller checks the object's keys.
InferlineParams parse_inferline_params(const JsonNode& params);
PlanningParams parse_planning_params(const JsonNode& params);
// "short_cluster": true for "serve_what_fits", false for "refuse" or absent.
bool parse_serve_what_fits(const JsonNode& params);

}  // namespace servesim::inferline
