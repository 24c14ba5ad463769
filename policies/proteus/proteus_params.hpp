#pragma once
// The parameters of the Proteus family of policies ("proteus", "clipper-ha",
// "clipper-ht", "sommelier"; proteus_policy.hpp says what each does), read
// from the scenario's JSON. Every key is optional; a key a policy does not
// take is an error, as is any unknown key. Defaults are the paper's (section
// noted) or, where it is silent, the public artifact's (Proteus public code,
// UMass-LIDS/Proteus, core/simulator.py and core/predictor.py).
//
// Each flavor's keys are declared once, with range, default and source, in
// param_table(flavor) (proteus_params.cpp; `servesim list policies proteus`):
// every flavor takes the start plan's keys (initial_load_qps, beta, mip_gap,
// time_limit_s) and the artifact flavour's switches (docs/policies.md, "The
// artifact flavour": start_allocation, allowed_variants, routing, batching);
// proteus and sommelier also the re-solving keys (solve_interval_s,
// warmup_solves_s, solve_delay, ewma_*, burst_*, artifact_schedule); proteus
// the four ablation switches of section 6.5; sommelier variant_swaps, and a
// solve_delay only with "variant_swaps": "milp". Sommelier's beta defaults
// to 1.5 (artifact sommelier.json).
//
// initial_load_qps: before any arrival nothing has been measured, so the start
// plan is made for this load (a static allocation made offline, as the
// artifact's algorithms/*_solutions files). Without it: the largest load the
// cluster serves with the policy's variants when every application asks for
// the same rate (capacity split evenly among the query types).
//
// mip_gap: branch and bound stops once its plan is provably within this
// fraction of the optimum (GLPK's mip_gap), which is deterministic. 0 (the
// default) asks for the optimum, the paper's formulation; the public
// artifact gives Gurobi a MIPGap of 0.5. (The MILP's own field had been
// called relative_gap; mip_gap is now its one name.)
//
// time_limit_s: a safety net, not a tuning knob. Each GLPK solve (a
// start-up bisection step, each beta of demand lowering) stops after this
// many seconds of wall time (GLPK's tm_lim, whole milliseconds). If GLPK has
// found a plan by then (its incumbent), that plan is used; if not, a re-solve
// keeps the plan in effect, and at start that beta counts as infeasible and
// the lowering goes on. A limit that strikes makes the run depend on the
// machine's speed (the policy reports how often it struck, time_limit_hits).
// The default, 5 s, is above the paper's mean solve time (section 6.8: 4.2 s
// with Gurobi, the default solve_delay), so a solve as slow as the paper's
// finishes. It bounds each solve, not a decision: lowering tries up to 18
// betas and the start-up bisection about 20 loads, each solve within the
// limit. What keeps solves fast is merging device types with identical
// capacities (device_groups.hpp): each solve on the artifact's 40-device
// cluster then takes well under a second (bench/proteus_artifact_solves.cpp).
//
// solve_delay "measured": the plan takes effect after the GLPK solve's wall
// time. Runs are then no longer reproducible (the time differs from run to
// run and machine to machine), which is why a fixed delay is the default.
//
// Burst (section 3, "If the load balancer detects a burst of requests ... it
// calls the controller"; the paper gives no rule): an application's mean rate
// over the last burst_window_s one-second samples exceeds burst_factor times
// the estimate the current plan was solved for. 1.25 over 2 s: a 25 % jump is
// far outside Poisson noise at the rates the plan serves (2.6 standard
// deviations at 50 QPS), and 2 s is the artifact's solve period during bursts.
// The estimate, not the lowered demand, is the reference: when the cluster is
// saturated (beta < 1) a re-solve cannot serve more. A burst solve uses the
// same EWMA (the artifact's only estimate); while it lags behind a step, the
// burst triggers again once each plan takes effect, until it has caught up.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "policies/param_table.hpp"
#include "policies/proteus/demand_lowering.hpp"
#include "policies/proteus/routing_weights.hpp"
#include "policies/proteus/start_allocation.hpp"
#include "policies/policy.hpp"
#include "sim/core/json_node.hpp"

namespace servesim::proteus {

enum class Flavor : std::uint8_t { kProteus, kClipperHa, kClipperHt, kSommelier };

struct BurstRule {
  double factor = 1.25;
  std::uint32_t window_s = 2;
  Duration min_gap = from_seconds(2);
};

// The Proteus artifact's solve schedule (Proteus public code, run.py), in
// place of the burst rule: a solve at every whole second t with
// t % interval == 0, the interval being `busy.interval` while any of the last
// `busy.window_s` one-second arrival totals (all applications) exceeded
// `busy.total_qps_above`, else a window's interval while from_s <= t <= to_s,
// else solve_interval_s; plus warmup_solves_s. run.py keys these on its trace
// folder's name (bursty: 2 s above 200 QPS; not "flat": 5 s from 60 to 100 s;
// normal_load: extra solves at 47, 59, 71 and 83 s); the scenario states them.
struct IntervalWindow {
  Duration from, to, interval;
};
struct BusyRule {
  double total_qps_above = 0;
  std::uint32_t window_s = 10;
  Duration interval;
};
struct ArtifactSchedule {
  std::vector<IntervalWindow> windows;
  std::optional<BusyRule> busy;
};

struct ProteusParams {
  Flavor flavor = Flavor::kProteus;
  std::optional<std::vector<double>> initial_load;  // by application
  LoweringSchedule lowering;                         // start_beta is "beta"
  MilpLimits limits{.mip_gap = 0, .time_limit_s = 5};
  Duration solve_interval = from_seconds(30);
  std::vector<Duration> warmup_solves = {from_seconds(5), from_seconds(20)};
  bool measured_solve_delay = false;
  Duration solve_delay = from_seconds(4.2);
  double ewma_com = 1.6;
  std::uint32_t ewma_window = 20;
  BurstRule burst;
  bool model_selection = true;
  bool model_placement = true;
  bool query_assignment = true;
  bool adaptive_batching = true;
  // The artifact flavour's switches (docs/policies.md, "The artifact flavour"):
  std::optional<StartAllocationSpec> start_allocation;  // start plan from a file
  std::vector<VariantId> allowed_variants;              // the policy's own variant list
  std::optional<RoutingRule> routing;                   // overrides the flavor's rule
  bool artifact_batching = false;                       // the artifact's accscale / aimd batchers
  bool sommelier_milp = false;                          // Sommelier re-solves the pinned MILP
  std::optional<ArtifactSchedule> artifact_schedule;
  std::string where;  // "file: policies[i].params", for errors found at start
};

// Throws InputError naming the JSON path of a bad value. Applications must be
// single-stage (section 6.1.2: one query type is one model family).
// `base`: the scenario's folder, against which file params resolve.
ProteusParams parse_proteus_params(const JsonNode& params, const PolicyWorld& world, Flavor flavor,
                                   const std::filesystem::path& base);

std::string_view flavor_name(Flavor flavor);
// The flavor's parameters, declared once (proteus_params.cpp).
const ParamTable& param_table(Flavor flavor);
// The same as the registry takes it, one function per flavor.
template <Flavor F>
const ParamTable& flavor_param_table() {
  return param_table(F);
}

}  // namespace servesim::proteus
