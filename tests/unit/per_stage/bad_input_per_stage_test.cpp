// The `per-stage` policy's bad input through the real binary: exit 2 and one
// line naming the file and the field, its own keys (policies[i].params.*) and
// the inner policy's (policies[i].params.params.*) alike. The base is the toy
// scenario (tests/unit/scenario/toy_scenario.hpp) with its application made a
// two-stage pipeline served by per-stage over infaas.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tests/unit/scenario/bad_input_harness.hpp"

namespace servesim::test {
namespace {

using nlohmann::json;

const std::string kFile = "$DIR/scenario.json";

void make_pipeline_with_per_stage(json& s, json params) {
  json& app = app0(s);
  app.erase("family");
  app["pipeline"] = R"({"stages": [{"name": "first", "family": "toy"}, {"name": "second", "family": "toy"}],
                        "edges": [{"from": "first", "to": "second"}]})"_json;
  s["policies"] = json::array({{{"name", "per-stage"}, {"params", std::move(params)}}});
}

// A case with these per-stage params.
std::function<void(json&, const TempDir&)> per_stage(json params) {
  return [params](json& s, const TempDir&) { make_pipeline_with_per_stage(s, params); };
}

const std::vector<Case>& cases() {
  static const std::vector<Case> table = {
      {"per_stage_unknown_inner_policy", per_stage({{"policy", "nope"}}),
       {kFile, "policies[0].params.policy: unknown policy \"nope\""}},
      {"per_stage_inner_inferline", per_stage({{"policy", "inferline"}}),
       {kFile, "policies[0].params.policy: policy \"inferline\" serves pipelines itself"}},
      {"per_stage_inner_cg_peak", per_stage({{"policy", "cg-peak"}}),
       {kFile, "policies[0].params.policy: policy \"cg-peak\" serves pipelines itself"}},
      {"per_stage_inside_per_stage", per_stage({{"policy", "per-stage"}}),
       {kFile, "policies[0].params.policy: policy \"per-stage\" is not supported inside per-stage"}},
      {"per_stage_inner_static", per_stage({{"policy", "static"}}),
       {kFile, "policies[0].params.policy: policy \"static\" is not supported inside per-stage"}},
      {"per_stage_inner_infaas_v2", per_stage({{"policy", "infaas-v2"}}),
       {kFile, "policies[0].params.policy: policy \"infaas-v2\" is not supported inside per-stage"}},
      {"per_stage_without_inner_policy", per_stage(json::object()), {kFile, "policies[0].params.policy"}},
      {"per_stage_inner_policy_not_a_string", per_stage({{"policy", 3}}), {kFile, "policies[0].params.policy"}},
      {"per_stage_nested_unknown_key", per_stage({{"policy", "infaas"}, {"params", {{"slak_threshold", 1.1}}}}),
       {kFile, "policies[0].params.params.slak_threshold: unknown key"}},
      {"per_stage_nested_sagemaker_unknown_key", per_stage({{"policy", "sagemaker"}, {"params", {{"instnce_type", "x"}}}}),
       {kFile, "policies[0].params.params.instnce_type: unknown key"}},
      {"per_stage_nested_bad_value", per_stage({{"policy", "infaas"}, {"params", {{"mode", "fastest"}}}}),
       {kFile, "policies[0].params.params.mode"}},
      {"per_stage_nested_params_not_an_object", per_stage({{"policy", "infaas"}, {"params", 3}}),
       {kFile, "policies[0].params.params: expected an object"}},
      {"per_stage_unknown_slo_split", per_stage({{"policy", "infaas"}, {"slo_split", "by_magic"}}),
       {kFile, "policies[0].params.slo_split: expected one of", "fastest_latency", "equal"}},
      {"per_stage_unknown_key", per_stage({{"policy", "infaas"}, {"slo_spilt", "equal"}}),
       {kFile, "policies[0].params.slo_spilt: unknown key"}},
      {"per_stage_offline_jobs",
       [](json& s, const TempDir&) {  // on the one-stage application: the loader refuses them on pipelines
         s["policies"] = json::array({{{"name", "per-stage"}, {"params", {{"policy", "infaas"}}}}});
         app0(s)["offline_jobs"] = json::array({{{"submit_s", 0.5}, {"inputs", 10}}});
       },
       {kFile, "applications[0].offline_jobs", "\"per-stage\" does not support offline jobs"}},
  };
  return table;
}

class BadInputPerStage : public ::testing::TestWithParam<Case> {};

TEST_P(BadInputPerStage, ExitsTwoWithOneLineNamingTheField) { expect_bad_input(GetParam()); }

INSTANTIATE_TEST_SUITE_P(PerStage, BadInputPerStage, ::testing::ValuesIn(cases()), case_name);

// The control: the scenario every case edits is valid, so each case fails
// for its own mistake.
TEST(BadInputPerStageBase, TheUneditedScenarioValidates) {
  TempDir dir;
  json s = base_scenario();
  make_pipeline_with_per_stage(s, {{"policy", "infaas"}, {"params", {{"slack_threshold", 1.1}}}, {"slo_split", "equal"}});
  dir.write_json("scenario.json", s);
  const CliResult r = run_servesim({"validate", (dir.path() / "scenario.json").string()}, dir.path(), 60);
  EXPECT_EQ(r.status, 0) << r.err;
}

}  // namespace
}  // namespace servesim::test
