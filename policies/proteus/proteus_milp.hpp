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
#include <limits>
#include <optional>
#include <vector>

namespace servesim::proteus {

// When branch and bound may stop short of a proven optimum (the policies'
// mip_gap and time_limit_s, proteus_params.hpp).
struct MilpLimits {
  // Stop once the plan is provably within this fraction of the optimum
  // (GLPK's mip_gap; deterministic), in [0, 1). 0: the optimum. The public
  // artifact gives Gurobi a MIPGap of 0.5.
  double mip_gap = 0;
  // Wall-clock seconds one solve may take (GLPK's tm_lim, in whole ms, at
  // most INT_MAX ms); infinite: no limit. When it strikes, GLPK's best plan
  // so far (its incumbent) is the answer, if it has one. A limit that
  // strikes makes the answer depend on the machine's speed.
  double time_limit_s = std::numeric_limits<double>::infinity();
};

struct MilpProblem {
  std::vector<std::uint32_t> devices_per_type;          // [t]
  std::vector<std::uint32_t> variant_query_type;       // [m]: the query type variant m serves
  std::vector<double> accuracy;                         // [m]: A_m (normalized, 1 = family best)
  std::vector<std::vector<double>> capacity_qps;        // [t][m]: P; 0 = m not allowed on t
  std::vector<double> demand_qps;                       // [q]: s_q
  MilpLimits limits;
};

struct MilpPlan {
  std::vector<std::vector<std::uint32_t>> hosts;        // [t][m]: n, devices of type t hosting m
  std::vector<std::vector<double>> served_qps;          // [t][m]: r, summed over those devices
  std::vector<double> demand_qps;                       // [q]: the demand this plan serves
  double objective = 0;                                 // sum A_m r[t][m]
  double solve_seconds = 0;                             // wall time of the GLPK solves
  // The time limit struck: GLPK's best plan so far, within no known distance
  // of the optimum.
  bool time_limited = false;
};

// The optimum (or, with a mip_gap, a plan that close to it; or, when the time
// limit strikes, GLPK's best plan so far) for exactly `problem.demand_qps`,
// or nothing when infeasible or stopped by the time limit without a plan.
// Throws std::invalid_argument on inconsistent sizes or a negative or
// non-finite number, and InvariantError if GLPK fails for another reason.
// Among optima of equal accuracy GLPK picks one (deterministically); hosts are
// then trimmed to the devices the served rates need, ceil(r / P), so no
// device is planned to host a variant it serves nothing with.
std::optional<MilpPlan> solve_milp(const MilpProblem& problem);

// solve_milp plus what its nothing cannot carry: the GLPK time of an
// infeasible try (demand lowering sums the time of every try) and whether
// the time limit struck (then nothing means "not known", not "infeasible").
struct MilpAttempt {
  std::optional<MilpPlan> plan;
  double solve_seconds = 0;     // wall time of the GLPK solve, feasible or not
  bool time_limit_hit = false;  // with a plan (GLPK's incumbent) or without
};
MilpAttempt try_solve_milp(const MilpProblem& problem);

// What a series of solves cost and how they ended, for a policy's counters.
struct MilpTally {
  std::uint64_t solves = 0;
  double seconds = 0;                 // GLPK wall time, feasible or not
  std::uint64_t time_limit_hits = 0;  // stopped by the time limit,
  std::uint64_t incumbents = 0;       //   of which with GLPK's best plan so far as the answer

  void add(const MilpAttempt& attempt);
  void add(const MilpTally& other);
};

}  // namespace servesim::proteus
