#pragma once
// infaas-ilp: the exact ILP of INFaaS section 4.2.1 (infaas_ilp.hpp) run as
// an oracle autoscaler, the one INFaaS could not afford online (section
// 4.2.1, "Practical limitation of the ILP": 23-50 s per solve in Gurobi; here
// GLPK solves the small per-application programs in milliseconds, and the
// simulated clock does not advance while it does).
//
// At start (when the load is given) and on every tick it reads each
// application's observed arrival rate, solves the ILP for that application
// over the candidate variants, and realizes the solution: it keeps, stops or
// launches instances of each worker type, and loads or unloads replicas.
// Routing: each query goes to the accepting replica of its application with
// the least outstanding work per unit of throughput, (outstanding + 1) / Q
// (active replicas first; a loading one only when none is active and its
// instance runs; otherwise the query is rejected).
//
// params (example: configs/scenarios/papers/infaas/table2_1000qps_300ms.json):
//   {"tick_s": 2,
//    "lambda": 0.01,
//    "slack_qps": 0,
//    "load_quantum_qps": 100,
//    "initial_load_qps": 1000,            or {"app name": qps, ...} naming every application
//    "market": "on_demand",               or "spot"
//    "workers": {"m5.xlarge":    {"max_instances": 4, "replicas_per_instance": 1},
//                "inf1.2xlarge": {"max_instances": 8, "replicas_per_instance": 1},
//                "p3.2xlarge":   {"max_instances": 2}},
//    "variants": [{"variant": "resnet50-trt", "instance_type": "p3.2xlarge", "batch": 12}, ...],
//    "batcher": {"kind": "greedy"}}
//
// - workers (required): the instance types the policy may run, each a pool of
//   at most max_instances instances with replicas_per_instance replica slots
//   each (default: the instance's device count). Constraint (3) is one
//   resource type per pool, "slots@<type>", with R_total = max_instances x
//   replicas_per_instance and R = 1 per replica. The cost C_ij of a replica
//   is the type's on-demand price / replicas_per_instance, in $/hour (the
//   ILP's objective is linear in C, so the unit does not change the choice).
// - variants (optional): the candidates, each a model variant on an instance
//   type at a batch size (a variant's hardware and batch are part of it,
//   section 2.1). Without it: every variant of the application's family on
//   every worker type with a device it is profiled on. Without "batch": the
//   largest batch whose latency meets the SLO (T^inf <= S, constraint (2)).
//   Q_ij = batch / latency(batch), T^inf_ij = latency(batch).
// - lambda: lambda of Cost(delta), in 1/s. Section 4.2.1 leaves it tunable
//   and gives no value; the default 0.01 only breaks ties in favour of what
//   is loaded.
// - slack_qps: the slack of constraint (1) (default 0, as in Table 3).
// - load_quantum_qps: the observed rate L is rounded to the nearest multiple
//   (at least one quantum when anything arrived), so that Poisson noise in the
//   monitor's window does not flip a plan that sits exactly at a capacity
//   boundary, as Table 3's rows do; 0 (default) uses the rate as observed.
// - initial_load_qps: the load planned for at start, before the monitor has
//   seen anything; without it the first plan is made at the first tick.
// - batcher: the replicas' batcher (policies/batcher_params.hpp); default
//   greedy up to the variant's maximum batch on the device. The ILP's Q_ij is
//   the throughput at the candidate's batch; a greedy batcher may batch more.
//
// Initial instances of the scenario must be of a worker type: they are the
// first used (a replica needs one of its pool's slots) and stopped when the
// plan does not need them. Applications must be single-stage (the ILP is per
// application and model; INFaaS serves no pipelines). When the ILP is
// infeasible for an application, its replicas stay as they are.
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "policies/infaas/infaas_ilp.hpp"
#include "policies/policy.hpp"
#include "sim/core/json_node.hpp"

