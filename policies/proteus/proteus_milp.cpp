#include "policies/proteus/proteus_milp.hpp"

#include "policies/glpk_problem.hpp"

#include <algorithm>
#include <chrono>
#include <climits>
#include <cmath>
#include <memory>
#include <stdexcept>
#include <string>

#include "sim/core/input_error.hpp"

namespace servesim::proteus {
namespace {

void require(bool ok, const std::string& what) {
  if (!ok) throw std::invalid_argument("proteus milp: " + what);
}

bool finite_non_negative(double x) { return std::isfinite(x) && x >= 0; }

void validate(const MilpProblem& p) {
  const std::size_t variants = p.variant_query_type.size();
  require(p.accuracy.size() == variants, "accuracy needs one entry per variant");
  require(p.capacity_qps.size() == p.devices_per_type.size(), "capacity_qps needs one row per device type");
  for (std::size_t m = 0; m < variants; ++m) {
    require(p.variant_query_type[m] < p.demand_qps.size(), "variant " + std::to_string(m) + " names no query type");
    require(finite_non_negative(p.accuracy[m]), "accuracy must be finite and >= 0");
  }
  for (const auto& row : p.capacity_qps) {
    require(row.size() == variants, "capacity_qps needs one column per variant");
    for (double c : row) require(finite_non_negative(c), "capacity_qps must be finite and >= 0");
  }
  for (double s : p.demand_qps) require(finite_non_negative(s), "demand_qps must be finite and >= 0");
  require(finite_non_negative(p.limits.mip_gap) && p.limits.mip_gap < 1, "mip_gap must be in [0, 1)");
  require(p.limits.time_limit_s > 0, "time_limit_s must be > 0");  // NaN fails too
}

// A (device type, variant) pair the model may use: m is allowed on t, t has
// devices, m's query type has demand and no other variant of that query type
// dominates m on t. Every other pair is left out of the model (its n and r
// are 0), which keeps it small.
struct Pair {
  std::uint32_t type = 0;
  std::uint32_t variant = 0;
  int hosts = 0;   // GLPK column of n[t][m] (1-based)
  int served = 0;  // GLPK column of r[t][m]
};

// m' dominates m on t when it serves the same query type at least as
// accurately and at least as fast there (ties: the lower index wins). Moving
// every device of t from m to m' keeps Eqs. 1-6 and does not lower Eq. 7, so
// some optimum never uses m on t, and leaving the pair out is exact.
bool dominated(const MilpProblem& p, std::size_t t, std::size_t m) {
  const std::vector<double>& cap = p.capacity_qps[t];
  for (std::size_t o = 0; o < cap.size(); ++o) {
    if (o == m || p.variant_query_type[o] != p.variant_query_type[m]) continue;
    if (p.accuracy[o] < p.accuracy[m] || cap[o] < cap[m]) continue;
    if (p.accuracy[o] > p.accuracy[m] || cap[o] > cap[m] || o < m) return true;
  }
  return false;
}

// A demand at or below this is none (a query every 30 years needs no
// device), and GLPK's scaling fails on coefficients near the smallest doubles.
constexpr double kNegligibleQps = 1e-9;

bool has_demand(const MilpProblem& p, std::size_t q) { return p.demand_qps[q] > kNegligibleQps; }

bool usable(const MilpProblem& p, std::size_t t, std::size_t m) {
  return p.capacity_qps[t][m] > 0 && p.devices_per_type[t] > 0 && has_demand(p, p.variant_query_type[m]) &&
         !dominated(p, t, m);
}

// The capacity a pair's devices can use: a device never serves more than
// its query type's whole demand, so min(P, s_q) is an exact and tighter
// coefficient in Eq. 5 (a weaker LP bound is what makes branch and bound slow).
double useful_capacity(const MilpProblem& p, const Pair& pair) {
  return std::min(p.capacity_qps[pair.type][pair.variant], p.demand_qps[p.variant_query_type[pair.variant]]);
}

// Devices of t on m are at most D_t and at most what carries all of q's
// demand: with the hosts trimmed to ceil(r / P) (read_solution), some optimum
// meets both. At least 1, should s / P underflow: GLPK wants lower < upper.
double max_hosts(const MilpProblem& p, const Pair& pair) {
  const double all_demand =
      std::ceil(p.demand_qps[p.variant_query_type[pair.variant]] / p.capacity_qps[pair.type][pair.variant]);
  return std::min<double>(p.devices_per_type[pair.type], std::max(1.0, all_demand));
}

std::vector<Pair> add_columns(glp_prob* lp, const MilpProblem& p) {
  std::vector<Pair> pairs;
  for (std::uint32_t t = 0; t < p.devices_per_type.size(); ++t) {
    for (std::uint32_t m = 0; m < p.variant_query_type.size(); ++m) {
      if (!usable(p, t, m)) continue;
      Pair pair{t, m, glp_add_cols(lp, 2), 0};
      pair.served = pair.hosts + 1;
      glp_set_col_kind(lp, pair.hosts, GLP_IV);
      glp_set_col_bnds(lp, pair.hosts, GLP_DB, 0.0, max_hosts(p, pair));
      glp_set_col_bnds(lp, pair.served, GLP_LO, 0.0, 0.0);
      glp_set_obj_coef(lp, pair.served, p.accuracy[m]);  // Eq. 7
      pairs.push_back(pair);
    }
  }
  return pairs;
}


int add_row(glp_prob* lp, int kind, double lower, double upper) {
  const int r = glp_add_rows(lp, 1);
  glp_set_row_bnds(lp, r, kind, lower, upper);
  return r;
}

// k[t][q]: the devices of type t given to query type q, the sum of n[t][m]
// over q's variants. Redundant for the model (a sum of integers is one), but
// added for branch and bound: they are the model's last columns, and with
// GLPK's last-fractional-variable rule (solve) it first decides how many
// devices of each type every query type gets, then which variants they run.
// About as fast as branching on the n[t][m] at paper scale, but 100x faster
// with 102 or 204 variants, where that took 20 s to minutes
// (bench/proteus_milp_bench.cpp).
struct Share {
  std::uint32_t type = 0;
  std::uint32_t query = 0;
  int devices = 0;  // GLPK column of k[t][q]
};

std::vector<Share> add_shares(glp_prob* lp, const MilpProblem& p, const std::vector<Pair>& pairs, GlpkCoefficients& a) {
  std::vector<Share> shares;
  for (std::uint32_t t = 0; t < p.devices_per_type.size(); ++t) {
    for (std::uint32_t q = 0; q < p.demand_qps.size(); ++q) {
      int r = 0;  // sum_m n[t][m] - k[t][q] = 0
      for (const Pair& pair : pairs) {
        if (pair.type != t || p.variant_query_type[pair.variant] != q) continue;
        if (r == 0) {
          shares.push_back({t, q, glp_add_cols(lp, 1)});
          glp_set_col_kind(lp, shares.back().devices, GLP_IV);
          glp_set_col_bnds(lp, shares.back().devices, GLP_DB, 0.0, p.devices_per_type[t]);
          r = add_row(lp, GLP_FX, 0.0, 0.0);
          a.add(r, shares.back().devices, -1.0);
        }
        a.add(r, pair.hosts, 1.0);
      }
    }
  }
  return shares;
}

// Eq. 1 on counts: sum_q k[t][q] (= sum_m n[t][m]) <= devices of type t.
void add_device_rows(glp_prob* lp, const MilpProblem& p, const std::vector<Share>& shares, GlpkCoefficients& a) {
  for (std::uint32_t t = 0; t < p.devices_per_type.size(); ++t) {
    int r = 0;
    for (const Share& share : shares) {
      if (share.type != t) continue;
      if (r == 0) r = add_row(lp, GLP_UP, 0.0, p.devices_per_type[t]);
      a.add(r, share.devices, 1.0);
    }
  }
}

// Eq. 5 summed over the devices of a pair: r[t][m] - P[t][m] n[t][m] <= 0,
// with P capped at s_q (useful_capacity).
void add_capacity_rows(glp_prob* lp, const MilpProblem& p, const std::vector<Pair>& pairs, GlpkCoefficients& a) {
  for (const Pair& pair : pairs) {
    const int r = add_row(lp, GLP_UP, 0.0, 0.0);
    a.add(r, pair.served, 1.0);
    a.add(r, pair.hosts, -useful_capacity(p, pair));
  }
}

// Eq. 6: sum over q's variants on every type of r[t][m] = s_q. False when a
// query type with demand has no usable pair: infeasible without a solve.
bool add_demand_rows(glp_prob* lp, const MilpProblem& p, const std::vector<Pair>& pairs, GlpkCoefficients& a) {
  for (std::uint32_t q = 0; q < p.demand_qps.size(); ++q) {
    if (!has_demand(p, q)) continue;  // no demand: its variants have no columns
    const int r = add_row(lp, GLP_FX, p.demand_qps[q], p.demand_qps[q]);
    bool any = false;
    for (const Pair& pair : pairs) {
      if (p.variant_query_type[pair.variant] != q) continue;
      a.add(r, pair.served, 1.0);
      any = true;
    }
    if (!any) return false;
  }
  return true;
}

// GLPK's tm_lim: whole milliseconds, at least 1, INT_MAX for no limit.
int time_limit_ms(double seconds) {
  const double ms = std::ceil(seconds * 1000);
  return ms >= static_cast<double>(INT_MAX) ? INT_MAX : std::max(1, static_cast<int>(ms));
}

// How a branch and bound ended.
struct Ending {
  bool plan = false;        // a point to read: the optimum, one within the gap, or the incumbent at the time limit
  bool time_limit = false;  // the time limit struck (with or without a plan)
};

// Reads glp_intopt's return code and glp_mip_status. Stopped by the gap or
// the time limit, GLPK's status is GLP_FEAS with an incumbent, GLP_UNDEF
// without.
Ending ending_of(int ret, int status) {
  if (ret == GLP_ENOPFS || (ret == 0 && status == GLP_NOFEAS)) return {};
  if (ret == 0 && status == GLP_OPT) return {true, false};
  if (ret == GLP_EMIPGAP && status == GLP_FEAS) return {true, false};
  if (ret == GLP_ETMLIM && (status == GLP_FEAS || status == GLP_UNDEF)) return {status == GLP_FEAS, true};
  throw InvariantError("proteus milp: glp_intopt returned " + std::to_string(ret) + " with glp_mip_status " +
                       std::to_string(status));
}

// Runs branch and bound within `limits`. Adds the solve's wall time to `seconds`.
Ending solve(glp_prob* lp, const MilpLimits& limits, double& seconds) {
  glp_iocp parm = quiet_mip_parameters();
  parm.br_tech = GLP_BR_LFV;   // the shares k[t][q] first: see Share
  // Many placements are within 0.1 % of each other; best-projection
  // backtracking finds good ones sooner than the default best-local-bound.
  parm.bt_tech = GLP_BT_BPH;
  parm.mip_gap = limits.mip_gap;
  parm.tm_lim = time_limit_ms(limits.time_limit_s);
  const auto t0 = std::chrono::steady_clock::now();
  const int ret = glp_intopt(lp, &parm);
  seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return ending_of(ret, glp_mip_status(lp));
}

MilpPlan empty_plan(const MilpProblem& p) {
  MilpPlan plan;
  plan.hosts.assign(p.devices_per_type.size(), std::vector<std::uint32_t>(p.variant_query_type.size(), 0));
  plan.served_qps.assign(p.devices_per_type.size(), std::vector<double>(p.variant_query_type.size(), 0.0));
  plan.demand_qps = p.demand_qps;
  return plan;
}

// Reads n and r back. n is trimmed to ceil(r / P): r alone fixes the
// objective, and GLPK may leave a spare device on a pair at zero cost; a
// device planned for a variant it serves nothing with would be loaded for
// nothing. The 1e-9 (of a device's capacity) absorbs r sitting on its bound
// P n within GLPK's tolerance; a rate below it gets no device.
void read_solution(glp_prob* lp, const MilpProblem& p, const std::vector<Pair>& pairs, MilpPlan& plan) {
  for (const Pair& pair : pairs) {
    const double n = std::round(glp_mip_col_val(lp, pair.hosts));
    const double r = std::max(0.0, glp_mip_col_val(lp, pair.served));
    const double needed = std::ceil(r / p.capacity_qps[pair.type][pair.variant] - 1e-9);
    plan.hosts[pair.type][pair.variant] = static_cast<std::uint32_t>(std::min(n, needed));
    plan.served_qps[pair.type][pair.variant] = r;
    plan.objective += p.accuracy[pair.variant] * r;
  }
}

}  // namespace

MilpAttempt try_solve_milp(const MilpProblem& problem) {
  validate(problem);
  // GLPK's problem object is deleted on every path out: none outlives its call.
  const GlpkProblem lp = make_glpk_problem();
  glp_set_prob_name(lp.get(), "proteus-section-4");
  glp_set_obj_dir(lp.get(), GLP_MAX);

  const std::vector<Pair> pairs = add_columns(lp.get(), problem);
  GlpkCoefficients a;
  const std::vector<Share> shares = add_shares(lp.get(), problem, pairs, a);  // after the pairs: see Share
  add_device_rows(lp.get(), problem, shares, a);
  add_capacity_rows(lp.get(), problem, pairs, a);
  MilpAttempt attempt;
  if (!add_demand_rows(lp.get(), problem, pairs, a)) return attempt;
  MilpPlan plan = empty_plan(problem);
  if (pairs.empty()) {  // no demand anywhere: nothing to host, nothing to solve
    attempt.plan = std::move(plan);
    return attempt;
  }
  a.load_into(lp.get());
  const Ending ending = solve(lp.get(), problem.limits, attempt.solve_seconds);
  attempt.time_limit_hit = ending.time_limit;
  if (!ending.plan) return attempt;
  read_solution(lp.get(), problem, pairs, plan);
  plan.solve_seconds = attempt.solve_seconds;
  plan.time_limited = ending.time_limit;
  attempt.plan = std::move(plan);
  return attempt;
}

std::optional<MilpPlan> solve_milp(const MilpProblem& problem) { return try_solve_milp(problem).plan; }

void MilpTally::add(const MilpAttempt& attempt) {
  ++solves;
  seconds += attempt.solve_seconds;
  time_limit_hits += attempt.time_limit_hit ? 1 : 0;
  incumbents += attempt.time_limit_hit && attempt.plan ? 1 : 0;
}

void MilpTally::add(const MilpTally& other) {
  solves += other.solves;
  seconds += other.seconds;
  time_limit_hits += other.time_limit_hits;
  incumbents += other.incumbents;
}

}  // namespace servesim::proteus
