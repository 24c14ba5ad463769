// InferLine's Planner (section 4.3, Algorithms 1 and 2) against a checker
// whose verdicts are worked out by hand: a plan is feasible when every
// visited stage's replicas carry its share of a fixed load, k b / T(b) >=
// lambda s, and the critical path of T(b) meets the SLO; its "P99" is that
// path.
#include <gtest/gtest.h>

#include <vector>

#include "policies/inferline/critical_path.hpp"
#include "policies/inferline/planner.hpp"

namespace servesim::inferline {
namespace {

// T(b) = base + per_item x b ms, b = 1..max.
HardwareOption hw(std::uint32_t id, double price, double base_ms, double per_item_ms, std::uint32_t max_batch) {
  HardwareOption h{id, price, {Duration::zero()}};
  for (std::uint32_t b = 1; b <= max_batch; ++b) h.latency.push_back(from_millis(base_ms + per_item_ms * b));
  return h;
}

struct World {
  Pipeline pipeline;
  PlannerInput input;
  double lambda;

  World(Pipeline p, std::vector<std::vector<HardwareOption>> options, double slo_ms, double rate)
      : pipeline(std::move(p)), lambda(rate) {
    input.pipeline = &pipeline;
    input.options = std::move(options);
    input.slo = from_millis(slo_ms);
  }

  PlanCheck check() const {
    return [this](const Plan& plan) {
      std::vector<Duration> times;
      bool carries = true;
      for (StageId s = 0; s < plan.size(); ++s) {
        const Duration t = input.options[s][plan[s].hardware].latency[plan[s].batch];
        times.push_back(t);
        carries = carries && plan[s].replicas * plan[s].batch / t.seconds() >= lambda * pipeline.visit_probability(s);
      }
      const Duration path = critical_path(pipeline, times);
      return PlanEstimate{carries && path <= input.slo, path};
    };
  }
};

Pipeline one_stage() { return Pipeline({{"m", 0}}, {}); }

TEST(InferLinePlanner, InitializeTakesTheFastestHardwareThenReplicasForTheBottleneck) {
  // GPU T(b) = 10 + 2b ms ($2.5/h), CPU 50 b ms ($0.0665/h); 100 QPS, 100 ms.
  // The GPU's 12 ms wins; one replica does 83 QPS, two 167: two.
  World w(one_stage(), {{hw(0, 2.5, 10, 2, 16), hw(1, 0.0665, 0, 50, 4)}}, 100, 100);
  const auto r = initialize_plan(w.input, w.check());
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->plan, (Plan{{0, 1, 2}}));
  EXPECT_DOUBLE_EQ(r->cost_per_hour, 5.0);
  EXPECT_EQ(r->checks, 2u);
}

TEST(InferLinePlanner, InitializeFailsWhenTheFastestPathMissesTheSlo) {
  World w(Pipeline({{"a", 0}, {"b", 0}}, {{0, 1, 1.0}}), {{hw(0, 1, 30, 0, 4)}, {hw(0, 1, 30, 0, 4)}}, 59, 1);
  EXPECT_FALSE(initialize_plan(w.input, w.check()).has_value());
  w.input.slo = from_millis(60);  // 60 ms is not greater than the SLO: feasible
  EXPECT_TRUE(initialize_plan(w.input, w.check()).has_value());
}

TEST(InferLinePlanner, InitializeStopsAtTheReplicaCapWhenNoCountPasses) {
  World w(one_stage(), {{hw(0, 1, 10, 0, 1)}}, 100, 1e9);  // a billion QPS
  w.input.max_replicas_per_stage = 5;
  EXPECT_FALSE(initialize_plan(w.input, w.check()).has_value());
}

TEST(InferLinePlanner, MinimizeCostDowngradesToTheCpuWhenItIsCheaper) {
  // From 2 GPU replicas ($5): IncreaseBatch (b 2, $5) and DowngradeHW are
  // feasible, RemoveReplica is not (83 QPS). The CPU (20 QPS a replica at any
  // batch) needs 5 replicas: $0.3325; its local search then doubles the batch
  // once (100 ms still meets the SLO, at no cost) and stops (b 4: 200 ms).
  // Nothing is cheaper than the CPU, and 4 replicas carry 80 QPS: done.
  World w(one_stage(), {{hw(0, 2.5, 10, 2, 16), hw(1, 0.0665, 0, 50, 4)}}, 100, 100);
  const auto r = minimize_cost(w.input, w.check());
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->plan, (Plan{{1, 2, 5}}));
  EXPECT_NEAR(r->cost_per_hour, 5 * 0.0665, 1e-12);
  EXPECT_EQ(r->p99, from_millis(100));
}

