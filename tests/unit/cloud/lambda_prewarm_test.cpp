// ClusterControl::prewarm_lambda: concurrent pings that leave warm containers
// behind. The next n invocations start warm, one more at once starts cold;
// pinged containers expire after the keep-alive like any other; pings hold the
// account's concurrency while they cold-start, and are billed one unit of the
// granularity plus the request fee each.
#include <gtest/gtest.h>

#include "sim/cluster/lambda_spec.hpp"
#include "tests/unit/cloud/cloud_harness.hpp"

namespace servesim::cloudtest::lambda_prewarm_test {  // its own: unity builds join test files
namespace {

// Function 0 "f": m at 1024 MB, cold start 2 s, 250 ms (the "lambda"
// profile). Account: 3 concurrent, keep-alive 60 s, 100 ms granularity,
// $1e-5 per GB-s, $2e-7 per request.
json with_function(json doc) {
  doc["cloud"] = {{"lambda",
                   {{"functions", json::array({{{"name", "f"}, {"variant", "m"}, {"memory_mb", 1024},
                                                {"cold_start_ms", 2000}}})}}}};
  return doc;
}

constexpr double kQueryCost = 1.0 * 0.3 * 1e-5 + 2e-7;  // 250 ms billed as 300 ms at 1 GB
constexpr double kPingCost = 1.0 * 0.1 * 1e-5 + 2e-7;   // one 100 ms unit at 1 GB

RouteDecision to_f(const RouteRequest&, const ClusterView&) { return RouteDecision::to_lambda(0); }

// Pings `count` at `at_s` (a tick); `started` gets what prewarm_lambda returned.
TestController prewarming(double at_s, std::uint32_t count, std::uint32_t& started) {
  TestController c;
  c.router = to_f;
  c.tick = from_seconds(1);
  c.at(at_s, [count, &started](ClusterControl& control, const ClusterView&) {
    started = control.prewarm_lambda(0, count);
  });
  return c;
}

Scenario with_queries(const test::TempDir& dir, double duration_s, const std::vector<double>& times_s) {
  json doc = with_function(cloud_world());
  doc["duration_s"] = duration_s;
  doc["applications"] = json::array({app("a", "f", 5000, replay_at_seconds(dir, times_s, "a.txt"))});
  return load_doc(dir, doc);
}

TEST(LambdaPrewarm, TheNextNInvocationsAreWarmAndOneMoreAtOnceIsCold) {
  test::TempDir dir;
  // Two pings at 10 s cold-start until 12 s; three queries at once at 20 s.
  const Scenario scenario = with_queries(dir, 30, {20, 20, 20});
  std::uint32_t started = 0;
  TestController c = prewarming(10, 2, started);
  const CloudRun r = run(scenario, c);
  EXPECT_EQ(started, 2u);
  std::vector<Duration> latencies{r.by_id(0).latency(), r.by_id(1).latency(), r.by_id(2).latency()};
  std::sort(latencies.begin(), latencies.end());
  EXPECT_EQ(latencies, (std::vector<Duration>{from_millis(250), from_millis(250), from_millis(2250)}));
  // The queries' invocations are counted; the pings only cost.
  EXPECT_EQ(r.cluster.lambda_invocations, 3u);
  EXPECT_EQ(r.cluster.lambda_cold_starts, 1u);
  const double expected = 2 * kPingCost + 3 * kQueryCost;
  EXPECT_NEAR(r.cluster.cost.lambda, expected, 1e-9 * expected);
  EXPECT_NEAR(r.rows[1].cost_lambda, 2 * kPingCost, 1e-15);  // [10, 20): the pings
  EXPECT_NEAR(lambda_invocation_cost(scenario.world.cloud.lambda, 1024, Duration::zero()), kPingCost, 1e-18);
}

// Pinged containers idle from the end of their cold start (12 s) and are
// warm for strictly less than the keep-alive (60 s) after it.
TEST(LambdaPrewarm, PingedContainersExpireAfterTheKeepAlive) {
  for (const auto& [at_s, warm] : std::vector<std::pair<double, bool>>{{71.9, true}, {72.0, false}}) {
    test::TempDir dir;
    const Scenario scenario = with_queries(dir, 80, {at_s});
    std::uint32_t started = 0;
    TestController c = prewarming(10, 1, started);
    const CloudRun r = run(scenario, c);
    EXPECT_EQ(r.by_id(0).latency(), from_millis(warm ? 250 : 2250)) << "query at " << at_s << " s";
  }
}

// Pings hold the account's concurrency (3) while they cold-start: the fourth
// ping is throttled, and so are queries during their cold start.
TEST(LambdaPrewarm, PingsHoldTheAccountsConcurrency) {
  test::TempDir dir;
  // 10 s: five pings, three start (cold until 12 s). 10.5 s and 11 s:
  // throttled. 20 s x 3: all warm.
  const Scenario scenario = with_queries(dir, 30, {10.5, 11, 20, 20, 20});
  std::uint32_t started = 0;
  TestController c = prewarming(10, 5, started);
  const CloudRun r = run(scenario, c);
  EXPECT_EQ(started, 3u);
  EXPECT_EQ(r.by_id(0).kind, OutcomeKind::kRejected);
  EXPECT_EQ(r.by_id(1).kind, OutcomeKind::kRejected);
  for (std::uint64_t id = 2; id < 5; ++id) EXPECT_EQ(r.by_id(id).latency(), from_millis(250)) << "query " << id;
  const double expected = 3 * kPingCost + 3 * kQueryCost;
  EXPECT_NEAR(r.cluster.cost.lambda, expected, 1e-9 * expected);
}

// A ping takes an idle warm container if there is one, as any invocation
// does: n pings leave n warm containers, not n more.
TEST(LambdaPrewarm, APingReusesAnIdleWarmContainer) {
  test::TempDir dir;
  // 1 s: cold (idle from 3.25 s). 10 s: two pings, one warm on that container
  // (run time 0: idle again at once), one cold (until 12 s). 20 s x 3: two
  // warm, one cold.
  const Scenario scenario = with_queries(dir, 30, {1, 20, 20, 20});
  std::uint32_t started = 0;
  TestController c = prewarming(10, 2, started);
  const CloudRun r = run(scenario, c);
  EXPECT_EQ(started, 2u);
  std::vector<Duration> burst{r.by_id(1).latency(), r.by_id(2).latency(), r.by_id(3).latency()};
  std::sort(burst.begin(), burst.end());
  EXPECT_EQ(burst, (std::vector<Duration>{from_millis(250), from_millis(250), from_millis(2250)}));
}

// Pings in Controller::start are the warm initial state: warm at once.
TEST(LambdaPrewarm, PingsAtTheStartAreWarmAtOnce) {
  test::TempDir dir;
  const Scenario scenario = with_queries(dir, 10, {0.5, 0.5});
  TestController c;
  c.router = to_f;
  c.tick = Duration::infinite();
  std::uint32_t started = 0;
  c.on_start = [&](ClusterControl& control, const ClusterView&) { started = control.prewarm_lambda(0, 2); };
  const CloudRun r = run(scenario, c);
  EXPECT_EQ(started, 2u);
  EXPECT_EQ(r.by_id(0).latency(), from_millis(250));
  EXPECT_EQ(r.by_id(1).latency(), from_millis(250));
  EXPECT_EQ(r.cluster.lambda_cold_starts, 0u);
  EXPECT_NEAR(r.cluster.cost.lambda, 2 * kPingCost + 2 * kQueryCost, 1e-15);
}

TEST(LambdaPrewarm, AnUnknownFunctionIsAPolicyBug) {
  test::TempDir dir;
  const Scenario scenario = with_queries(dir, 10, {5});
  TestController c;
  c.router = to_f;
  c.tick = from_seconds(1);
  c.at(1, [](ClusterControl& control, const ClusterView&) { control.prewarm_lambda(1, 1); });
  EXPECT_THROW(run(scenario, c), InvariantError);
}

}  // namespace
}  // namespace servesim::cloudtest::lambda_prewarm_test
