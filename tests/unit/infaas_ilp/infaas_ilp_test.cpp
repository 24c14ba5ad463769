// The ILP of INFaaS section 4.2.1 as a pure function: Table 3's cheapest
// configurations of Table 2's variants, constraints (1)-(4) one by one, the
// lambda T_load term, and GLPK's optimum against brute-force enumeration.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <limits>
#include <random>

#include "policies/infaas/infaas_ilp.hpp"

namespace servesim {
namespace {

constexpr std::size_t kA = 0, kB = 1, kC = 2;

// Table 2: A (4 CPUs, TensorFlow) 200 ms, 5 req/s, cost 1; B (1 Inferentia
// core, Neuron) 20 ms, 100 req/s, cost 3; C (1 V100, TensorRT) 15 ms, 800
// req/s, cost 16. Resources: CPU cores, Inferentia cores, V100s.
IlpProblem table2(double qps, double slo_ms, double lambda = 0) {
  IlpProblem p;
  p.resource_types = {"cpu_cores", "inferentia_cores", "v100"};
  p.variants = {
      {"A", 5, 0.200, 1, 0.7, 1, {4, 0, 0}},
      {"B", 100, 0.020, 3, 0.7, 1, {0, 1, 0}},
      {"C", 800, 0.015, 16, 0.7, 1, {0, 0, 1}},
  };
  // One worker with room for any of Table 3's configurations (and for 200 x A).
  p.workers = {{"worker", {1000, 100, 10}}};
  p.load_qps = qps;
  p.slo_s = slo_ms / 1000;
  p.lambda_per_s = lambda;
  return p;
}

void report(const char* what, const IlpSolution& s) {
  std::printf("[ solve    ] %-28s %d cols %d rows, objective %.4g, GLPK %.3f ms\n", what, s.columns, s.rows,
              s.objective, s.solve_wall_s * 1000);
}

TEST(InfaasIlp, Table3Row1TwoAAt10QpsAnd300Ms) {
  const IlpSolution s = solve_infaas_ilp(table2(10, 300));
  report("10 QPS, 300 ms", s);
  ASSERT_TRUE(s.optimal()) << s.message;
  EXPECT_EQ(s.total(kA), 2);
  EXPECT_EQ(s.total(kB), 0);
  EXPECT_EQ(s.total(kC), 0);
  EXPECT_DOUBLE_EQ(s.objective, 2);  // Table 3's cost column
  EXPECT_DOUBLE_EQ(s.running_cost, 2);
  EXPECT_GT(s.solve_wall_s, 0);
}

TEST(InfaasIlp, Table3Row2OneBAt10QpsAnd50Ms) {
  const IlpSolution s = solve_infaas_ilp(table2(10, 50));
  report("10 QPS, 50 ms", s);
  ASSERT_TRUE(s.optimal()) << s.message;
  EXPECT_EQ(s.total(kA), 0);  // 200 ms > 50 ms: constraint (2)
  EXPECT_EQ(s.total(kB), 1);
  EXPECT_EQ(s.total(kC), 0);
  EXPECT_DOUBLE_EQ(s.objective, 3);
}

TEST(InfaasIlp, Table3Row3TwoBAndOneCAt1000QpsAnd300Ms) {
  const IlpSolution s = solve_infaas_ilp(table2(1000, 300));
  report("1000 QPS, 300 ms", s);
  ASSERT_TRUE(s.optimal()) << s.message;
  EXPECT_EQ(s.total(kA), 0);
  EXPECT_EQ(s.total(kB), 2);
  EXPECT_EQ(s.total(kC), 1);
  EXPECT_DOUBLE_EQ(s.objective, 22);
  EXPECT_DOUBLE_EQ(s.capacity_qps, 1000);  // constraint (1) tight, slack 0
}

TEST(InfaasIlp, LoadTermScalesTable3UniformlyFromAnEmptyStart) {
  // Every variant loads in the same time: lambda multiplies every plan's cost
  // by (1 + lambda T_load), so the choice stays Table 3's.
  const IlpSolution s = solve_infaas_ilp(table2(1000, 300, 0.5));
  ASSERT_TRUE(s.optimal());
  EXPECT_EQ(s.total(kB), 2);
  EXPECT_EQ(s.total(kC), 1);
  EXPECT_NEAR(s.objective, 22 * (1 + 0.5 * 0.7), 1e-9);
}

TEST(InfaasIlp, SlackIsHeadroomOnTopOfTheLoad) {
  IlpProblem p = table2(1000, 300);
  p.slack_qps = 50;  // 1050: 3 B + 1 C (cost 25) beats 2 C (32)
  const IlpSolution s = solve_infaas_ilp(p);
  ASSERT_TRUE(s.optimal());
  EXPECT_EQ(s.total(kB), 3);
  EXPECT_EQ(s.total(kC), 1);
}

TEST(InfaasIlp, InfeasibleWhenNoVariantMeetsTheSlo) {
  const IlpSolution s = solve_infaas_ilp(table2(10, 10));  // fastest is C at 15 ms
  report("10 QPS, 10 ms (infeasible)", s);
  EXPECT_EQ(s.status, IlpSolution::Status::kInfeasible);
  EXPECT_FALSE(s.message.empty());
  for (std::size_t v = 0; v < 3; ++v) EXPECT_EQ(s.total(v), 0);
}

TEST(InfaasIlp, ZeroLoadUnloadsEverything) {
  IlpProblem p = table2(0, 300);
  p.running = {{2}, {1}, {0}};
  const IlpSolution s = solve_infaas_ilp(p);
  ASSERT_TRUE(s.optimal());
  EXPECT_EQ(s.total(kA) + s.total(kB) + s.total(kC), 0);
  EXPECT_DOUBLE_EQ(s.objective, -5);  // unloading saves C per instance (delta < 0)
  EXPECT_EQ(s.delta[kA][0], -2);
}

TEST(InfaasIlp, ConstraintTwoOnlyBarsLoadingSlowVariantsAsThePaperWritesIt) {
  // (2) reads "T_inf <= S if delta > 0": instances of a slower variant that
  // already run may stay and count towards (1); none may be added.
  IlpProblem p = table2(10, 50);
  p.running = {{2}, {0}, {0}};
  IlpSolution s = solve_infaas_ilp(p);
  ASSERT_TRUE(s.optimal());
  EXPECT_EQ(s.total(kA), 2);
  EXPECT_DOUBLE_EQ(s.objective, 0);
  p.load_qps = 15;  // A may not grow to 3: B replaces both A (cost -2 + 3)
  s = solve_infaas_ilp(p);
  ASSERT_TRUE(s.optimal());
  EXPECT_EQ(s.total(kA), 0);
  EXPECT_EQ(s.total(kB), 1);
  EXPECT_DOUBLE_EQ(s.objective, 1);
}

TEST(InfaasIlp, AccuracyFloorActsLikeTheSlo) {
  IlpProblem p = table2(10, 300);
  p.variants[kA].accuracy = 0.9;
  p.min_accuracy = 0.95;
  const IlpSolution s = solve_infaas_ilp(p);
  ASSERT_TRUE(s.optimal());
  EXPECT_EQ(s.total(kA), 0);
  EXPECT_EQ(s.total(kB), 1);
}

// Two variants equal in every way but that X runs and Y does not.
IlpProblem twins(double lambda, double y_cost) {
  IlpProblem p;
  p.resource_types = {"gpu"};
  p.variants = {{"X", 10, 0.01, 1.0, 2.0, 1, {1}}, {"Y", 10, 0.01, y_cost, 2.0, 1, {1}}};
  p.workers = {{"w", {8}}};
  p.running = {{2}, {0}};
  p.load_qps = 20;
  p.slo_s = 0.1;
  p.lambda_per_s = lambda;
  return p;
}

TEST(InfaasIlp, LoadTermKeepsTheLoadedVariantWhenCostsTie) {
  const IlpSolution s = solve_infaas_ilp(twins(0.5, 1.0));
  ASSERT_TRUE(s.optimal());
  EXPECT_EQ(s.total(0), 2);
  EXPECT_EQ(s.total(1), 0);
  EXPECT_DOUBLE_EQ(s.objective, 0);  // a swap would cost 2 x 1 x 0.5 x 2 s more
}

TEST(InfaasIlp, LambdaTradesLoadingTimeAgainstHardwareCost) {
  // Y is 10 % cheaper. Without the load term the ILP swaps X for Y (saving
  // 0.2); with lambda = 1/s each Y costs 0.9 x 2 s more to load, so it stays.
  IlpSolution s = solve_infaas_ilp(twins(0, 0.9));
  ASSERT_TRUE(s.optimal());
  EXPECT_EQ(s.total(0), 0);
  EXPECT_EQ(s.total(1), 2);
  EXPECT_NEAR(s.objective, -0.2, 1e-12);
  s = solve_infaas_ilp(twins(1.0, 0.9));
  ASSERT_TRUE(s.optimal());
  EXPECT_EQ(s.total(0), 2);
  EXPECT_EQ(s.total(1), 0);
  // One more instance: adding a Y (0.9 x (1 + 1 x 2) = 2.7) beats
  // replicating X (1 x (1 + 1 x 2) = 3); swapping all three would cost 6.1.
  IlpProblem p = twins(1.0, 0.9);
  p.load_qps = 30;
  s = solve_infaas_ilp(p);
  ASSERT_TRUE(s.optimal());
  EXPECT_EQ(s.total(0), 2);
  EXPECT_EQ(s.total(1), 1);
  EXPECT_NEAR(s.objective, 2.7, 1e-12);
}

TEST(InfaasIlp, ResourceConstraintCapsEachWorker) {
  IlpProblem p = table2(105, 300);
  p.workers = {{"small", {8, 1, 0}}};  // 2 x A and 1 x B at most
  IlpSolution s = solve_infaas_ilp(p);
  ASSERT_TRUE(s.optimal());
  EXPECT_EQ(s.total(kA), 1);  // 5 + 100 >= 105: one A and the B
  EXPECT_EQ(s.total(kB), 1);
  EXPECT_EQ(s.total(kC), 0);  // no V100 on this worker
  p.load_qps = 111;           // beyond 2 x 5 + 100
  s = solve_infaas_ilp(p);
  EXPECT_EQ(s.status, IlpSolution::Status::kInfeasible);

  // Integrality: the LP relaxation fits 1.5 x C (cap 3 GPUs, 2 each) for
  // 1200 QPS, no integer count does.
  IlpProblem r = table2(1200, 12 + 3);
  r.variants[kC].resources = {0, 0, 2};
  r.workers = {{"gpus", {0, 0, 3}}};
  s = solve_infaas_ilp(r);
  EXPECT_EQ(s.status, IlpSolution::Status::kInfeasible) << s.message;

  // Per worker: two 4-core workers hold one A each.
  IlpProblem q = table2(10, 300);
  q.workers = {{"w1", {4, 0, 0}}, {"w2", {6, 0, 0}}};
  s = solve_infaas_ilp(q);
  ASSERT_TRUE(s.optimal());
  EXPECT_EQ(s.replicas[kA][0], 1);
  EXPECT_EQ(s.replicas[kA][1], 1);
  EXPECT_EQ(s.total(kB), 0);
}

TEST(InfaasIlp, MalformedProblemsAreRejected) {
  IlpProblem p = table2(10, 300);
  p.variants[kA].cost = -1;
  EXPECT_THROW(solve_infaas_ilp(p), std::invalid_argument);
  p = table2(10, 300);
  p.running = {{-1}};
  EXPECT_THROW(solve_infaas_ilp(p), std::invalid_argument);
  p = table2(10, 300);
  p.lambda_per_s = -0.1;
  EXPECT_THROW(solve_infaas_ilp(p), std::invalid_argument);
}

// ---- GLPK against brute force -------------------------------------------

struct Brute {
  bool feasible = false;
  double objective = std::numeric_limits<double>::infinity();
};

double objective_of(const IlpProblem& p, const std::vector<std::vector<std::int64_t>>& n) {
  double sum = 0;
  for (std::size_t v = 0; v < p.variants.size(); ++v) {
    for (std::size_t w = 0; w < p.workers.size(); ++w) {
      const double d = static_cast<double>(n[v][w] - p.running[v][w]);
      sum += p.variants[v].cost * (d + p.lambda_per_s * p.variants[v].load_latency_s * std::max(d, 0.0));
    }
  }
  return sum;
}

// Constraints (1)-(4) checked directly on a configuration N + delta.
bool satisfies(const IlpProblem& p, const std::vector<std::vector<std::int64_t>>& n) {
  double capacity = 0;
  for (std::size_t v = 0; v < p.variants.size(); ++v) {
    const IlpVariant& var = p.variants[v];
    for (std::size_t w = 0; w < p.workers.size(); ++w) {
      if (n[v][w] < 0) return false;  // (4)
      capacity += var.throughput_qps * static_cast<double>(n[v][w]);
      if (n[v][w] > p.running[v][w] && (var.latency_s > p.slo_s || !ilp_fits(var, p.workers[w]))) return false;  // (2)
    }
  }
  if (capacity < p.load_qps + p.slack_qps - 1e-9) return false;  // (1)
  for (std::size_t w = 0; w < p.workers.size(); ++w) {
    for (std::size_t k = 0; k < p.resource_types.size(); ++k) {
      double used = 0;
      for (std::size_t v = 0; v < p.variants.size(); ++v) used += p.variants[v].resources[k] * static_cast<double>(n[v][w]);
      if (used > p.workers[w].capacity[k] + 1e-9) return false;  // (3)
    }
  }
  return true;
}

Brute brute_force(const IlpProblem& p) {
  const std::size_t nv = p.variants.size(), nw = p.workers.size();
  std::vector<std::vector<std::int64_t>> n(nv, std::vector<std::int64_t>(nw, 0));
  // Each count ranges over 0 .. max(running, what the worker could hold alone).
  std::vector<std::int64_t> limit(nv * nw);
  for (std::size_t v = 0; v < nv; ++v) {
    for (std::size_t w = 0; w < nw; ++w) {
      std::int64_t hold = std::numeric_limits<std::int64_t>::max();
      for (std::size_t k = 0; k < p.resource_types.size(); ++k) {
        if (p.variants[v].resources[k] > 0) {
          hold = std::min<std::int64_t>(hold, static_cast<std::int64_t>(p.workers[w].capacity[k] / p.variants[v].resources[k]));
        }
      }
      limit[v * nw + w] = std::max(p.running[v][w], hold);
    }
  }
  Brute best;
  std::function<void(std::size_t)> walk = [&](std::size_t i) {
    if (i == nv * nw) {
      if (!satisfies(p, n)) return;
      best.feasible = true;
      best.objective = std::min(best.objective, objective_of(p, n));
      return;
    }
    for (std::int64_t c = 0; c <= limit[i]; ++c) {
      n[i / nw][i % nw] = c;
      walk(i + 1);
    }
    n[i / nw][i % nw] = 0;
  };
  walk(0);
  return best;
}

TEST(InfaasIlp, MatchesBruteForceOnRandomSmallInstances) {
  std::mt19937_64 rng(20210714);  // fixed: the same instances on every run
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  int feasible = 0;
  double slowest = 0;
  for (int trial = 0; trial < 300; ++trial) {
    IlpProblem p;
    p.resource_types = {"r0", "r1"};
    const int nv = pick(2, 3);
    const int nw = pick(1, 2);
    for (int v = 0; v < nv; ++v) {
      IlpVariant var;
      var.name = "v" + std::to_string(v);
      var.throughput_qps = pick(1, 40) * 5;
      var.latency_s = pick(5, 300) / 1000.0;
      var.cost = pick(1, 20);
      var.load_latency_s = pick(0, 4) * 0.5;
      var.resources = {static_cast<double>(pick(0, 3)), static_cast<double>(pick(0, 3))};
      if (var.resources[0] + var.resources[1] == 0) var.resources[pick(0, 1)] = 1;
      p.variants.push_back(var);
    }
    for (int w = 0; w < nw; ++w) {
      p.workers.push_back({"w" + std::to_string(w), {static_cast<double>(pick(0, 6)), static_cast<double>(pick(0, 6))}});
    }
    p.running.assign(nv, std::vector<std::int64_t>(nw, 0));
    for (auto& row : p.running) {
      for (auto& n : row) n = pick(0, 3) == 0 ? pick(1, 2) : 0;
    }
    p.load_qps = pick(0, 80) * 5;
    p.slack_qps = pick(0, 2) * 10;
    p.slo_s = pick(1, 6) * 0.05;
    p.lambda_per_s = pick(0, 2) * 0.5;

    const IlpSolution s = solve_infaas_ilp(p);
    const Brute b = brute_force(p);
    slowest = std::max(slowest, s.solve_wall_s);
    ASSERT_EQ(s.optimal(), b.feasible) << "trial " << trial << ": " << s.message;
    ASSERT_NE(s.status, IlpSolution::Status::kError) << "trial " << trial << ": " << s.message;
    if (!b.feasible) continue;
    ++feasible;
    EXPECT_TRUE(satisfies(p, s.replicas)) << "trial " << trial;
    EXPECT_NEAR(s.objective, b.objective, 1e-6) << "trial " << trial;
    EXPECT_NEAR(objective_of(p, s.replicas), s.objective, 1e-9) << "trial " << trial;
  }
  std::printf("[ solve    ] 300 random instances, %d feasible; slowest GLPK call %.3f ms\n", feasible,
              slowest * 1000);
  EXPECT_GT(feasible, 50);  // the sample exercises both outcomes
  EXPECT_LT(feasible, 300);
}

}  // namespace
}  // namespace servesim
