// The `inferline`, `cg-mean` and `cg-peak` policies' bad input through the
// real binary: exit 2 and one line naming the file and the field, the
// application or the stage, whether the mistake is found while parsing the
// parameters (validate) or when the policy plans at its start (run). The
// scenario: Image Processing (preprocess -> ResNet152) on the shipped
// InferLine catalogs, 8 one-vCPU CPUs and 8 K80s, 10 QPS, SLO 300 ms.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "bad_input_harness.hpp"

namespace servesim::test::bad_input_inferline_test {  // its own: unity builds join test files
namespace {

using nlohmann::json;

const std::string kFile = "$DIR/scenario.json";

json inferline_scenario(const std::string& policy) {
  const std::string catalogs = std::string(SERVESIM_SOURCE_DIR) + "/configs/catalogs/";
  json pipeline = {{"stages",
                    {{{"name", "preprocess"}, {"family", "inferline_preprocess"}},
                     {{"name", "classify"}, {"family", "inferline_resnet152"}}}},
                   {"edges", {{{"from", "preprocess"}, {"to", "classify"}}}}};
  return {{"name", "bad-inferline"},
          {"seed", 1},
          {"duration_s", 20},
          {"catalogs",
           {{"hardware", {catalogs + "hardware/inferline_devices.json"}},
            {"models", {catalogs + "models/inferline_models.json"}}}},
          {"cluster", {{"devices", {{{"type", "p2.8xlarge.vcpu"}, {"count", 8}}, {{"type", "k80"}, {"count", 8}}}}}},
          {"applications",
           {{{"name", "images"},
             {"slo_ms", 300},
             {"pipeline", pipeline},
             {"workload", {{"kind", "poisson"}, {"rate", 10}}}}}},
          {"policies", {{{"name", policy}, {"params", json::object()}}}}};
}

json& params(json& s) { return s["policies"][0]["params"]; }
json& workload(json& s) { return s["applications"][0]["workload"]; }

// A case on the scenario with `policy`: `change` edits it.
std::function<void(json&, const TempDir&)> with(const std::string& policy, std::function<void(json&)> change) {
  return [policy, change](json& s, const TempDir&) {
    s = inferline_scenario(policy);
    change(s);
  };
}

// A history of one second at 0.001 QPS: no trace to plan on.
Case empty_planning_trace(const std::string& policy, const std::string& name) {
  return {name,
          with(policy,
               [](json& s) {
                 s["applications"][0]["history"] = {{"kind", "poisson"}, {"rate", 0.001}, {"duration_s", 1}};
               }),
          {kFile, "policies[0].params: application \"images\": the planning trace has fewer than 2 arrivals"},
          {},
          "run"};
}

const std::vector<Case>& cases() {
  static const std::vector<Case> table = {
      {"inferline_unknown_key", with("inferline", [](json& s) { params(s)["tunner"] = "none"; }),
       {kFile, "policies[0].params.tunner: unknown key"}},
      {"inferline_unknown_tuner", with("inferline", [](json& s) { params(s)["tuner"] = "fast"; }),
       {kFile, "policies[0].params.tuner", "\"fast\""}},
      {"inferline_unknown_planning", with("inferline", [](json& s) { params(s)["planning"] = "psychic"; }),
       {kFile, "policies[0].params.planning", "\"psychic\""}},
      {"inferline_sample_size_out_of_range", with("inferline", [](json& s) { params(s)["sample_size"] = 1; }),
       {kFile, "policies[0].params.sample_size", "[2, 10000000]"}},
      {"inferline_replica_cap_out_of_range",
       with("inferline", [](json& s) { params(s)["max_replicas_per_stage"] = 0; }),
       {kFile, "policies[0].params.max_replicas_per_stage"}},
      // Preprocessing runs on CPUs only: a K80-only cluster cannot serve it
      // (refused when the scenario loads, before any policy plans).
      {"inferline_stage_no_device_serves",
       with("inferline", [](json& s) { s["cluster"]["devices"] = {{{"type", "k80"}, {"count", 8}}}; }),
       {kFile, "applications[0]", "inferline_preprocess", "k80"}},
      // 200 QPS with one replica a stage at most: no plan meets the SLO.
      {"inferline_no_plan_meets_the_slo",
       with("inferline",
            [](json& s) {
              params(s)["max_replicas_per_stage"] = 1;
              workload(s)["rate"] = 200;
            }),
       {kFile, "policies[0].params: application \"images\": no plan on the cluster's hardware meets its SLO of 300 ms"},
       {},
       "run"},
      // 600 QPS needs more than the 8 K80s for ResNet152.
      {"inferline_plan_needs_more_devices", with("inferline", [](json& s) { workload(s)["rate"] = 600; }),
       {kFile, "policies[0].params: application \"images\"", "stage \"classify\"", "more than the cluster has free"},
       {},
       "run"},
      empty_planning_trace("inferline", "inferline_empty_planning_trace"),
      {"cg_peak_unknown_key", with("cg-peak", [](json& s) { params(s)["units"] = 3; }),
       {kFile, "policies[0].params.units: unknown key"}},
      {"cg_mean_unknown_tuner", with("cg-mean", [](json& s) { params(s)["tuner"] = "inferline"; }),
       {kFile, "policies[0].params.tuner", "\"inferline\""}},
      // CG-Peak provisions 600 QPS' peak in units of one replica per stage.
      {"cg_peak_plan_needs_more_devices", with("cg-peak", [](json& s) { workload(s)["rate"] = 600; }),
       {kFile, "policies[0].params: application \"images\"", "more than the cluster has free"},
       {},
       "run"},
      empty_planning_trace("cg-mean", "cg_mean_empty_planning_trace"),
  };
  return table;
}

class BadInferlineInput : public ::testing::TestWithParam<Case> {};

TEST_P(BadInferlineInput, ExitsTwoWithOneLineNamingTheField) { expect_bad_input(GetParam()); }

INSTANTIATE_TEST_SUITE_P(InferlineAndCoarseGrained, BadInferlineInput, ::testing::ValuesIn(cases()), case_name);

}  // namespace
}  // namespace servesim::test::bad_input_inferline_test
