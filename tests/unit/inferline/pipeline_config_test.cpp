// A plan's latency tables come from the catalog's profiles, as the engine's
// replicas read them; a plan the catalog cannot serve is refused by stage.
#include "policies/inferline/pipeline_config.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

#include "tests/unit/serving/engine_harness.hpp"

namespace servesim::inferline {
namespace {

using nlohmann::json;

class PlanTables : public testing::Test {
 protected:
  void SetUp() override {
    json doc = test::engine_world();
    doc["applications"] = json::array(
        {{{"name", "app"},
          {"slo_ms", 100},
          {"pipeline",
           {{"stages", {{{"name", "A"}, {"family", "a"}}, {{"name", "C"}, {"family", "c"}}}},
            {"edges", {{{"from", "A"}, {"to", "C"}}}}}},
          {"workload", {{"kind", "poisson"}, {"rate", 1}}}}});
    doc["policies"] = test::static_policy({test::place("a_fast"), test::place("c1")});
    scenario_ = std::make_unique<Scenario>(test::load_doc(dir_, doc));
  }
  VariantId variant(const char* name) const { return *world().models->find_variant(name); }
  DeviceTypeId device(const char* name) const { return *world().hardware->find(name); }
  const SimulationConfig& world() const { return scenario_->world; }
  std::vector<StageService> services(const PipelineConfig& config) const {
    return stage_services(world().applications[0].pipeline, config, *world().models, *world().hardware);
  }

  test::TempDir dir_;
  std::unique_ptr<Scenario> scenario_;
};

TEST_F(PlanTables, TablesFollowTheProfilesInterpolation) {
  // a_fast on gpu: 1:10 2:12 8:24 ms, linear between; c1: 1:5 4:8 ms.
  const auto s = services({{variant("a_fast"), device("gpu"), 4, 2}, {variant("c1"), device("gpu"), 4, 1}});
  ASSERT_EQ(s.size(), 2u);
  EXPECT_EQ(s[0].latency, (std::vector<Duration>{Duration::zero(), from_millis(10), from_millis(12), from_millis(14),
                                                 from_millis(16)}));
  EXPECT_EQ(s[0].replicas, 2u);
  EXPECT_EQ(s[0].batch(), 4u);
  EXPECT_EQ(s[1].latency[1], from_millis(5));
  EXPECT_EQ(s[1].latency[4], from_millis(8));
  // a_fast on cpu (1:50 ms) at batch 1.
  EXPECT_EQ(services({{variant("a_fast"), device("cpu"), 1, 1}, {variant("c1"), device("gpu"), 1, 1}})[0].latency[1],
            from_millis(50));
}

TEST_F(PlanTables, APlanTheCatalogCannotServeIsRefused) {
  const StageConfig c{variant("c1"), device("gpu"), 1, 1};
  const auto refused = [&](const PipelineConfig& config, const std::string& words) {
    try {
      services(config);
      ADD_FAILURE() << "expected a refusal mentioning " << words;
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
    }
  };
  refused({c}, "the plan has 1 stages");
  refused({{variant("b1"), device("gpu"), 1, 1}, c}, "not of the stage's family");
  refused({{variant("a_best"), device("cpu"), 1, 1}, c}, "not profiled on cpu");
  refused({{variant("a_fast"), device("gpu"), 1, 1}, {variant("c1"), device("gpu"), 5, 1}}, "batch 5 is outside 1..4");
  refused({{variant("a_fast"), device("gpu"), 0, 1}, c}, "stage \"A\": batch 0");
  refused({{variant("a_fast"), device("gpu"), 1, 0}, c}, "at least one replica");
}

}  // namespace
}  // namespace servesim::inferline
