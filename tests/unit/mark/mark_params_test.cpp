// The `mark` policy's parameters (mark_params.hpp): defaults are the paper's,
// the public code's choices are options, and each bad value is one error
// naming its field. Instance types come from the shipped AWS catalog.
#include "policies/mark/mark_params.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "sim/core/input_error.hpp"
#include "sim/scenario/hardware_catalog_parser.hpp"

namespace servesim::mark {
namespace {

using nlohmann::json;

const HardwareCatalog& aws() {
  static const HardwareCatalog catalog = [] {
    HardwareCatalog c;
    const std::string dir = std::string(SERVESIM_SOURCE_DIR) + "/configs/catalogs/hardware/";
    for (const char* f : {"accelerators.json", "aws_instances.json"}) {
      const json doc = read_json_file(dir + f);
      parse_hardware_catalog(JsonNode(doc, dir + f), c);
    }
    return c;
  }();
  return catalog;
}

// As a scenario gives them: policies[0].params.
MarkParams parse(const json& params) {
  const json doc = {{"policies", json::array({{{"name", "mark"}, {"params", params}}})}};
  return parse_mark_params(JsonNode(doc, "s.json").at("policies").items().at(0).at("params"), aws());
}

std::string error_of(const json& params) {
  try {
    parse(params);
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

std::vector<std::string> names(const std::vector<InstanceTypeId>& ids) {
  std::vector<std::string> out;
  for (InstanceTypeId t : ids) out.push_back(aws().instance_type(t).name);
  return out;
}

TEST(MarkParams, DefaultsAreThePapers) {
  const MarkParams p = parse(json::object());
  EXPECT_EQ(p.predictor.kind, PredictorKind::kLstm);
  EXPECT_EQ(p.predictor.window, 60u);
  EXPECT_EQ(p.tau_steps, 5u);
  EXPECT_EQ(p.overhead, LaunchOverheadRule::kLaunchDelay);
  EXPECT_EQ(p.target, TargetStepRule::kTau);
  EXPECT_EQ(p.cooldown_plans, 6u);
  EXPECT_EQ(p.market, Market::kOnDemand);
  EXPECT_DOUBLE_EQ(p.monitor.service_level, 0.98);
  EXPECT_EQ(p.monitor.last_requests, 1000u);
  EXPECT_FALSE(p.monitor_type.has_value());  // section 4.4's default, chosen per model (served_model.hpp)
  EXPECT_EQ(p.standby_count, 10u);
  // The standby type matters to MArk-spot only, which defaults it.
  EXPECT_EQ(aws().instance_type(parse({{"market", "spot"}}).standby_type).name, "t2.medium");
  // Section 5.1's candidates: every c5 and m5 size and p2.xlarge.
  EXPECT_EQ(names(p.instance_types),
            (std::vector<std::string>{"c5.large", "c5.xlarge", "c5.2xlarge", "c5.4xlarge", "m5.large", "m5.xlarge",
                                      "m5.2xlarge", "m5.4xlarge", "p2.xlarge"}));
}

TEST(MarkParams, ThePublicCodesChoicesAreOptions) {
  const MarkParams p = parse({{"launch_overhead", "public_code"},
                              {"target_step", "public_code"},
                              {"slo_monitor_rule", "public_code"},
                              {"predictor", "running_max"},
                              {"prediction_window", 50},
                              {"instance_types", {"c5.large", "c5.xlarge", "c5.2xlarge", "c5.4xlarge", "p2.xlarge"}}});
  EXPECT_EQ(p.overhead, LaunchOverheadRule::kPublicCode180s);
  EXPECT_EQ(p.target, TargetStepRule::kLargestOfFirstSteps);
  EXPECT_EQ(p.monitor.rule, SloMonitorRule::kEwma);
  EXPECT_EQ(p.predictor.kind, PredictorKind::kRunningMax);
  EXPECT_EQ(p.predictor.window, 50u);
  EXPECT_EQ(p.instance_types.size(), 5u);
}

TEST(MarkParams, TheGpuAblationLeavesCpuTypesOnly) {
  const MarkParams p = parse({{"gpu", false}});
  EXPECT_FALSE(p.ablations.gpu);
  EXPECT_EQ(p.instance_types.size(), 8u);
  for (const std::string& n : names(p.instance_types)) EXPECT_NE(n, "p2.xlarge");
  EXPECT_NE(error_of({{"gpu", false}, {"instance_types", {"p2.xlarge"}}}).find("s.json: policies[0].params.gpu: no CPU instance type"),
            std::string::npos);
}

TEST(MarkParams, BadValuesNameTheirField) {
  const std::vector<std::pair<json, std::string>> cases = {
      {{{"predictor", "arima"}}, "s.json: policies[0].params.predictor"},
      {{{"tau_steps", 0}}, "s.json: policies[0].params.tau_steps"},
      {{{"tau_steps", 61}}, "s.json: policies[0].params.tau_steps"},
      {{{"prediction_window", 10}, {"tau_steps", 11}}, "s.json: policies[0].params.tau_steps"},
      {{{"prediction_unit_s", 62}}, "s.json: policies[0].params.prediction_unit_s"},
      {{{"service_level", 0}}, "s.json: policies[0].params.service_level"},
      {{{"service_level", 1.01}}, "s.json: policies[0].params.service_level"},
      {{{"instance_types", {"c5.huge"}}}, "s.json: policies[0].params.instance_types[0]: unknown instance type \"c5.huge\""},
      {{{"instance_types", json::array()}}, "s.json: policies[0].params.instance_types"},
      {{{"standby_type", "c5.large"}}, "s.json: policies[0].params.standby_type: \"c5.large\" is not burstable"},
      {{{"slo_monitor_type", "x1"}}, "s.json: policies[0].params.slo_monitor_type"},
      {{{"launch_overhead", "zero"}}, "s.json: policies[0].params.launch_overhead"},
      {{{"market", "reserved"}}, "s.json: policies[0].params.market"},
      {{{"tau", 5}}, "s.json: policies[0].params"},
  };
  for (const auto& [params, where] : cases) {
    const std::string e = error_of(params);
    EXPECT_NE(e.find(where), std::string::npos) << params.dump() << " -> " << e;
  }
}

}  // namespace
}  // namespace servesim::mark
