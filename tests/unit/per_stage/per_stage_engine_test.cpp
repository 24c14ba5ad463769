// The per-stage policy end to end on the real engine: the two-stage chain of
// per_stage_world.hpp (detect 40 ms -> classify 60 ms at batch 1 on a CPU,
// SLO 1000 ms split 400 / 600 ms) at 5 QPS, served by per-stage over each of
// the single-model systems. Each stage alone is light (5 QPS x 40-60 ms is a
// quarter to a third of one CPU slot), so each policy should serve nearly
// everything in time; every query must have an outcome.
#include <gtest/gtest.h>

#include <cstdio>

#include "policies/per_stage/per_stage_policy.hpp"
#include "policies/sagemaker/sagemaker_policy.hpp"
#include "tests/unit/per_stage/per_stage_world.hpp"

namespace servesim::per_stage::test {
namespace {

// At 5 QPS with two stages each far under its budget, a policy that provisions
// for the load at all misses only queries caught by a start-up or a rare burst:
// a tenth of them would mean a stage that does not serve its share.
constexpr double kMostOnTime = 0.9;

void expect_served(const PolicyRunResult& r, const std::string& what) {
  const QueryCounts& c = r.run.counts;
  EXPECT_TRUE(cloudtest::conserved(r.run)) << what;
  EXPECT_EQ(c.unfinished, 0u) << what;
  EXPECT_GT(c.arrived, 1200u) << what;  // 5 QPS x 300 s
  EXPECT_GE(r.on_time_fraction(), kMostOnTime) << what;
  // For the report: attainment and cost of each inner policy on this world.
  std::printf("[per-stage %s] arrived %llu, on time %.2f %%, late %llu, dropped %llu, rejected %llu, cost $%.4f\n",
              what.c_str(), static_cast<unsigned long long>(c.arrived), 100 * r.on_time_fraction(),
              static_cast<unsigned long long>(c.late), static_cast<unsigned long long>(c.dropped),
              static_cast<unsigned long long>(c.rejected), r.run.summary.cost.total());
  ::testing::Test::RecordProperty(what + "_on_time_percent", std::to_string(100 * r.on_time_fraction()));
  ::testing::Test::RecordProperty(what + "_cost", std::to_string(r.run.summary.cost.total()));
}

TEST(PerStageEngine, MarkServesTheChain) {
  json doc = chain_world();
  doc["policies"] = per_stage("mark", {{"instance_types", json::array({"c5.xlarge"})},
                                       {"slo_monitor_type", "c5.xlarge"},
                                       {"predictor", "last_value"}});
  const PolicyRunResult r = run_first_policy(doc);
  expect_served(r, "mark");
  // Two applications in MArk's world, each planned on its own: its counters
  // per application.
  double plans0 = 0, plans1 = 0;
  for (const auto& [name, value] : r.counters.counters()) {
    if (name == "app0_plans") plans0 = value;
    if (name == "app1_plans") plans1 = value;
  }
  EXPECT_GE(plans0, 5.0);  // the start's, then one a minute
  EXPECT_GE(plans1, 5.0);
}

TEST(PerStageEngine, SagemakerServesTheChainWithAnEndpointPerStage) {
  json doc = chain_world();
  doc["policies"] = per_stage("sagemaker");
  const PolicyRunResult r = run_first_policy(doc);
  expect_served(r, "sagemaker");
  bool app0 = false, app1 = false;
  for (const auto& [name, value] : r.counters.counters()) {
    app0 = app0 || name == "app0_instances_launched";
    app1 = app1 || name == "app1_instances_launched";
  }
  EXPECT_TRUE(app0 && app1);  // one endpoint per stage
}

TEST(PerStageEngine, ProteusServesTheChainOnAFixedCluster) {
  json doc = with_fixed_cpus(chain_world());
  doc["policies"] = per_stage("proteus");
  expect_served(run_first_policy(doc), "proteus");
}

TEST(PerStageEngine, InfaasServesTheChainOnAFixedCluster) {
  json doc = with_fixed_cpus(chain_world());
  doc["policies"] = per_stage("infaas", {{"initial_load_qps", 5}});
  expect_served(run_first_policy(doc), "infaas");
}

TEST(PerStageEngine, TheEqualSplitServesTheChainToo) {
  json doc = with_fixed_cpus(chain_world());
  doc["policies"] = per_stage("infaas", {{"initial_load_qps", 5}}, "equal");
  expect_served(run_first_policy(doc), "infaas-equal");
}

// Over a one-model application the split gives the whole SLO to its one stage,
// the derived world is the real one but for the application's name, and a
// stage's deadline is the query's: per-stage is then the inner policy itself,
// query for query.
void expect_same_as_alone(const json& alone_policies, const json& per_stage_policies) {
  json doc = chain_world();
  doc["applications"][0].erase("pipeline");
  doc["applications"][0]["family"] = "fa";
  doc["duration_s"] = 120;
  doc["policies"] = alone_policies;
  const PolicyRunResult alone = run_first_policy(doc);
  doc["policies"] = per_stage_policies;
  const PolicyRunResult wrapped = run_first_policy(doc);
  ASSERT_EQ(alone.run.outcomes.size(), wrapped.run.outcomes.size());
  ASSERT_GT(alone.run.outcomes.size(), 400u);
  for (std::size_t i = 0; i < alone.run.outcomes.size(); ++i) {
    EXPECT_EQ(alone.run.outcomes[i].id, wrapped.run.outcomes[i].id) << i;
    EXPECT_EQ(alone.run.outcomes[i].finish, wrapped.run.outcomes[i].finish) << i;
    EXPECT_EQ(alone.run.outcomes[i].kind, wrapped.run.outcomes[i].kind) << i;
  }
  EXPECT_EQ(alone.counters.counters(), wrapped.counters.counters());
  EXPECT_DOUBLE_EQ(alone.run.summary.cost.total(), wrapped.run.summary.cost.total());
}

TEST(PerStageEngine, OverAOneModelApplicationItIsSagemakerItself) {
  expect_same_as_alone(json::array({{{"name", "sagemaker"}, {"label", "s"}}}),
                       json::array({{{"name", "per-stage"}, {"label", "s"}, {"params", {{"policy", "sagemaker"}}}}}));
}

TEST(PerStageEngine, OverAOneModelApplicationItIsMarkItself) {
  const json mark_params = {{"instance_types", json::array({"c5.xlarge"})}, {"slo_monitor_type", "c5.xlarge"}, {"predictor", "last_value"}};
  expect_same_as_alone(
      json::array({{{"name", "mark"}, {"label", "m"}, {"params", mark_params}}}),
      json::array({{{"name", "per-stage"}, {"label", "m"}, {"params", {{"policy", "mark"}, {"params", mark_params}}}}}));
}

}  // namespace
}  // namespace servesim::per_stage::test
