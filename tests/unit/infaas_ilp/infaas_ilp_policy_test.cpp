// The infaas-ilp policy through the engine: a tiny world with Table 2's three
// variants on three instance types priced 1, 3 and 16 per hour. A 1000 QPS
// Poisson load at a 300 ms SLO starts on an empty cluster; the policy must
// launch Table 3's configuration (2 x B + 1 x C), keep it, and serve the load
// within the SLO once it runs.
#include <gtest/gtest.h>

#include <cstdio>
#include <map>

#include "policies/infaas/infaas_ilp_policy.hpp"
#include "tests/unit/cloud/cloud_harness.hpp"

namespace servesim {
namespace {

using nlohmann::json;

json tiny_world() {
  return R"({
    "name": "infaas-ilp-test",
    "seed": 3,
    "duration_s": 60,
    "catalogs": {
      "hardware": [{
        "device_types": [
          {"name": "cpu4", "kind": "cpu", "cores": 4, "memory_mb": 16384},
          {"name": "core", "kind": "inferentia", "memory_mb": 2048},
          {"name": "gpu", "kind": "gpu", "memory_mb": 16384}],
        "instance_types": [
          {"name": "a.box", "vcpus": 4, "memory_mb": 16384, "devices": [{"type": "cpu4", "count": 1}],
           "price_per_hour": 1.0, "boot_latency_s": 5},
          {"name": "b.box", "vcpus": 4, "memory_mb": 8192, "devices": [{"type": "core", "count": 1}],
           "price_per_hour": 3.0, "boot_latency_s": 5},
          {"name": "c.box", "vcpus": 8, "memory_mb": 62464, "devices": [{"type": "gpu", "count": 1}],
           "price_per_hour": 16.0, "boot_latency_s": 5}]
      }],
      "models": [{"families": [
        {"name": "resnet", "variants": [
          {"name": "A", "accuracy": 1, "memory_mb": 200, "load_latency_ms": 500, "max_batch": 1,
           "latency_ms": {"cpu4": [[1, 200]]}},
          {"name": "B", "accuracy": 1, "memory_mb": 100, "load_latency_ms": 500, "max_batch": 8,
           "latency_fit": "linear", "latency_ms": {"core": [[1, 10], [2, 20]]}},
          {"name": "C", "accuracy": 1, "memory_mb": 200, "load_latency_ms": 500, "max_batch": 32,
           "latency_fit": "linear", "latency_ms": {"gpu": [[1, 3.5], [12, 15]]}}]}
      ]}]
    },
    "cluster": {},
    "applications": [{"name": "classify", "family": "resnet", "slo_ms": 300,
                      "workload": {"kind": "poisson", "rate": 1000}}],
    "serving": {"drop": "none"},
    "policies": [{"name": "infaas-ilp", "params": {
      "tick_s": 2,
      "lambda": 0.01,
      "load_quantum_qps": 100,
      "workers": {"a.box": {"max_instances": 300}, "b.box": {"max_instances": 20}, "c.box": {"max_instances": 4}},
      "variants": [{"variant": "A", "instance_type": "a.box", "batch": 1},
                   {"variant": "B", "instance_type": "b.box", "batch": 2},
                   {"variant": "C", "instance_type": "c.box", "batch": 12}]}}],
    "outputs": {"window_s": 10}
  })"_json;
}

TEST(InfaasIlpPolicy, CandidatesAreTable2) {
  test::TempDir dir;
  const Scenario scenario = cloudtest::load_doc(dir, tiny_world());
  const auto policy = cloudtest::first_policy(scenario);
  const auto& ilp = dynamic_cast<const InfaasIlpPolicy&>(*policy);
  ASSERT_EQ(ilp.candidates().size(), 3u);
  std::map<std::string, InfaasIlpPolicy::Candidate> by_name;
  for (const auto& c : ilp.candidates()) by_name[c.name] = c;
  EXPECT_NEAR(by_name.at("A@a.box/b1").throughput_qps, 5, 1e-9);
  EXPECT_NEAR(by_name.at("B@b.box/b2").throughput_qps, 100, 1e-9);
  EXPECT_NEAR(by_name.at("C@c.box/b12").throughput_qps, 800, 1e-6);
  EXPECT_NEAR(by_name.at("C@c.box/b12").latency_s, 0.015, 1e-9);
  EXPECT_DOUBLE_EQ(by_name.at("B@b.box/b2").cost_per_hour, 3);
}

TEST(InfaasIlpPolicy, DefaultBatchIsTheLargestMeetingTheSlo) {
  json doc = tiny_world();
  doc["policies"][0]["params"].erase("variants");
  doc["applications"][0]["slo_ms"] = 30;
  test::TempDir dir;
  const Scenario scenario = cloudtest::load_doc(dir, doc);
  const auto policy = cloudtest::first_policy(scenario);
  std::map<std::string, std::uint32_t> batch;
  for (const auto& c : dynamic_cast<const InfaasIlpPolicy&>(*policy).candidates()) batch[c.name.substr(0, 1)] = c.batch;
  EXPECT_EQ(batch.at("A"), 1u);  // 200 ms misses 30 ms even alone: kept, but (2) bars loading it
  EXPECT_EQ(batch.at("B"), 3u);  // 30 ms
  EXPECT_EQ(batch.at("C"), 26u);  // 2.4545 + 1.0455 x 26 = 29.6 ms
}

