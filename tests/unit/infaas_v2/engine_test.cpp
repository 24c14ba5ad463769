// infaas-v2 through the engine: conservation, the first query adding a
// predictor, and the switch dropped_count_as_queued.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "policies/infaas_v2/infaas_v2_policy.hpp"
#include "tests/unit/cloud/cloud_harness.hpp"

namespace servesim::infaas_v2::test {
namespace {

using nlohmann::json;

// One family "f": "best" runs only on cpu, in 60 ms at batch 1: over half the
// 100 ms SLO, so its largest allowed batch is 0 and it drops every query;
// "low" runs in 5 ms + 1 ms per query on the gpu. One device of each.
json world(const json& params, double rate) {
  const json variants = json::array(
      {{{"name", "best"}, {"accuracy", 100}, {"memory_mb", 1}, {"max_batch", 8}, {"latency_ms", {{"cpu", {{1, 60}}}}}},
       {{"name", "low"}, {"accuracy", 80}, {"memory_mb", 1}, {"max_batch", 8},
        {"latency_ms", {{"gpu", {{1, 6}, {2, 7}, {4, 9}, {8, 13}}}}}}});
  return {{"name", "infaas-v2-test"},
          {"seed", 3},
          {"duration_s", 30},
          {"catalogs",
           {{"hardware", json::array({{{"device_types", json::array({{{"name", "cpu"}, {"kind", "cpu"}, {"cores", 1}, {"memory_mb", 8192}},
                                                                    {{"name", "gpu"}, {"kind", "gpu"}, {"memory_mb", 8192}}})}}})},
            {"models", json::array({{{"families", json::array({{{"name", "f"}, {"variants", variants}}})}}})}}},
          {"cluster", {{"devices", json::array({{{"type", "cpu"}, {"count", 1}}, {{"type", "gpu"}, {"count", 1}}})}}},
          {"applications", json::array({{{"name", "a"}, {"family", "f"}, {"slo_ms", 100},
                                         {"workload", {{"kind", "poisson"}, {"rate", rate}}}}})},
          {"serving", {{"drop", "none"}, {"interference", false}}},
          {"policies", json::array({{{"name", "infaas-v2"}, {"params", params}}})},
          {"outputs", {{"window_s", 10}}}};
}

struct Result {
  cloudtest::CloudRun run;
  std::map<std::string, double> counters;
};

Result run(const json& params, double rate) {
  servesim::test::TempDir dir;
  const Scenario scenario = cloudtest::load_doc(dir, world(params, rate));
  auto policy = cloudtest::first_policy(scenario);
  Result r;
  r.run = cloudtest::run(scenario, *policy);
  PolicyCounters counters;
  policy->report(counters);
  for (const auto& [name, value] : counters.counters()) r.counters[name] = value;
  return r;
}

json params(bool dropped_count_as_queued) {
  return {{"device_types", json::array({"cpu", "gpu", "", ""})}, {"dropped_count_as_queued", dropped_count_as_queued}};
}

TEST(InfaasV2Engine, ConservesQueriesAndStartsWithNoPredictor) {
  const Result r = run(params(true), 50);
  EXPECT_TRUE(cloudtest::conserved(r.run));
  EXPECT_GT(r.run.counts.arrived, 1000u);
  // The first query adds best on the cpu, the next low on the gpu.
  EXPECT_GE(r.counters.at("predictors_added_on_query"), 2);
  EXPECT_GT(r.run.counts.completed, 0u);
  EXPECT_GT(r.run.counts.dropped, 0u);  // best drops what it is given
}

// best (cpu, batch 0) is the closest in accuracy; at batch 1 it takes
// floor(1000 / 60) = 16 per second. With the switch on, the queries it
// dropped count as queued forever: after 16 it has no room and the queries go
// to low (the down-scaler removes best every 10 s, and the next query adds it
// back: 16 more). With the switch off its queue never grows: it takes them all.
TEST(InfaasV2Engine, DroppedCountAsQueuedSwitch) {
  const Result artifact = run(params(true), 50);
  const Result paper = run(params(false), 50);
  EXPECT_LE(artifact.run.counts.dropped, 100u);
  EXPECT_GT(paper.run.counts.dropped, 1000u);
  EXPECT_GE(artifact.counters.at("predictors_removed"), 2);
}

}  // namespace
}  // namespace servesim::infaas_v2::test
