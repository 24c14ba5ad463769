#pragma once
// Proteus (Ahmad et al., ASPLOS'24) and the baselines of its section 6 on a
// fixed cluster: "proteus", "clipper-ha", "clipper-ht" and "sommelier", one
// class configured by its Flavor (the same pieces, configured differently).
// One file per part:
//   throughput_capacity  P(d, m, q): the largest batch within half the SLO (section 4)
//   variant_options      the (application, variant) pairs the MILP may place, restricted
//   device_groups        interchangeable devices: the MILP's device types
//   proteus_milp         the MILP on counts (Eqs. 1-7), GLPK
//   demand_lowering      beta: headroom, lowered while the MILP is infeasible
//   device_assignment    counts -> concrete devices, fewest reloads
//   device_plan          the plan on devices; idle devices get the most accurate variant
//   sommelier_heuristic  Sommelier's per-application variant swaps
//   plan_rollout         loads and retires replicas so devices host their plan
//   routing_weights      the request router's query assignment
//   demand_estimator     per-second arrivals and their EWMA (the estimate s_q)
//   solve_trigger        periodic, warm-up and burst solves
//   proteus_params       the JSON parameters (all documented there, with an example)
// report() writes Stats to summary.json's "policy" object (names below).
//
// Example:
//   {"name": "proteus", "params": {"initial_load_qps": {"classify": 300, "detect": 50},
//     "solve_interval_s": 30, "solve_delay": 4.2, "beta": 1.05}}
//   {"name": "proteus", "label": "proteus-no-ms", "params": {"model_selection": false}}
//   {"name": "clipper-ha", "params": {"initial_load_qps": 300}}
//   {"name": "sommelier"}
//
// Every policy starts from the MILP's plan for the start load (the scenario's
// initial_load_qps, else the largest load served when every application asks
// for the same rate), lowered by beta's schedule if infeasible, with warm
// replicas. One query type is one application (a one-stage pipeline); devices
// are the cluster's at start; each replica is one variant on one device
// (Eq. 1) executing one batch at a time.
//
// proteus: every solve_interval_s (section 6.1.5: 30 s), at the warm-up times
//   and on a burst, solves the MILP for beta x the EWMA of the per-second
//   arrival rates, with each (variant, device type)'s capacity at its largest
//   batch within half the application's SLO. The plan takes effect
//   solve_delay later (nothing else is solved meanwhile): devices whose
//   variant changes reload (the engine's load latency; the old replica serves
//   meanwhile where memory allows, plan_rollout.hpp), devices left without
//   load get the most accurate variant that fits (artifact), queries are
//   routed by the MILP's served rates per (device type, variant), split
//   evenly over the devices hosting that variant (device_plan.hpp), and
//   every replica runs the Proteus batcher (section 5) with B* = the
//   capacity's batch.
//   Ablations (section 6.5), each a switch:
//     "model_selection": false   only each application's most accurate
//        variant (accuracy stays 100 %); the MILP still places and routes.
//     "model_placement": false   each device keeps the application the start
//        plan gave it; the MILP picks variants within it (the artifact's
//        Sommelier, which is this switch with beta 1.5).
//     "query_assignment": false  queries go uniformly to an application's
//        replicas, whatever their capacity.
//     "adaptive_batching": false every batch is 1 (the MILP's capacities are
//        at batch 1, so it plans for them).
// clipper-ha / clipper-ht (section 6.1.1): the start plan restricted to each
//   application's most (HA) or least (HT) accurate variant, routed by its
//   served rates, never solved again; Clipper's AIMD batching up to B*.
// sommelier (section 6.1.1, Table 2): the start plan with beta 1.5 (artifact);
//   afterwards, at the same times as proteus, its heuristic
//   (sommelier_heuristic.hpp) swaps variants within each device's
//   application, never placing one elsewhere, with no solve delay; routing in
//   proportion to capacity; Proteus batching.
#include <cstdint>
#include <optional>
#include <vector>

#include "policies/policy.hpp"
#include "policies/proteus/demand_estimator.hpp"
#include "policies/proteus/device_groups.hpp"
#include "policies/proteus/device_plan.hpp"
#include "policies/proteus/plan_rollout.hpp"
#include "policies/proteus/proteus_params.hpp"
#include "policies/proteus/routing_weights.hpp"
#include "policies/proteus/solve_trigger.hpp"
#include "policies/proteus/variant_options.hpp"