TEST(InfaasIlpPolicy, BadParamsNameTheField) {
  json doc = tiny_world();
  doc["policies"][0]["params"]["workers"]["z.box"] = {{"max_instances", 1}};
  test::TempDir dir;
  try {
    const Scenario scenario = cloudtest::load_doc(dir, doc);
    cloudtest::first_policy(scenario);
    FAIL() << "expected an InputError";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("workers.z.box"), std::string::npos) << e.what();
  }
}

TEST(InfaasIlpPolicy, ProvisionsTable3For1000QpsAndMeetsTheSlo) {
  test::TempDir dir;
  const Scenario scenario = cloudtest::load_doc(dir, tiny_world());
  const auto policy = cloudtest::first_policy(scenario);
  const auto& ilp = dynamic_cast<const InfaasIlpPolicy&>(*policy);
  const cloudtest::CloudRun run = cloudtest::run(scenario, *policy);
  ASSERT_TRUE(cloudtest::conserved(run));

  // The plan: Table 3's third row.
  std::map<std::string, std::int64_t> plan;
  for (std::size_t c = 0; c < ilp.candidates().size(); ++c) plan[ilp.candidates()[c].name] = ilp.plan()[c];
  EXPECT_EQ(plan.at("A@a.box/b1"), 0);
  EXPECT_EQ(plan.at("B@b.box/b2"), 2);
  EXPECT_EQ(plan.at("C@c.box/b12"), 1);
  ASSERT_TRUE(ilp.last_solutions().at(0).has_value());
  EXPECT_DOUBLE_EQ(ilp.last_solutions()[0]->running_cost, 22);  // 2 x 3 + 16 per hour

  // Realized once, and kept: three instances launched in the whole run.
  std::map<std::string, int> launched;
  for (const InstanceInfo& i : run.instances) {
    ++launched[scenario.world.hardware->instance_type(i.type).name];
    EXPECT_EQ(i.state, InstanceState::kRunning);
  }
  EXPECT_EQ(launched["b.box"], 2);
  EXPECT_EQ(launched["c.box"], 1);
  EXPECT_EQ(launched.count("a.box"), 0u);

  // Once up (boot 5 s + load 0.5 s after the first tick at 2 s): within the SLO.
  std::uint64_t completed = 0, on_time = 0, rejected = 0;
  for (const WindowRow& row : run.rows) {
    if (row.start_s < 10) continue;
    completed += row.completed;
    on_time += row.on_time;
    rejected += row.rejected;
    EXPECT_EQ(row.replicas[static_cast<std::size_t>(DeviceKind::kInferentia)], 2u) << row.start_s;
    EXPECT_EQ(row.replicas[static_cast<std::size_t>(DeviceKind::kGpu)], 1u) << row.start_s;
  }
  EXPECT_GT(completed, 45000u);
  EXPECT_EQ(rejected, 0u);
  EXPECT_GE(static_cast<double>(on_time) / static_cast<double>(completed), 0.99);

  EXPECT_GE(ilp.stats().solves, 29u);
  EXPECT_EQ(ilp.stats().infeasible, 0u);
  std::printf("[ solve    ] %llu ILP solves in the run, mean %.3f ms, max %.3f ms\n",
              static_cast<unsigned long long>(ilp.stats().solves),
              ilp.stats().solve_wall_s_total / static_cast<double>(ilp.stats().solves) * 1000,
              ilp.stats().solve_wall_s_max * 1000);
}

// report(): the solves and the infeasible ones as counters, the solver's time
// apart (wall clock). With only the 5-QPS A workers (at most 4), 1000 QPS has
// no plan: every solve is infeasible.
TEST(InfaasIlpPolicy, ReportsSolvesInfeasibleOnesAndWallTimeApart) {
  json doc = tiny_world();
  doc["duration_s"] = 10;
  auto& params = doc["policies"][0]["params"];
  params["workers"] = {{"a.box", {{"max_instances", 4}}}};
  params["variants"] = json::array({{{"variant", "A"}, {"instance_type", "a.box"}, {"batch", 1}}});
  test::TempDir dir;
  const Scenario scenario = cloudtest::load_doc(dir, doc);
  const auto policy = cloudtest::first_policy(scenario);
  const auto& ilp = dynamic_cast<const InfaasIlpPolicy&>(*policy);
  cloudtest::run(scenario, *policy);

  PolicyCounters out;
  ilp.report(out);
  const double solves = static_cast<double>(ilp.stats().solves);
  EXPECT_GE(solves, 4);  // ticks at 2, 4, 6, 8 s
  const PolicyCounters::Entries counters = {{"solves", solves}, {"infeasible_solves", solves}};
  EXPECT_EQ(out.counters(), counters);
  ASSERT_EQ(out.wall_seconds().size(), 2u);
  EXPECT_EQ(out.wall_seconds()[0].first, "ilp_wall_s");
  EXPECT_GT(out.wall_seconds()[0].second, 0);
  EXPECT_EQ(out.wall_seconds()[1].first, "ilp_wall_s_max");
  EXPECT_LE(out.wall_seconds()[1].second, out.wall_seconds()[0].second);
  EXPECT_GE(out.wall_seconds()[1].second * solves, out.wall_seconds()[0].second);
}

}  // namespace
}  // namespace servesim
