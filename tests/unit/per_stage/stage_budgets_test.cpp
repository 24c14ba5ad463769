// The per-stage policy's SLO split (stage_budgets.hpp), worked out by hand on
// a three-stage chain and on a DAG with a branch and a join, under both rules.
#include <gtest/gtest.h>

#include <vector>

#include "policies/per_stage/stage_budgets.hpp"
#include "tests/unit/per_stage/per_stage_world.hpp"

namespace servesim::per_stage::test {
namespace {

Duration ms(double v) { return from_millis(v); }

std::vector<std::int64_t> weights_ms(std::initializer_list<double> values) {
  std::vector<std::int64_t> out;
  for (double v : values) out.push_back(ms(v).ns);
  return out;
}

Pipeline chain3() {
  return Pipeline({{"A", 0}, {"B", 0}, {"C", 0}}, {{0, 1, 1.0}, {1, 2, 1.0}});
}

// A -> B -> C -> E and A -> D -> E (E a join): the branch A-D-E is one stage
// shorter than the trunk A-B-C-E.
Pipeline branch_and_join() {
  return Pipeline({{"A", 0}, {"B", 0}, {"C", 0}, {"D", 0}, {"E", 0}},
                  {{0, 1, 1.0}, {1, 2, 1.0}, {0, 3, 0.4}, {2, 4, 1.0}, {3, 4, 1.0}});
}

TEST(StageBudgets, ChainByLatencyIsProportionalToEachStagesShare) {
  // L = 10, 20, 70 ms: every stage is on the one path, P = 100 ms.
  // 200 ms x 10/100, x 20/100, x 70/100.
  const auto b = split_slo(chain3(), ms(200), weights_ms({10, 20, 70}));
  EXPECT_EQ(b, (std::vector<Duration>{ms(20), ms(40), ms(140)}));
}

TEST(StageBudgets, ChainEqualIsTheSloOverTheStageCount) {
  // 200 ms / 3 = 66 666 666.67 ns, rounded down so the three sum to at most the SLO.
  const auto b = split_slo(chain3(), ms(200), std::vector<std::int64_t>(3, 1));
  EXPECT_EQ(b, (std::vector<Duration>(3, Duration{66'666'666})));
  EXPECT_LE(b[0] + b[1] + b[2], ms(200));
}

TEST(StageBudgets, BranchAndJoinByLatency) {
  // L: A 10, B 20, C 30, D 15, E 5 ms. Paths: A-B-C-E 65 ms, A-D-E 30 ms.
  // P: A 65, B 65, C 65, D 30 (only A-D-E passes D), E 65.
  // SLO 130 ms: A 20, B 40, C 60, D 130 x 15/30 = 65, E 10.
  const auto b = split_slo(branch_and_join(), ms(130), weights_ms({10, 20, 30, 15, 5}));
  EXPECT_EQ(b, (std::vector<Duration>{ms(20), ms(40), ms(60), ms(65), ms(10)}));
  EXPECT_EQ(b[0] + b[1] + b[2] + b[4], ms(130));  // the critical path uses the whole SLO
  EXPECT_EQ(b[0] + b[3] + b[4], ms(95));          // the branch, less
}

TEST(StageBudgets, BranchAndJoinEqualCountsTheStagesOnTheLongestPathThroughEach) {
  // Through A, B, C, E the longest path has 4 stages; through D, 3.
  // SLO 120 ms: 30 ms each, D 40 ms.
  const auto b = split_slo(branch_and_join(), ms(120), std::vector<std::int64_t>(5, 1));
  EXPECT_EQ(b, (std::vector<Duration>{ms(30), ms(30), ms(30), ms(40), ms(30)}));
  EXPECT_EQ(b[0] + b[3] + b[4], ms(100));
}

TEST(StageBudgets, EdgeProbabilitiesDoNotShortenAPath) {
  // The branch A -> D has probability 0.4; a query that takes it must still
  // fit, so the split looks at the structure alone: the same budgets as
  // with probability 1.
  const Pipeline sure({{"A", 0}, {"B", 0}, {"C", 0}, {"D", 0}, {"E", 0}},
                      {{0, 1, 1.0}, {1, 2, 1.0}, {0, 3, 1.0}, {2, 4, 1.0}, {3, 4, 1.0}});
  const auto w = weights_ms({10, 20, 30, 15, 5});
  EXPECT_EQ(split_slo(branch_and_join(), ms(130), w), split_slo(sure, ms(130), w));
}

TEST(StageBudgets, NonPositiveWeightsAreRefused) {
  EXPECT_THROW(split_slo(chain3(), ms(200), weights_ms({10, 0, 70})), std::invalid_argument);
}

// The default rule reads L from the world: the fastest batch-1 latency of the
// variants the accuracy floor admits, on the device types the run can reach.
//   fx: x_fast (70 %: 0.7 of the best) cpu 10 ms; x_best cpu 30 ms, gpu 5 ms
//   fy: y1 cpu 20 ms, gpu 2 ms
// On two CPUs with a floor of 0.9: L = 30 (x_best on the CPU) and 20 ms;
// SLO 100 ms: 60 and 40 ms. With a GPU too: 5 and 2 ms, 71.43 and 28.57 ms.
json two_family_world() {
  return R"({
    "name": "split-test", "seed": 1, "duration_s": 10,
    "catalogs": {
      "hardware": [{"device_types": [
        {"name": "cpu", "kind": "cpu", "cores": 4, "memory_mb": 4096},
        {"name": "gpu", "kind": "gpu", "memory_mb": 4096}]}],
      "models": [{"families": [
        {"name": "fx", "variants": [
          {"name": "x_fast", "accuracy": 70, "memory_mb": 100, "max_batch": 1, "latency_ms": {"cpu": [[1, 10]]}},
          {"name": "x_best", "accuracy": 100, "memory_mb": 100, "max_batch": 1,
           "latency_ms": {"cpu": [[1, 30]], "gpu": [[1, 5]]}}]},
        {"name": "fy", "variants": [
          {"name": "y1", "accuracy": 1, "memory_mb": 100, "max_batch": 1, "latency_ms": {"cpu": [[1, 20]], "gpu": [[1, 2]]}}]}
      ]}]
    },
    "cluster": {"devices": [{"type": "cpu", "count": 2}]},
    "applications": [{
      "name": "xy", "slo_ms": 100, "min_accuracy": 0.9,
      "pipeline": {"stages": [{"name": "x", "family": "fx"}, {"name": "y", "family": "fy"}],
                   "edges": [{"from": "x", "to": "y"}]},
      "workload": {"kind": "poisson", "rate": 1}}],
    "policies": [{"name": "static", "params": {"placement": []}}]
  })"_json;
}

