#pragma once
// The integer linear program of INFaaS (USENIX ATC'21) section 4.2.1, solved
// exactly with GLPK's branch-and-cut: the scaling actions delta (replicate,
// upgrade, downgrade, unload) that meet an application's load at the least
// cost of the actions. A pure function over plain structs; the infaas-ilp
// policy (infaas_ilp_policy.hpp) feeds it from the cluster.
//
// Paper -> here (one variable per (variant, worker) pair, see below):
//   v_ij, a variant          IlpVariant (its hardware is part of it, section 2.1)
//   Q_ij, saturation QPS     IlpVariant::throughput_qps
//   T^inf_ij                 IlpVariant::latency_s
//   C_ij ($/s)               IlpVariant::cost (any money-per-time unit: the objective is linear in it)
//   T^load_ij                IlpVariant::load_latency_s
//   R^type_ij                IlpVariant::resources[type]
//   R^type_total             IlpWorker::capacity[type]
//   N_ij                     IlpProblem::running[variant][worker]
//   L, slack, S, lambda      load_qps, slack_qps, slo_s, lambda_per_s
//   delta_ij (the outcome)   IlpSolution::delta; N + delta is IlpSolution::replicas
//
// Workers. The paper solves the ILP for one worker machine (R^type_total is
// "the total available amount ... on the underlying worker machine"). Here a
// problem may hold several workers (machines or pools of machines): the
// variables are delta_ijw, constraint (3) holds per worker and type, and with
// one worker this is the paper's program exactly.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace servesim {

struct IlpVariant {
  std::string name;
  double throughput_qps = 0;  // Q_ij, at the batch the variant is defined with
  double latency_s = 0;       // T^inf_ij, at that batch
  double cost = 0;            // C_ij, per replica and unit of time
  double load_latency_s = 0;  // T^load_ij
  double accuracy = 1;        // checked against IlpProblem::min_accuracy like the SLO in (2)
  std::vector<double> resources;  // R^type_ij per resource type of the problem (missing = 0)
};

struct IlpWorker {
  std::string name;
  std::vector<double> capacity;  // R^type_total per resource type (missing = 0)
};

struct IlpProblem {
  std::vector<std::string> resource_types;  // names, for messages only
  std::vector<IlpVariant> variants;
  std::vector<IlpWorker> workers;
  // N_ij per [variant][worker]; empty (or short rows) = nothing running.
  std::vector<std::vector<std::int64_t>> running;
  double load_qps = 0;   // L
  double slack_qps = 0;  // slack, the headroom of constraint (1)
  double slo_s = 0;      // S
  // An accuracy floor (INFaaS queries carry one, section 3.1); the ILP of
  // section 4.2.1 has none, so it is applied the way (2) applies the SLO.
  std::optional<double> min_accuracy;
  double lambda_per_s = 0;  // lambda, "in 1/second"
};

struct IlpSolution {
  enum class Status : std::uint8_t { kOptimal, kInfeasible, kError };
  Status status = Status::kError;
  std::string message;  // why, when not optimal
  // Per [variant][worker]; zero where the variant cannot go on the worker.
  std::vector<std::vector<std::int64_t>> delta;
  std::vector<std::vector<std::int64_t>> replicas;  // N + delta
  double objective = 0;     // sum of Cost(delta_ij), the paper's objective
  double running_cost = 0;  // sum of C_ij (N_ij + delta_ij): the cost rate after the actions
  double capacity_qps = 0;  // sum of Q_ij (N_ij + delta_ij)
  double solve_wall_s = 0;  // wall time of the GLPK call (glp_intopt)
  int columns = 0;          // structural variables of the program
  int rows = 0;             // constraints (besides bounds)

  bool optimal() const { return status == Status::kOptimal; }
  std::int64_t total(std::size_t variant) const;  // replicas of a variant over all workers
};

// Solves the program of section 4.2.1. Throws std::invalid_argument on a
// malformed problem (negative throughput, cost, latency or capacity, lambda <
// 0, a running count below zero, shapes that do not match).
IlpSolution solve_infaas_ilp(const IlpProblem& problem);

// Whether `variant` may run on `worker`: it needs no more of any resource than
// the worker has in all.
bool ilp_fits(const IlpVariant& variant, const IlpWorker& worker);

}  // namespace servesim