TEST(InferLinePlanner, MinimizeCostBatchesToShedReplicasWhenTheHardwareStays) {
  // GPU only, T(b) = 10 + 2b ms, 300 QPS, SLO 40 ms; a replica does b / T(b):
  // 83, 143, 222, 308 QPS at b 1, 2, 4, 8. Initialize: 4 replicas at b 1.
  // Then, round by round (the cheapest feasible step; a batch step only when
  // no replica can go): b 2 (k 4) | k 3 | b 4 (k 3) | k 2 | b 8 (k 2) | k 1,
  // where b 16 (42 ms) misses the SLO and no replica is left to remove.
  World w(one_stage(), {{hw(0, 2.5, 10, 2, 16)}}, 40, 300);
  const auto r = minimize_cost(w.input, w.check());
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->plan, (Plan{{0, 8, 1}}));
  EXPECT_DOUBLE_EQ(r->cost_per_hour, 2.5);
  EXPECT_EQ(r->p99, from_millis(26));
}

TEST(InferLinePlanner, TheBottleneckCountsTheShareOfQueriesAStageSees) {
  // a -> b taken 10 % of the time; both CPU-like (T = 50 ms, batch 1 only)
  // at 100 QPS: a needs 5 replicas, b carries 10 QPS on 1 replica of 20.
  World w(Pipeline({{"a", 0}, {"b", 0}}, {{0, 1, 0.1}}), {{hw(0, 1, 50, 0, 1)}, {hw(0, 1, 50, 0, 1)}}, 200, 100);
  const auto r = initialize_plan(w.input, w.check());
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->plan, (Plan{{0, 1, 5}, {0, 1, 1}}));
}

TEST(InferLinePlanner, DowngradeHwStepsPastAMiddleTierThatGivesNoCheaperPlan) {
  // GPU T(b) = 2 + 0.1b ms ($2.5), a "K80" T(b) = 99 + 0.1b ms ($2.0), CPU
  // 10 b ms ($0.0665); 100 QPS, SLO 100 ms (the checker: k b / T(b) >= 100
  // and T(b) <= 100 ms). One GPU replica carries the load ($2.5). On the K80
  // only b <= 8 meets the SLO (b 16: 100.6 ms), 80 QPS a replica, so it needs
  // two ($4): no cheaper plan. The CPU after it needs one replica at b 8
  // (100 QPS in 80 ms): $0.0665. With the next cheaper tier alone the plan
  // would stay on the GPU.
  World w(one_stage(), {{hw(0, 2.5, 2, 0.1, 32), hw(1, 2.0, 99, 0.1, 32), hw(2, 0.0665, 0, 10, 32)}}, 100, 100);
  const auto r = minimize_cost(w.input, w.check());
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->plan, (Plan{{2, 8, 1}}));
  EXPECT_NEAR(r->cost_per_hour, 0.0665, 1e-12);
}

TEST(InferLinePlanner, ADowngradeNoBatchMakesAffordableIsRejectedAfterOneEstimatePerBatch) {
  // One GPU replica (batch 1 only, 100 ms) carries 10 QPS of 10 for $1. A CPU
  // replica costs $0.6, so a cheaper plan has one, and one carries 5 QPS at
  // any batch (T = 200 b ms, b <= 4). Initialize takes 1 estimate; the one
  // round has no batch to increase and no replica to remove, and the
  // downgrade is rejected after one estimate per CPU batch (1, 2, 4) at one
  // replica, without a local search (which would start from 2 replicas).
  World w(one_stage(), {{hw(0, 1, 100, 0, 1), hw(1, 0.6, 0, 200, 4)}}, 1000, 10);
  const auto r = minimize_cost(w.input, w.check());
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->plan, (Plan{{0, 1, 1}}));
  EXPECT_EQ(r->checks, 4u);
}

}  // namespace
}  // namespace servesim::inferline
