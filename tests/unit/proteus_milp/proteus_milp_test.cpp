// Proteus' MILP on counts (ASPLOS'24 section 4): hand-checked answers, and
// GLPK's optimum against a brute force over concrete devices on 40 random
// small instances (which also checks that posing it on counts is exact).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <random>
#include <stdexcept>

#include "policies/proteus/proteus_milp.hpp"

namespace servesim::proteus {
namespace {

// Query type 0 served by hi (accuracy 1, 10 QPS per device) and lo (0.8,
// 30 QPS per device) on one type of `devices` devices.
MilpProblem hi_lo(std::uint32_t devices, double demand) {
  MilpProblem p;
  p.devices_per_type = {devices};
  p.variant_query_type = {0, 0};
  p.accuracy = {1.0, 0.8};
  p.capacity_qps = {{10, 30}};
  p.demand_qps = {demand};
  return p;
}

constexpr std::uint32_t kHi = 0, kLo = 1;

TEST(ProteusMilp, MixesWhenTheAccurateVariantCannotCarryTheDemand) {
  // 2 x hi carries 20 < 35; hi + lo carries 40: 10 x 1 + 25 x 0.8 = 30 beats
  // 2 x lo's 35 x 0.8 = 28.
  const auto plan = solve_milp(hi_lo(2, 35));
  ASSERT_TRUE(plan);
  EXPECT_EQ(plan->hosts[0][kHi], 1u);
  EXPECT_EQ(plan->hosts[0][kLo], 1u);
  EXPECT_NEAR(plan->served_qps[0][kHi], 10, 1e-9);
  EXPECT_NEAR(plan->served_qps[0][kLo], 25, 1e-9);
  EXPECT_NEAR(plan->objective, 30, 1e-9);
  EXPECT_EQ(plan->demand_qps, std::vector<double>{35});
  EXPECT_GT(plan->solve_seconds, 0);
}

TEST(ProteusMilp, OnlyTheAccurateVariantWhenItCarriesTheDemand) {
  const auto plan = solve_milp(hi_lo(2, 15));
  ASSERT_TRUE(plan);
  EXPECT_EQ(plan->hosts[0][kHi], 2u);
  EXPECT_EQ(plan->hosts[0][kLo], 0u);
  EXPECT_NEAR(plan->objective, 15, 1e-9);
}

TEST(ProteusMilp, HostsOnlyTheDevicesTheServedRatesNeed) {
  // 8 QPS fit on one hi device: the second device hosts nothing.
  const auto plan = solve_milp(hi_lo(2, 8));
  ASSERT_TRUE(plan);
  EXPECT_EQ(plan->hosts[0][kHi], 1u);
  EXPECT_EQ(plan->hosts[0][kLo], 0u);
  EXPECT_NEAR(plan->objective, 8, 1e-9);
}

TEST(ProteusMilp, InfeasibleBeyondTheLeastAccurateVariantsCapacity) {
  const auto full = solve_milp(hi_lo(2, 60));  // 2 x lo, exactly full
  ASSERT_TRUE(full);
  EXPECT_EQ(full->hosts[0][kLo], 2u);
  EXPECT_NEAR(full->objective, 48, 1e-9);
  EXPECT_FALSE(solve_milp(hi_lo(2, 61)));
  // GLPK ran and said no: the time is reported.
  const MilpAttempt attempt = try_solve_milp(hi_lo(2, 61));
  EXPECT_FALSE(attempt.plan);
  EXPECT_GT(attempt.solve_seconds, 0);
}

// hi is forbidden on the CPUs (capacity 0); a GPU carries 100 QPS of hi or
// 200 of lo; a CPU carries 10 of lo.
MilpProblem cpus_and_a_gpu(double demand) {
  MilpProblem p;
  p.devices_per_type = {2, 1};  // t0: CPUs, t1: the GPU
  p.variant_query_type = {0, 0};
  p.accuracy = {1.0, 0.8};
  p.capacity_qps = {{0, 10}, {100, 200}};
  p.demand_qps = {demand};
  return p;
}

TEST(ProteusMilp, SpillsOntoSlowDevicesBeforeDowngradingTheFastOne) {
  // GPU on hi (100) + one CPU on lo (10): 100 + 8 = 108 > 110 x 0.8 = 88.
  const auto plan = solve_milp(cpus_and_a_gpu(110));
  ASSERT_TRUE(plan);
  EXPECT_EQ(plan->hosts[1][kHi], 1u);
  EXPECT_EQ(plan->hosts[0][kLo], 1u);
  EXPECT_EQ(plan->hosts[0][kHi], 0u);  // forbidden pair
  EXPECT_NEAR(plan->objective, 108, 1e-9);
}

TEST(ProteusMilp, DowngradesTheFastDeviceWhenTheSlowOnesAreNotEnough) {
  // GPU on hi + 2 CPUs carry 120 < 125: the GPU must run lo, 125 x 0.8.
  const auto plan = solve_milp(cpus_and_a_gpu(125));
  ASSERT_TRUE(plan);
  EXPECT_EQ(plan->hosts[1][kLo], 1u);
  EXPECT_EQ(plan->hosts[1][kHi], 0u);
  EXPECT_NEAR(plan->objective, 100, 1e-9);
}

TEST(ProteusMilp, OneVariantPerDeviceAcrossQueryTypes) {
  // Two query types, each needing one device of the single type (Eq. 1).
  MilpProblem p;
  p.devices_per_type = {1};
  p.variant_query_type = {0, 1};
  p.accuracy = {1, 1};
  p.capacity_qps = {{10, 10}};
  p.demand_qps = {5, 5};
  EXPECT_FALSE(solve_milp(p));
  p.devices_per_type = {2};
  const auto plan = solve_milp(p);
  ASSERT_TRUE(plan);
  EXPECT_EQ(plan->hosts[0], (std::vector<std::uint32_t>{1, 1}));
}

TEST(ProteusMilp, IdenticalVariantsDoNotRuleEachOtherOut) {
  // Two copies of one variant (a dominance tie) and a worse one: one copy
  // must stay in the model, or 20 QPS would look infeasible.
  MilpProblem p;
  p.devices_per_type = {2};
  p.variant_query_type = {0, 0, 0};
  p.accuracy = {1, 1, 0.9};
  p.capacity_qps = {{10, 10, 9}};
  p.demand_qps = {20};
  const auto plan = solve_milp(p);
  ASSERT_TRUE(plan);
  EXPECT_NEAR(plan->objective, 20, 1e-9);
  EXPECT_EQ(plan->hosts[0], (std::vector<std::uint32_t>{2, 0, 0}));  // the lower index
}

TEST(ProteusMilp, AQueryTypeWithoutDemandNeedsNothing) {
  MilpProblem p = hi_lo(2, 15);
  p.variant_query_type = {0, 0, 1};
  p.accuracy = {1, 0.8, 1};
  p.capacity_qps = {{10, 30, 0}};  // query type 1 cannot run anywhere...
  p.demand_qps = {15, 0};          // ...and needs not
  const auto plan = solve_milp(p);
  ASSERT_TRUE(plan);
  EXPECT_EQ(plan->hosts[0][2], 0u);
  EXPECT_NEAR(plan->objective, 15, 1e-9);

  p.demand_qps = {0, 0};
  const auto idle = solve_milp(p);
  ASSERT_TRUE(idle);
  EXPECT_EQ(idle->hosts[0], (std::vector<std::uint32_t>{0, 0, 0}));
  EXPECT_EQ(idle->objective, 0);
}

TEST(ProteusMilp, AVanishingDemandNeedsNothingButATinyOneADevice) {
  // 1e-310 QPS (GLPK's scaling would fail on it) is no demand.
  const auto vanishing = solve_milp(hi_lo(2, 1e-310));
  ASSERT_TRUE(vanishing);
  EXPECT_EQ(vanishing->hosts[0], (std::vector<std::uint32_t>{0, 0}));
  const auto tiny = solve_milp(hi_lo(2, 1e-6));
  ASSERT_TRUE(tiny);
  EXPECT_EQ(tiny->hosts[0], (std::vector<std::uint32_t>{1, 0}));
}

TEST(ProteusMilp, AQueryTypeNoDeviceCanServeIsInfeasibleWithoutASolve) {
  MilpProblem p = hi_lo(2, 15);
  p.capacity_qps = {{0, 0}};
  const MilpAttempt attempt = try_solve_milp(p);
  EXPECT_FALSE(attempt.plan);
  EXPECT_EQ(attempt.solve_seconds, 0);
}

TEST(ProteusMilp, RejectsInconsistentProblems) {
  MilpProblem p = hi_lo(2, 15);
  p.accuracy = {1};
  EXPECT_THROW(solve_milp(p), std::invalid_argument);
  p = hi_lo(2, 15);
  p.capacity_qps = {{10}};
  EXPECT_THROW(solve_milp(p), std::invalid_argument);
  p = hi_lo(2, 15);
  p.variant_query_type = {0, 1};  // no query type 1
  EXPECT_THROW(solve_milp(p), std::invalid_argument);
  p = hi_lo(2, -1);
  EXPECT_THROW(solve_milp(p), std::invalid_argument);
  p = hi_lo(2, 15);
  p.capacity_qps[0][0] = std::nan("");
  EXPECT_THROW(solve_milp(p), std::invalid_argument);
  for (double gap : {-0.01, 1.0, std::nan("")}) {
    p = hi_lo(2, 15);
    p.limits.mip_gap = gap;
    EXPECT_THROW(solve_milp(p), std::invalid_argument) << gap;
  }
  for (double limit : {0.0, -1.0, std::nan("")}) {
    p = hi_lo(2, 15);
    p.limits.time_limit_s = limit;
    EXPECT_THROW(solve_milp(p), std::invalid_argument) << limit;
  }
}

TEST(ProteusMilp, ATimeLimitThatStrikesBeforeAnyPlanGivesNothingButSaysSo) {
  // GLPK checks its limit as (tm_lim - 1) ms <= elapsed before each
  // subproblem: at 1 ms it stops before the first, on any machine, with no
  // incumbent. Nothing then means "not known": the instance is feasible.
  MilpProblem p = hi_lo(2, 35);
  p.limits.time_limit_s = 1e-9;  // rounded up to GLPK's 1 ms
  const MilpAttempt cut = try_solve_milp(p);
  EXPECT_TRUE(cut.time_limit_hit);
  EXPECT_FALSE(cut.plan);
  p.limits.time_limit_s = 60;
  const MilpAttempt full = try_solve_milp(p);
  EXPECT_FALSE(full.time_limit_hit);
  ASSERT_TRUE(full.plan);
  EXPECT_FALSE(full.plan->time_limited);
  EXPECT_NEAR(full.plan->objective, 30, 1e-9);
}

TEST(ProteusMilp, ATallyCountsSolvesTimeAndTimeLimitHits) {
  MilpTally tally;
  MilpProblem p = hi_lo(2, 35);
  tally.add(try_solve_milp(p));
  p.limits.time_limit_s = 1e-9;
  tally.add(try_solve_milp(p));
  MilpAttempt incumbent;  // as GLPK leaves it when the limit strikes after a plan was found
  incumbent.plan = MilpPlan{};
  incumbent.time_limit_hit = true;
  incumbent.solve_seconds = 2;
  tally.add(incumbent);
  EXPECT_EQ(tally.solves, 3u);
  EXPECT_EQ(tally.time_limit_hits, 2u);
  EXPECT_EQ(tally.incumbents, 1u);
  EXPECT_GT(tally.seconds, 2);
  MilpTally twice = tally;
  twice.add(tally);
  EXPECT_EQ(twice.solves, 6u);
  EXPECT_EQ(twice.incumbents, 2u);
  EXPECT_DOUBLE_EQ(twice.seconds, 2 * tally.seconds);
}

// ---------------------------------------------------------------------------
// Random instances against brute force.

struct Instance {
  MilpProblem problem;
  std::uint64_t placements = 0;  // what the brute force enumerates
};

std::uint64_t placements_of(const MilpProblem& p) {
  std::uint64_t n = 1;
  for (std::size_t t = 0; t < p.devices_per_type.size(); ++t) {
    std::uint64_t options = 1;  // none
    for (double c : p.capacity_qps[t]) options += c > 0 ? 1 : 0;
    for (std::uint32_t d = 0; d < p.devices_per_type[t]; ++d) n *= options;
  }
  return n;
}

constexpr std::uint64_t kMaxPlacements = 2'000'000;  // a second or so of brute force

// 2-3 device types of 1-3 devices, 2-3 query types of 2-3 variants each,
// a quarter of the (type, variant) pairs forbidden, demands from nothing to
// more than a query type could get (so some instances are infeasible). The
// largest type loses devices while the brute force would take too long.
Instance random_instance(unsigned seed) {
  std::mt19937 rng(seed);
  auto uniform = [&](double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); };
  auto count = [&](std::uint32_t lo, std::uint32_t hi) {
    return std::uniform_int_distribution<std::uint32_t>(lo, hi)(rng);
  };
  Instance in;
  MilpProblem& p = in.problem;
  const std::uint32_t types = count(2, 3), queries = count(2, 3);
  for (std::uint32_t t = 0; t < types; ++t) p.devices_per_type.push_back(count(1, 3));
  for (std::uint32_t q = 0; q < queries; ++q) {
    for (std::uint32_t k = count(2, 3); k > 0; --k) {
      p.variant_query_type.push_back(q);
      p.accuracy.push_back(uniform(0.8, 1.0));
    }
  }
  p.capacity_qps.assign(types, {});
  for (auto& row : p.capacity_qps) {
    for (std::size_t m = 0; m < p.accuracy.size(); ++m) row.push_back(uniform(0, 1) < 0.25 ? 0 : uniform(5, 60));
  }
  for (std::uint32_t q = 0; q < queries; ++q) {
    double reach = 0;  // q alone on every device, on its fastest variant there
    for (std::size_t t = 0; t < types; ++t) {
      double best = 0;
      for (std::size_t m = 0; m < p.accuracy.size(); ++m) {
        if (p.variant_query_type[m] == q) best = std::max(best, p.capacity_qps[t][m]);
      }
      reach += best * p.devices_per_type[t];
    }
    p.demand_qps.push_back(uniform(0, 1) < 0.15 ? 0 : uniform(0.02, 0.7) * reach);
  }
  while (placements_of(p) > kMaxPlacements) {
    --*std::max_element(p.devices_per_type.begin(), p.devices_per_type.end());
  }
  in.placements = placements_of(p);
  return in;
}

// For a fixed placement query types are independent, and serving q is a
// fractional knapsack with unit weights: fill the most accurate capacity
// first. Nothing if some demand cannot be met.
std::optional<double> best_served(const MilpProblem& p, const std::vector<double>& capacity_per_variant) {
  double objective = 0;
  for (std::uint32_t q = 0; q < p.demand_qps.size(); ++q) {
    std::vector<std::size_t> variants;
    for (std::size_t m = 0; m < p.accuracy.size(); ++m) {
      if (p.variant_query_type[m] == q) variants.push_back(m);
    }
    std::sort(variants.begin(), variants.end(), [&](auto a, auto b) { return p.accuracy[a] > p.accuracy[b]; });
    double left = p.demand_qps[q];
    for (std::size_t m : variants) {
      const double r = std::min(left, capacity_per_variant[m]);
      objective += p.accuracy[m] * r;
      left -= r;
    }
    if (left > 1e-9 * std::max(1.0, p.demand_qps[q])) return std::nullopt;
  }
  return objective;
}

// Every variant-or-none on every concrete device.
std::optional<double> brute_force(const MilpProblem& p) {
  std::vector<std::uint32_t> type_of;
  for (std::uint32_t t = 0; t < p.devices_per_type.size(); ++t) type_of.insert(type_of.end(), p.devices_per_type[t], t);
  std::vector<double> capacity(p.accuracy.size(), 0.0);
  std::optional<double> best;
  std::function<void(std::size_t)> place = [&](std::size_t d) {
    if (d == type_of.size()) {
      const auto served = best_served(p, capacity);
      if (served && (!best || *served > *best)) best = served;
      return;
    }
    place(d + 1);  // none
    for (std::size_t m = 0; m < p.accuracy.size(); ++m) {
      const double c = p.capacity_qps[type_of[d]][m];
      if (c <= 0) continue;
      capacity[m] += c;
      place(d + 1);
      capacity[m] -= c;
    }
  };
  place(0);
  return best;
}

// The plan meets Eqs. 1, 5 and 6 and its objective is Eq. 7 of its rates.
void expect_valid(const MilpProblem& p, const MilpPlan& plan) {
  std::vector<double> served(p.demand_qps.size(), 0.0);
  double objective = 0;
  for (std::size_t t = 0; t < p.devices_per_type.size(); ++t) {
    std::uint32_t hosted = 0;
    for (std::size_t m = 0; m < p.accuracy.size(); ++m) {
      const double r = plan.served_qps[t][m];
      hosted += plan.hosts[t][m];
      if (p.capacity_qps[t][m] == 0) {
        EXPECT_EQ(plan.hosts[t][m], 0u);
      }
      EXPECT_GE(r, 0);
      EXPECT_LE(r, p.capacity_qps[t][m] * plan.hosts[t][m] + 1e-6);
      // No spare device: one fewer could not carry r (hosts are trimmed).
      if (plan.hosts[t][m] > 0) {
        EXPECT_GT(r, p.capacity_qps[t][m] * (plan.hosts[t][m] - 1) + 1e-9);
      }
      served[p.variant_query_type[m]] += r;
      objective += p.accuracy[m] * r;
    }
    EXPECT_LE(hosted, p.devices_per_type[t]);
  }
  for (std::size_t q = 0; q < served.size(); ++q) EXPECT_NEAR(served[q], p.demand_qps[q], 1e-6);
  EXPECT_NEAR(plan.objective, objective, 1e-9 * std::max(1.0, objective));
}

constexpr unsigned kRandomInstances = 40;

class ProteusMilpRandom : public ::testing::TestWithParam<unsigned> {};

TEST_P(ProteusMilpRandom, GlpkOptimumEqualsBruteForce) {
  const Instance in = random_instance(GetParam());
  const auto expected = brute_force(in.problem);
  const auto plan = solve_milp(in.problem);
  ASSERT_EQ(plan.has_value(), expected.has_value()) << "feasibility differs; brute force enumerated "
                                                    << in.placements << " placements";
  if (!plan) return;
  EXPECT_NEAR(plan->objective, *expected, 1e-6 * std::max(1.0, std::abs(*expected)));
  expect_valid(in.problem, *plan);
}

INSTANTIATE_TEST_SUITE_P(Seeds, ProteusMilpRandom, ::testing::Range(0u, kRandomInstances));

TEST(ProteusMilpRandomSet, CoversFeasibleInfeasibleMixedAndLargeInstances) {
  // The comparison above is only as good as its instances: make sure the set
  // holds infeasible ones, feasible ones that mix variants of one query type
  // and some with many placements.
  unsigned infeasible = 0, mixed = 0, large = 0;
  for (unsigned seed = 0; seed < kRandomInstances; ++seed) {
    const Instance in = random_instance(seed);
    const auto plan = solve_milp(in.problem);
    if (in.placements >= 100'000) ++large;
    if (!plan) {
      ++infeasible;
      continue;
    }
    std::vector<unsigned> variants_used(in.problem.demand_qps.size(), 0);
    for (std::size_t m = 0; m < in.problem.accuracy.size(); ++m) {
      double r = 0;
      for (const auto& row : plan->served_qps) r += row[m];
      if (r > 1e-6) ++variants_used[in.problem.variant_query_type[m]];
    }
    if (*std::max_element(variants_used.begin(), variants_used.end()) > 1) ++mixed;
  }
  std::printf("[ instances] of %u: %u infeasible, %u feasible that mix variants, %u with >= 1e5 placements\n",
              kRandomInstances, infeasible, mixed, large);
  EXPECT_GE(infeasible, 5u);
  EXPECT_GE(kRandomInstances - infeasible, 20u);
  EXPECT_GE(mixed, 5u);
  EXPECT_GE(large, 1u);
}

TEST(ProteusMilpRandomSet, AMipGapKeepsPlansValidAndThatClose) {
  for (unsigned seed = 0; seed < kRandomInstances; ++seed) {
    MilpProblem p = random_instance(seed).problem;
    const auto exact = solve_milp(p);
    p.limits.mip_gap = 0.05;
    const auto close = solve_milp(p);
    ASSERT_EQ(exact.has_value(), close.has_value());
    if (!exact) continue;
    expect_valid(p, *close);
    EXPECT_GE(close->objective, (1 - 0.05) * exact->objective - 1e-9);
    EXPECT_LE(close->objective, exact->objective + 1e-6 * std::max(1.0, exact->objective));
  }
}

TEST(ProteusMilpRandomSet, SolvesAreDeterministic) {
  for (unsigned seed = 0; seed < 10; ++seed) {
    const MilpProblem p = random_instance(seed).problem;
    const auto a = solve_milp(p), b = solve_milp(p);
    ASSERT_EQ(a.has_value(), b.has_value());
    if (!a) continue;
    EXPECT_EQ(a->hosts, b->hosts);
    EXPECT_EQ(a->served_qps, b->served_qps);  // bit for bit
    EXPECT_EQ(a->objective, b->objective);
  }
}

}  // namespace
}  // namespace servesim::proteus