namespace servesim {

class ProteusPolicy final : public Policy {
 public:
  // Reported as "solves", "burst_solves", "infeasible_solves", "milp_solves",
  // "time_limit_hits", "time_limit_incumbents", "time_limit_plans_kept",
  // "plans_applied", "reloads", "min_beta", "solve_delay_s_total" and, in
  // timing.json, "milp_wall_s".
  struct Stats {
    std::uint64_t solves = 0;        // decisions made after start (MILP or heuristic)
    std::uint64_t burst_solves = 0;  // of which triggered by a burst
    std::uint64_t infeasible = 0;    // MILP infeasible even at the lowest beta: plan kept
    std::uint64_t time_limit_plans_kept = 0;  // a solve hit the time limit with no plan: plan kept
    proteus::MilpTally milp;         // every GLPK solve, the start's included (time limit hits)
    std::uint64_t plans_applied = 0; // the start plan included
    std::uint64_t reloads = 0;       // replicas loaded after start
    double last_beta = 0;            // of the plan in effect
    double min_beta = 0;             // the lowest of the plans applied
    std::uint64_t stray_shares = 0;      // start_allocation shares on another application's device
    std::uint64_t infeasible_hosts = 0;  // start_allocation variants not allowed on their device
    // The solve delays of the plans applied after a solve: modelled (fixed
    // solve_delay), or GLPK's wall time with "measured" (then timing.json's).
    double solve_delay_s_total = 0;
  };

  ProteusPolicy(const JsonNode& params, const PolicyContext& context, proteus::Flavor flavor);

  std::string_view name() const override { return proteus::flavor_name(params_.flavor); }
  void start(ClusterControl& control, const ClusterView& view) override;
  RouteDecision route(const RouteRequest& request, ClusterControl& control, const ClusterView& view) override;
  Duration tick_interval() const override { return next_tick_; }
  void on_tick(ClusterControl& control, const ClusterView& view) override;
  void on_replica_ready(ReplicaId id, ClusterControl& control, const ClusterView& view) override;
  void report(PolicyCounters& out) const override;

  const proteus::ProteusParams& params() const { return params_; }
  const std::vector<proteus::VariantOption>& options() const { return options_; }
  // The plan in effect (devices may still be loading it).
  const proteus::DevicePlan& plan() const { return plan_; }
  Stats stats() const;

 private:
  struct Pending {
    proteus::DevicePlan plan;
    SimTime at;
    Duration delay;  // the solve delay it waits out
  };

  bool re_solves() const;
  proteus::OptionRules option_rules() const;
  proteus::RoutingRule routing_rule() const;
  BatcherSpec batcher_for(std::uint32_t option, DeviceTypeId type) const;
  std::vector<double> start_load();
  proteus::DevicePlan solved_start_plan();
  proteus::DevicePlan plan_from_file();
  std::vector<double> served_capacity(const proteus::DevicePlan& plan) const;
  proteus::LoweredPlan lowered_plan(const std::vector<double>& estimates, proteus::OnTimeLimit on_time_limit);
  proteus::DevicePlan on_devices(const proteus::LoweredPlan& lowered, const std::vector<double>& estimates) const;
  void pin_applications();
  void decide(ClusterControl& control, const ClusterView& view, proteus::SolveReason reason);
  void apply(const proteus::DevicePlan& plan, ClusterControl& control, const ClusterView& view);
  void refresh(ClusterControl& control, const ClusterView& view);
  void set_weights(ClusterControl& control, const ClusterView& view);
  void schedule_next_tick(SimTime now);

  proteus::ProteusParams params_;
  const PolicyWorld& world_;
  std::vector<DeviceTypeId> device_type_;  // by device, at start
  std::vector<proteus::VariantOption> options_;
  proteus::DeviceGroups groups_;
  proteus::DemandEstimator demand_;
  proteus::SolveTrigger trigger_;
  // Built for `servesim validate`: start checks, it solves no MILP.
  bool check_only_ = false;
  std::optional<proteus::PlanRollout> rollout_;
  proteus::DevicePlan plan_;
  std::optional<Pending> pending_;
  Duration next_tick_ = from_seconds(1);
  Stats stats_;
  std::uint64_t start_loads_ = 0;
};

}  // namespace servesim