namespace servesim {

class InfaasIlpPolicy final : public Policy {
 public:
  // One candidate variant of one application: what the ILP calls v_ij.
  struct Candidate {
    AppId app = 0;
    VariantId variant = 0;
    std::uint32_t pool = 0;  // index into pools()
    DeviceTypeId device_type = 0;
    std::uint32_t batch = 1;
    double throughput_qps = 0;  // Q_ij
    double latency_s = 0;       // T^inf_ij
    double cost_per_hour = 0;   // C_ij
    std::string name;           // "variant@instance_type/b<batch>"
  };
  struct Pool {
    InstanceTypeId type = 0;
    std::string name;
    std::uint32_t max_instances = 1;
    std::uint32_t replicas_per_instance = 1;
  };
  struct Stats {
    std::uint64_t solves = 0;
    std::uint64_t infeasible = 0;
    double solve_wall_s_total = 0;
    double solve_wall_s_max = 0;
  };

  InfaasIlpPolicy(const JsonNode& params, const PolicyContext& context);

  std::string_view name() const override { return "infaas-ilp"; }
  void start(ClusterControl& control, const ClusterView& view) override;
  RouteDecision route(const RouteRequest& request, ClusterControl& control, const ClusterView& view) override;
  Duration tick_interval() const override { return tick_; }
  void on_tick(ClusterControl& control, const ClusterView& view) override;
  void on_replica_ready(ReplicaId id, ClusterControl& control, const ClusterView& view) override;
  void on_instance_gone(InstanceId id, ClusterControl& control, const ClusterView& view) override;
  // "solves", "infeasible_solves"; the solver's wall time ("ilp_wall_s" in
  // total, "ilp_wall_s_max" for the longest solve) as wall-clock figures.
  void report(PolicyCounters& out) const override;

  const std::vector<Candidate>& candidates() const { return candidates_; }
  const std::vector<Pool>& pools() const { return pools_; }
  // Replicas per candidate in the latest plan (the ILP's N + delta).
  const std::vector<std::int64_t>& plan() const { return plan_; }
  // The latest ILP solution of each application (empty before the first plan).
  const std::vector<std::optional<IlpSolution>>& last_solutions() const { return last_solution_; }
  const Stats& stats() const { return stats_; }

 private:
  struct RouteEntry {
    ReplicaId replica = 0;
    double inverse_throughput = 0;
    bool active = false;
  };

  void parse_workers(const JsonNode& node, const PolicyWorld& world);
  void add_candidate(AppId app, VariantId variant, std::uint32_t pool, std::optional<std::uint32_t> batch,
                     const PolicyWorld& world, const JsonNode& where);
  double planning_load(AppId app, const ClusterView& view, bool at_start) const;
  void replan(ClusterControl& control, const ClusterView& view, bool at_start);
  void realize(ClusterControl& control, const ClusterView& view);
  void rebuild_routes(const ClusterView& view);
  static bool host_running(const RouteEntry& e, const ClusterView& view);
  std::int32_t owner(ReplicaId r) const;
  void forget_gone(const ClusterView& view);

  Duration tick_;
  double lambda_ = 0.01;
  double slack_qps_ = 0;
  double load_quantum_qps_ = 0;
  std::optional<std::vector<double>> initial_load_;  // by application
  Market market_ = Market::kOnDemand;
  BatcherSpec batcher_;
  std::vector<Pool> pools_;
  std::vector<Candidate> candidates_;
  std::vector<std::vector<std::uint32_t>> app_candidates_;  // candidate indices by application
  std::vector<std::int64_t> plan_;                          // by candidate
  std::vector<std::optional<IlpSolution>> last_solution_;   // by application
  // Ours while they take queries (replicas, by id -> candidate) or may host
  // them (instances of the pools, booting or running): forget_gone() drops
  // the rest, so memory and the per-tick walks follow the cluster, not the run.
  std::map<ReplicaId, std::uint32_t> replica_candidate_;
  std::set<InstanceId> pool_instances_;
  std::vector<std::vector<RouteEntry>> routes_;             // by application
  Stats stats_;
  std::string where_;  // "file: policies[i].params", for errors found at start
  // Built for `servesim validate`: start checks, it solves no ILP.
  bool check_only_ = false;
};

}  // namespace servesim
