// The `sagemaker` policy's parameters: defaults (AWS's and MArk section
// 5.1's), the default instance type (cheapest per request within the SLO),
// the initial fleet sized from the history's last minute, and bad input as
// one InputError naming the field.
#include <gtest/gtest.h>

#include "policies/sagemaker/sagemaker_params.hpp"
#include "sim/core/input_error.hpp"
#include "tests/unit/sagemaker/sagemaker_world.hpp"

namespace servesim::sagemaker::test::sagemaker_params_test {  // its own: unity builds join test files
namespace {

std::vector<SagemakerParams> parse_all(const Scenario& s, const json& params) {
  return parse_sagemaker_params(JsonNode(params, "s.json", "policies[0].params"), s.world);
}

// The first application's endpoint.
SagemakerParams parse(const Scenario& s, const json& params) { return parse_all(s, params).at(0); }

std::string error_of(const Scenario& s, const json& params) {
  try {
    parse(s, params);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

std::string type_name(const Scenario& s, InstanceTypeId t) { return s.world.hardware->instance_type(t).name; }

class SagemakerParamsTest : public ::testing::Test {
 protected:
  Scenario load(const json& doc) { return cloudtest::load_doc(dir_, doc); }
  TempDir dir_;
};

TEST_F(SagemakerParamsTest, DefaultsAreAwsAndTheMarkPapers) {
  const Scenario s = load(small_world());
  const SagemakerParams p = parse(s, {{"variant", "m"}});
  // c5.xlarge: 0.17 x 0.040 = 0.0068 beats c5.large's 0.085 x 0.100 = 0.0085,
  // c5.4xlarge's 0.0136; c5.cheap (0.005) misses the 300 ms SLO.
  EXPECT_EQ(type_name(s, p.instance_type), "c5.xlarge");
  EXPECT_EQ(p.batch1_latency, from_millis(40));
  EXPECT_DOUBLE_EQ(p.capacity_per_minute, 1500);  // 60 / 0.040
  EXPECT_DOUBLE_EQ(p.over_provisioning, 2);
  EXPECT_DOUBLE_EQ(p.tracking.target, 750);
  EXPECT_EQ(p.tracking.scale_out_points, 3u);
  EXPECT_EQ(p.tracking.scale_in_points, 15u);
  EXPECT_DOUBLE_EQ(p.tracking.scale_in_ratio, 0.9);
  EXPECT_EQ(p.tracking.scale_out_cooldown, from_seconds(300));
  EXPECT_EQ(p.tracking.scale_in_cooldown, from_seconds(300));
  EXPECT_EQ(p.tracking.min_capacity, 1u);
  EXPECT_EQ(p.initial_instances, 1u);  // no history: min_instances
  EXPECT_EQ(p.market, Market::kOnDemand);
  EXPECT_EQ(s.world.models->variant(p.variant).name, "m");
}

TEST_F(SagemakerParamsTest, TheDefaultVariantIsTheFamilysMostAccurate) {
  const Scenario s = load(small_world());
  const SagemakerParams p = parse(s, json::object());
  EXPECT_EQ(s.world.models->variant(p.variant).name, "m_best");
  // m_best runs only on c.cpu: c5.large (0.085 x 0.150) is the only c5 choice.
  EXPECT_EQ(type_name(s, p.instance_type), "c5.large");
  EXPECT_DOUBLE_EQ(p.capacity_per_minute, 400);
}

TEST_F(SagemakerParamsTest, TheDefaultTypeFollowsTheSloAndTheFamily) {
  json doc = small_world();
  doc["applications"][0]["slo_ms"] = 600;  // c5.cheap now qualifies: 0.01 x 0.5 = 0.005
  Scenario s = load(doc);
  EXPECT_EQ(type_name(s, parse(s, {{"variant", "m"}}).instance_type), "c5.cheap");
  doc["applications"][0]["slo_ms"] = 30;  // only c5.4xlarge (20 ms)
  s = load(doc);
  EXPECT_EQ(type_name(s, parse(s, {{"variant", "m"}}).instance_type), "c5.4xlarge");
  doc["applications"][0]["slo_ms"] = 300;
  s = load(doc);
  EXPECT_EQ(type_name(s, parse(s, {{"variant", "m"}, {"instance_family", "m5"}}).instance_type), "m5.large");
}

// A list of families: the cheapest per request of them all (c5.xlarge's
// 0.0068 beats m5.large's 0.0096), whichever family is named first.
TEST_F(SagemakerParamsTest, AListOfFamiliesTakesTheCheapestOfThemAll) {
  const Scenario s = load(small_world());
  EXPECT_EQ(type_name(s, parse(s, {{"variant", "m"}, {"instance_family", {"m5"}}}).instance_type), "m5.large");
  EXPECT_EQ(type_name(s, parse(s, {{"variant", "m"}, {"instance_family", {"m5", "c5"}}}).instance_type), "c5.xlarge");
  EXPECT_NE(error_of(s, {{"variant", "m"}, {"instance_family", json::array()}})
                .find("policies[0].params.instance_family: expected a family or a non-empty list"),
            std::string::npos);
}

TEST_F(SagemakerParamsTest, OverridesAreRead) {
  const Scenario s = load(small_world());
  const SagemakerParams p = parse(s, {{"variant", "m"},
                                      {"instance_type", "c5.large"},
                                      {"over_provisioning", 4},
                                      {"scale_out_points", 2},
                                      {"scale_in_points", 5},
                                      {"scale_in_ratio", 0.5},
                                      {"scale_out_cooldown_s", 60},
                                      {"scale_in_cooldown_s", 120},
                                      {"min_instances", 2},
                                      {"initial_instances", 3},
                                      {"market", "spot"}});
  EXPECT_EQ(type_name(s, p.instance_type), "c5.large");
  EXPECT_DOUBLE_EQ(p.capacity_per_minute, 600);
  EXPECT_DOUBLE_EQ(p.tracking.target, 150);
  EXPECT_EQ(p.tracking.scale_out_points, 2u);
  EXPECT_EQ(p.tracking.scale_in_points, 5u);
  EXPECT_DOUBLE_EQ(p.tracking.scale_in_ratio, 0.5);
  EXPECT_EQ(p.tracking.scale_out_cooldown, from_seconds(60));
  EXPECT_EQ(p.tracking.scale_in_cooldown, from_seconds(120));
  EXPECT_EQ(p.tracking.min_capacity, 2u);
  EXPECT_EQ(p.initial_instances, 3u);
  EXPECT_EQ(p.market, Market::kSpot);
}

// The history's first minute at 20/s (1200), its last at 12.5/s (750): the
// last minute alone sizes the fleet, ceil(750 / 300) = 3 on c5.large (a
// mean over the history would give ceil(975 / 300) = 4).
TEST_F(SagemakerParamsTest, InitialInstancesAreSizedForTheHistorysLastMinute) {
  json doc = small_world();
  std::vector<double> times;
  even(times, 0, 60, 20);
  even(times, 60, 120, 12.5);
  json history = cloudtest::replay_at_seconds(dir_, times, "history.txt");
  history["duration_s"] = 120;
  doc["applications"][0]["history"] = history;
  const Scenario s = load(doc);
  ASSERT_NE(s.world.history_of(0), nullptr);
  EXPECT_EQ(parse(s, {{"variant", "m"}, {"instance_type", "c5.large"}}).initial_instances, 3u);
  // Over-provisioning 1: target 600, ceil(750 / 600) = 2.
  EXPECT_EQ(parse(s, {{"variant", "m"}, {"instance_type", "c5.large"}, {"over_provisioning", 1}}).initial_instances, 2u);
  // Never below min_instances.
  EXPECT_EQ(parse(s, {{"variant", "m"}, {"instance_type", "c5.large"}, {"min_instances", 5}}).initial_instances, 5u);
}

TEST_F(SagemakerParamsTest, BadInputNamesTheField) {
  const Scenario s = load(small_world());
  const auto has = [&](const json& params, const std::string& what) {
    const std::string e = error_of(s, params);
    EXPECT_NE(e.find(what), std::string::npos) << "got: " << e;
  };
  has({{"instnce_type", "c5.large"}}, "policies[0].params.instnce_type");
  has({{"instance_type", "c9.large"}}, "policies[0].params.instance_type: unknown instance type \"c9.large\"");
  has({{"variant", "m_best"}, {"instance_type", "c5.xlarge"}}, "policies[0].params.instance_type: variant \"m_best\" is not profiled");
  has({{"instance_type", "c5.large"}, {"instance_family", "c5"}}, "policies[0].params.instance_type: give instance_type or instance_family");
  has({{"variant", "n"}}, "policies[0].params.variant: variant \"n\" is not of family \"f\"");
  has({{"variant", "zz"}}, "policies[0].params.variant: unknown model variant");
  has({{"over_provisioning", 0.5}}, "policies[0].params.over_provisioning");
  has({{"scale_out_points", 0}}, "policies[0].params.scale_out_points");
  has({{"scale_in_points", -1}}, "policies[0].params.scale_in_points");
  has({{"scale_in_ratio", 1.5}}, "policies[0].params.scale_in_ratio");
  has({{"scale_out_cooldown_s", -1}}, "policies[0].params.scale_out_cooldown_s");
  has({{"scale_in_cooldown_s", "long"}}, "policies[0].params.scale_in_cooldown_s");
  has({{"min_instances", 0}}, "policies[0].params.min_instances");
  has({{"min_instances", 3}, {"initial_instances", 2}}, "policies[0].params.initial_instances: expected at least min_instances (3)");
  has({{"market", "reserved"}}, "policies[0].params.market");
}

TEST_F(SagemakerParamsTest, NoTypeWithinTheSloIsAnErrorNamingTheField) {
  // m_best takes 150 ms on c.cpu, its only device: above a 120 ms SLO.
  json doc = small_world();
  doc["applications"][0]["slo_ms"] = 120;
  const Scenario s = load(doc);
  const json best = {{"variant", "m_best"}};
  EXPECT_NE(error_of(s, best).find("policies[0].params: no instance type of family \"c5\" serves variant "
                                   "\"m_best\" within the SLO (120 ms) at batch 1: name instance_type"),
            std::string::npos)
      << error_of(s, best);
  EXPECT_NE(error_of(s, {{"variant", "m"}, {"instance_family", "p3"}})
                .find("policies[0].params.instance_family: no instance type of family \"p3\""),
            std::string::npos);
  // A named type is the user's choice, even above the SLO.
  EXPECT_EQ(type_name(s, parse(s, {{"variant", "m_best"}, {"instance_type", "c5.large"}}).instance_type), "c5.large");
}

// Each application is an endpoint of its own, its defaults worked out for it:
// "b" (family g, 100 ms SLO) gets g's variant and the only c5 type n runs on,
// c5.large (price x T_1 = 0.085 x 0.010), next to "a"'s c5.xlarge.
TEST_F(SagemakerParamsTest, EachApplicationIsAnEndpointWithItsOwnChoices) {
  json doc = small_world();
  doc["applications"].push_back({{"name", "b"}, {"family", "g"}, {"slo_ms", 100},
                                 {"workload", {{"kind", "poisson"}, {"rate", 1}}}});
  const Scenario s = load(doc);
  const std::vector<SagemakerParams> endpoints = parse_all(s, {{"min_instances", 2}});
  ASSERT_EQ(endpoints.size(), 2u);
  EXPECT_EQ(endpoints[0].app, 0u);
  EXPECT_EQ(endpoints[1].app, 1u);
  EXPECT_EQ(s.world.models->variant(endpoints[0].variant).name, "m_best");
  EXPECT_EQ(s.world.models->variant(endpoints[1].variant).name, "n");
  EXPECT_EQ(type_name(s, endpoints[0].instance_type), "c5.large");
  EXPECT_EQ(type_name(s, endpoints[1].instance_type), "c5.large");
  EXPECT_DOUBLE_EQ(endpoints[0].capacity_per_minute, 400);   // 60 / 0.150
  EXPECT_DOUBLE_EQ(endpoints[1].capacity_per_minute, 6000);  // 60 / 0.010
  EXPECT_DOUBLE_EQ(endpoints[1].tracking.target, 3000);
  // The shared keys apply to both.
  EXPECT_EQ(endpoints[0].tracking.min_capacity, 2u);
  EXPECT_EQ(endpoints[1].initial_instances, 2u);
  // A variant named for every endpoint must be of every application's family.
  EXPECT_NE(error_of(s, {{"variant", "m"}}).find("policies[0].params.variant: variant \"m\" is not of family \"g\""),
            std::string::npos)
      << error_of(s, {{"variant", "m"}});
}

TEST_F(SagemakerParamsTest, APipelineIsRefusedNamingTheApplication) {
  json doc = small_world();
  doc["applications"][0].erase("family");
  doc["applications"][0]["pipeline"] = R"({"stages": [{"name": "one", "family": "f"}, {"name": "two", "family": "g"}],
                                           "edges": [{"from": "one", "to": "two"}]})"_json;
  const Scenario s = load(doc);
  const std::string e = error_of(s, json::object());
  EXPECT_NE(e.find("s.json: applications[0]: policy \"sagemaker\" serves one-model applications; \"a\" is a pipeline of 2 stages"),
            std::string::npos)
      << e;
}

}  // namespace
}  // namespace servesim::sagemaker::test::sagemaker_params_test
