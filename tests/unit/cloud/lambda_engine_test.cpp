// Lambda through the engine: cold then warm starts, containers kept warm for
// the keep-alive, cold starts beyond the idle containers, throttling at the
// account's concurrency limit, the bill, and the per-window counts.
#include <gtest/gtest.h>

#include "sim/cluster/lambda_spec.hpp"
#include "tests/unit/cloud/cloud_harness.hpp"

namespace servesim::cloudtest::lambda_engine_test {  // its own: unity builds join test files
namespace {

// Function 0 "f": m at 1024 MB, cold start 2 s, latency from the "lambda"
// profile (250 ms). Function 1 "g": m at 500 MB, cold start 1 s, latency from
// the box.cpu profile (100 ms at 2 vCPUs) scaled by the CPU share 500 / 1000
// = 0.5 vCPU: 100 ms x 2 / 0.5 = 400 ms. Account: 3 concurrent, keep-alive
// 60 s, 100 ms granularity, $1e-5 per GB-s, $2e-7 per request.
json with_functions(json doc) {
  doc["cloud"] = {{"lambda",
                   {{"functions",
                     json::array({{{"name", "f"}, {"variant", "m"}, {"memory_mb", 1024}, {"cold_start_ms", 2000}},
                                  {{"name", "g"},
                                   {"variant", "m"},
                                   {"memory_mb", 500},
                                   {"cold_start_ms", 1000},
                                   {"latency_from", {{"device_type", "box.cpu"}, {"vcpus", 2}}}}})}}}};
  return doc;
}

// App a -> function f, app b -> function g.
RouteDecision by_app(const RouteRequest& req, const ClusterView&) { return RouteDecision::to_lambda(req.app); }

TEST(CloudLambda, ColdWarmThrottledAndBilled) {
  test::TempDir dir;
  json doc = with_functions(cloud_world());
  doc["duration_s"] = 160;
  // q0 1 s cold; q1 5 s warm; q2-q4 10 s: one warm, two cold; q5 10 s and q6
  // 10.1 s throttled (3 running); q7 100.5 s cold (idle for > 60 s); q8 and
  // q9 (151 s, 151.5 s) to g.
  doc["applications"] = json::array({app("a", "f", 5000, replay_at_seconds(dir, {1, 5, 10, 10, 10, 10, 10.1, 100.5}, "a.txt")),
                                     app("b", "f", 5000, replay_at_seconds(dir, {151, 151.5}, "b.txt"))});
  const Scenario scenario = load_doc(dir, doc);
  ASSERT_EQ(scenario.world.cloud.lambda_functions.size(), 2u);
  EXPECT_EQ(scenario.world.cloud.lambda_functions[0].latency, from_millis(250));
  EXPECT_EQ(scenario.world.cloud.lambda_functions[1].latency, from_millis(400));
  TestController c;
  c.router = by_app;
  c.tick = Duration::infinite();
  const CloudRun r = run(scenario, c);

  EXPECT_EQ(r.by_id(0).latency(), from_millis(2250));  // cold: 2 s + 250 ms
  EXPECT_EQ(r.by_id(1).latency(), from_millis(250));   // warm
  std::vector<Duration> burst{r.by_id(2).latency(), r.by_id(3).latency(), r.by_id(4).latency()};
  std::sort(burst.begin(), burst.end());
  EXPECT_EQ(burst, (std::vector<Duration>{from_millis(250), from_millis(2250), from_millis(2250)}));
  EXPECT_EQ(r.by_id(5).kind, OutcomeKind::kRejected);
  EXPECT_EQ(r.by_id(5).finish, at_seconds(10));
  EXPECT_EQ(r.by_id(6).kind, OutcomeKind::kRejected);
  EXPECT_EQ(r.by_id(7).latency(), from_millis(2250));  // the containers expired
  EXPECT_EQ(r.by_id(8).latency(), from_millis(1400));  // g cold: 1 s + 400 ms
  EXPECT_EQ(r.by_id(9).latency(), from_millis(1400));  // g's only container is busy: cold again
  EXPECT_EQ(r.counts.completed, 8u);
  EXPECT_EQ(r.counts.rejected, 2u);
  EXPECT_TRUE(conserved(r));

  // f: 250 ms billed as 300 ms at 1 GB; g: 400 ms at 500/1024 GB.
  const double f_cost = 1.0 * 0.3 * 1e-5 + 2e-7;
  const double g_cost = 500.0 / 1024.0 * 0.4 * 1e-5 + 2e-7;
  const LambdaSpec& spec = scenario.world.cloud.lambda;  // the catalog's, no scenario override
  EXPECT_NEAR(lambda_invocation_cost(spec, 1024, from_millis(250)), f_cost, 1e-18);
  EXPECT_NEAR(lambda_invocation_cost(spec, 500, from_millis(400)), g_cost, 1e-18);
  const double expected = 6 * f_cost + 2 * g_cost;
  EXPECT_NEAR(r.cluster.cost.lambda, expected, 1e-9 * expected);
  EXPECT_NEAR(r.summary.cost.lambda, expected, 1e-9 * expected);
  EXPECT_EQ(r.cluster.cost.on_demand + r.cluster.cost.spot + r.cluster.cost.fixed, 0.0);
  EXPECT_EQ(r.cluster.lambda_invocations, 8u);
  EXPECT_EQ(r.cluster.lambda_cold_starts, 6u);

  // Per window (10 s), counted when the invocation starts; the dollars when it ends.
  ASSERT_EQ(r.rows.size(), 16u);
  std::map<int, std::pair<std::uint64_t, std::uint64_t>> counts;
  for (int w = 0; w < 16; ++w) {
    if (r.rows[w].lambda_invocations > 0) counts[w] = {r.rows[w].lambda_invocations, r.rows[w].lambda_cold_starts};
  }
  const std::map<int, std::pair<std::uint64_t, std::uint64_t>> want{{0, {2, 1}}, {1, {3, 2}}, {10, {1, 1}}, {15, {2, 2}}};
  EXPECT_EQ(counts, want);
  EXPECT_NEAR(r.rows[0].cost_lambda, 2 * f_cost, 1e-15);
  EXPECT_NEAR(r.rows[1].cost_lambda, 3 * f_cost, 1e-15);
  EXPECT_NEAR(r.rows[15].cost_lambda, 2 * g_cost, 1e-15);
}

// Warm means released strictly less than the keep-alive ago.
TEST(CloudLambda, KeepAliveBoundary) {
  test::TempDir dir;
  json doc = with_functions(cloud_world());
  doc["duration_s"] = 130;
  // 1 s cold (ends 3.25 s); 63.2 s warm (59.95 s idle; ends 63.45 s);
  // 123.45 s cold (exactly 60 s idle).
  doc["applications"] = json::array({app("a", "f", 5000, replay_at_seconds(dir, {1, 63.2, 123.45}, "a.txt"))});
  const Scenario scenario = load_doc(dir, doc);
  TestController c;
  c.router = by_app;
  c.tick = Duration::infinite();
  const CloudRun r = run(scenario, c);
  EXPECT_EQ(r.by_id(0).latency(), from_millis(2250));
  EXPECT_EQ(r.by_id(1).latency(), from_millis(250));
  EXPECT_EQ(r.by_id(2).latency(), from_millis(2250));
  EXPECT_EQ(r.cluster.lambda_cold_starts, 2u);
}

// A function routed to while its query's other replica-bound work is absent:
// Lambda time counts as the query's latency, and its accuracy is the variant's.
TEST(CloudLambda, AccuracyAndOnTimeOfLambdaQueries) {
  test::TempDir dir;
  json doc = with_functions(cloud_world());
  doc["duration_s"] = 10;
  // SLO 2 s: the cold one (2.25 s) is late, the warm one on time.
  doc["applications"] = json::array({app("a", "f", 2000, replay_at_seconds(dir, {1, 5}, "a.txt"))});
  const Scenario scenario = load_doc(dir, doc);
  TestController c;
  c.router = by_app;
  c.tick = Duration::infinite();
  const CloudRun r = run(scenario, c);
  EXPECT_FALSE(r.by_id(0).on_time());
  EXPECT_TRUE(r.by_id(1).on_time());
  EXPECT_DOUBLE_EQ(r.by_id(1).accuracy, 1.0);
  EXPECT_EQ(r.counts.late, 1u);
  EXPECT_EQ(r.counts.on_time, 1u);
}

// An invocation that starts exactly at a window boundary (100 s, windows of
// 10 s) should count in the window [100, 110) that it starts, as the rows'
// [start, end) spans say. Before its fix, it counts in [90, 100): the arrival event at
// 100 s was scheduled (when the previous arrival was pulled, at 10 s) before
// the window-close event at 100 s (scheduled at 90 s), so it pops first; the
// one at 10 s likewise lands in [0, 10). The same holds for the arrival counts
// (and any completion or drop) at a boundary: which window gets an event at
// exactly a boundary depends on when the event was scheduled.
TEST(CloudLambda, InvocationAtWindowBoundaryCountsInTheWindowItStarts) {
  test::TempDir dir;
  json doc = with_functions(cloud_world());
  doc["duration_s"] = 110;
  doc["applications"] = json::array({app("a", "f", 5000, replay_at_seconds(dir, {10, 100}, "a.txt"))});
  const Scenario scenario = load_doc(dir, doc);
  TestController c;
  c.router = by_app;
  c.tick = Duration::infinite();
  const CloudRun r = run(scenario, c);
  ASSERT_EQ(r.rows.size(), 11u);
  EXPECT_EQ(r.rows[1].lambda_invocations, 1u);  // [10, 20): the one at 10 s
  EXPECT_EQ(r.rows[9].lambda_invocations, 0u);  // [90, 100)
  EXPECT_EQ(r.rows[10].lambda_invocations, 1u);  // [100, 110): the one at 100 s
  EXPECT_EQ(r.rows[9].arrivals, 0u);
  EXPECT_EQ(r.rows[10].arrivals, 1u);
}

}  // namespace
}  // namespace servesim::cloudtest::lambda_engine_test
