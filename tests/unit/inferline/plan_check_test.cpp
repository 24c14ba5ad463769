// The Planner on the Estimator (plan_check.hpp): options read from the
// catalog, and a search whose every verdict is the Estimator's, worked out
// by hand on a periodic trace.
#include "policies/inferline/plan_check.hpp"

#include <gtest/gtest.h>

#include "tests/unit/serving/engine_harness.hpp"

namespace servesim::inferline {
namespace {

using nlohmann::json;

class PlannerOnEstimator : public testing::Test {
 protected:
  void SetUp() override {
    json doc = test::engine_world();
    doc["applications"] = test::single_stage_app("a", 100, {{"kind", "poisson"}, {"rate", 1}});
    doc["policies"] = test::static_policy({test::place("a_fast")});
    scenario_ = std::make_unique<Scenario>(test::load_doc(dir_, doc));
  }
  const SimulationConfig& world() const { return scenario_->world; }
  VariantId a_fast() const { return *world().models->find_variant("a_fast"); }

  test::TempDir dir_;
  std::unique_ptr<Scenario> scenario_;
};

TEST_F(PlannerOnEstimator, OptionsAreTheDeviceTypesTheVariantIsProfiledOn) {
  const auto options = hardware_options(a_fast(), *world().models, *world().hardware);
  ASSERT_EQ(options.size(), 2u);  // gpu ($1/h; 10, 12, ... 24 ms to batch 8) and cpu ($0.1/h; 50 ms, batch 1)
  EXPECT_EQ(world().hardware->type(options[0].id).name, "gpu");
  EXPECT_DOUBLE_EQ(options[0].price_per_hour, 1.0);
  EXPECT_EQ(options[0].max_batch(), 8u);
  EXPECT_EQ(options[0].latency[8], from_millis(24));
  EXPECT_DOUBLE_EQ(options[1].price_per_hour, 0.1);
  EXPECT_EQ(options[1].latency[1], from_millis(50));
  const DeviceTypeId only_cpu[] = {options[1].id};
  EXPECT_EQ(hardware_options(a_fast(), *world().models, *world().hardware, only_cpu).size(), 1u);
}

TEST_F(PlannerOnEstimator, PlansTheCheapestConfigurationTheEstimatorAccepts) {
  // 150 QPS, one query every 6.67 ms for a minute; SLO 100 ms.
  std::vector<SimTime> sample;
  for (int i = 0; i < 9000; ++i) sample.push_back(SimTime::zero() + from_seconds(i / 150.0));
  const Pipeline& pipeline = world().applications[0].pipeline;
  PlannerInput input;
  input.pipeline = &pipeline;
  input.options = {hardware_options(a_fast(), *world().models, *world().hardware)};
  input.slo = from_millis(100);
  Estimator estimator(pipeline, world().seed);
  // Initialize: the GPU (10 ms), 100 QPS a replica at batch 1: two. Then the
  // CPU (50 ms, 20 QPS a replica, $0.1) needs 8 replicas, each query served
  // without waiting ($0.8 < $2); 7 carry 140 QPS and fall behind.
  const auto r = minimize_cost(input, estimator_check(estimator, input, sample));
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->plan, (Plan{{1, 1, 8}}));
  EXPECT_NEAR(r->cost_per_hour, 0.8, 1e-12);
  EXPECT_EQ(r->p99, from_millis(50));
  const VariantId variants[] = {a_fast()};
  const PipelineConfig config = to_config(input, r->plan, variants);
  ASSERT_EQ(config.size(), 1u);
  EXPECT_EQ(world().hardware->type(config[0].device_type).name, "cpu");
  EXPECT_EQ(config[0].replicas, 8u);
}

}  // namespace
}  // namespace servesim::inferline