TEST(StageBudgets, FastestLatencyReadsTheFloorAndTheReachableDevices) {
  servesim::test::TempDir dir;
  json doc = two_family_world();
  Scenario s = cloudtest::load_doc(dir, doc);
  const Application& app = s.world.applications[0];
  EXPECT_EQ(stage_budgets(app, s.world, SloSplit::kFastestLatency), (std::vector<Duration>{ms(60), ms(40)}));
  EXPECT_EQ(stage_budgets(app, s.world, SloSplit::kEqual), (std::vector<Duration>{ms(50), ms(50)}));

  doc["applications"][0].erase("min_accuracy");  // x_fast counts: L = 10 and 20 ms
  s = cloudtest::load_doc(dir, doc);
  EXPECT_EQ(stage_budgets(s.world.applications[0], s.world, SloSplit::kFastestLatency),
            (std::vector<Duration>{Duration{33'333'333}, Duration{66'666'666}}));

  doc = two_family_world();
  doc["cluster"]["devices"].push_back({{"type", "gpu"}, {"count", 1}});  // L = 5 and 2 ms
  s = cloudtest::load_doc(dir, doc);
  EXPECT_EQ(stage_budgets(s.world.applications[0], s.world, SloSplit::kFastestLatency),
            (std::vector<Duration>{Duration{71'428'571}, Duration{28'571'428}}));
}

}  // namespace
}  // namespace servesim::per_stage::test
