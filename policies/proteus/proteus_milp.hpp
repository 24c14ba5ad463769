#pragma once
// Proteus' resource-management MILP (ASPLOS'24 section 4, Eqs. 1-7), solved
// with GLPK. Devices of one type are interchangeable, so the problem is posed
// on counts: n[t][m] devices of type t host variant m (Eq. 1: one variant per
// device, sum_m n[t][m] <= devices of type t), and r[t][m] >= 0 queries per
// second of m's query type are served on them (Eq. 5 summed over the
// devices: r[t][m] <= P[t][m] n[t][m]); every query type's demand is served
// (Eq. 6: sum_{t, m of q} r[t][m] = s_q). Routing y (Eqs. 2-4) follows from r.
// The objective (Eq. 7) is sum A_m r[t][m]: a device hosts one variant, so
// the bilinear x * z terms are exactly the served rates of that variant.
// This is exact: an optimum on counts splits into one on devices by giving
// each of the n[t][m] devices r[t][m] / n[t][m].
#include <cstdint>
#include <optional>
#include <vector>

namespace servesim::proteus {

struct MilpProblem {
  std::vector<std::uint32_t> devices_per_type;          // [t]
  std::vector<std::uint32_t> variant_query_type;       // [m]: the query type variant m serves
  std::vector<double> accuracy;                         // [m]: A_m (normalized, 1 = family best)
  std::vector<std::vector<double>> capacity_qps;        // [t][m]: P; 0 = m not allowed on t
  std::vector<double> demand_qps;                       // [q]: s_q
  // Branch and bound stops once the plan is provably within this fraction of
  // the optimum (GLPK's mip_gap; deterministic, unlike a time limit). 0: the
  // optimum. The public artifact gives Gurobi a MIPGap of 0.5.
  double relative_gap = 0;
};

struct MilpPlan {
  std::vector<std::vector<std::uint32_t>> hosts;        // [t][m]: n, devices of type t hosting m
  std::vector<std::vector<double>> served_qps;          // [t][m]: r, summed over those devices
  std::vector<double> demand_qps;                       // [q]: the demand this plan serves
  double objective = 0;                                 // sum A_m r[t][m]
  double solve_seconds = 0;                             // wall time of the GLPK solves
};

// The optimum (or, with relative_gap > 0, a plan that close to it) for
// exactly `problem.demand_qps`, or nothing when infeasible.
// Throws std::invalid_argument on inconsistent sizes or a negative or
// non-finite number, and InvariantError if GLPK fails for another reason.
// Among optima of equal accuracy GLPK picks one (deterministically); hosts are
// then trimmed to the devices the served rates need, ceil(r / P), so no
// device is planned to host a variant it serves nothing with.
std::optional<MilpPlan> solve_milp(const MilpProblem& problem);

// solve_milp plus the GLPK time of an infeasible try, which solve_milp's
// nothing cannot carry (demand lowering sums the time of every try).
struct MilpAttempt {
  std::optional<MilpPlan> plan;
  double solve_seconds = 0;  // wall time of the GLPK solve, feasible or not
};
MilpAttempt try_solve_milp(const MilpProblem& problem);

}  // namespace servesim::proteus
