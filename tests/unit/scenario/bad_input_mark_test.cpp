// The `mark` and `sagemaker` policies' bad input through the real binary:
// exit 2 and one line naming the file and the field, whether the mistake is
// found while parsing the parameters (validate), while building the policy
// (its candidate types, the LSTM's history) or at its first plan (start).
// The scenario serves the shipped MArk LSTM-ptb model on the shipped AWS
// catalog (profiled on c5, m5 and t2, not on p2's K80), 5 QPS with a 2 h
// history; "last_value" keeps the policy from training an LSTM.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "bad_input_harness.hpp"

namespace servesim::test::bad_input_mark_test {  // its own: unity builds join test files
namespace {

using nlohmann::json;

const std::string kFile = "$DIR/scenario.json";

json mark_scenario() {
  const std::string catalogs = std::string(SERVESIM_SOURCE_DIR) + "/configs/catalogs/";
  return {{"name", "bad-mark"},
          {"seed", 1},
          {"duration_s", 120},
          {"catalogs",
           {{"hardware", {catalogs + "hardware/accelerators.json", catalogs + "hardware/aws_instances.json"}},
            {"models", {catalogs + "models/mark_models.json"}}}},
          {"cluster", {{"instances", json::array()}}},
          {"applications",
           {{{"name", "ptb"},
             {"family", "mark_lstm_ptb"},
             {"slo_ms", 600},
             {"workload", {{"kind", "poisson"}, {"rate", 5}}},
             {"history", {{"kind", "poisson"}, {"rate", 5}, {"duration_s", 7200}}}}}},
          {"policies", {{{"name", "mark"}, {"params", {{"predictor", "last_value"}}}}}}};
}

json& params(json& s) { return s["policies"][0]["params"]; }

// A case on the MArk scenario: `change` edits the policy's params.
std::function<void(json&, const TempDir&)> mark(std::function<void(json&)> change) {
  return [change](json& s, const TempDir&) {
    s = mark_scenario();
    change(s);
  };
}

// A case with the sagemaker policy and these params in its place.
std::function<void(json&, const TempDir&)> sagemaker(json p) {
  return [p](json& s, const TempDir&) {
    s = mark_scenario();
    s["policies"] = json::array({{{"name", "sagemaker"}, {"params", p}}});
  };
}

const std::vector<Case>& cases() {
  static const std::vector<Case> table = {
      {"mark_unknown_key", mark([](json& s) { params(s)["tau"] = 5; }),
       {kFile, "policies[0].params.tau: unknown key"}},
      {"mark_unknown_predictor", mark([](json& s) { params(s)["predictor"] = "arima"; }),
       {kFile, "policies[0].params.predictor: expected one of \"lstm\", \"last_value\"", "got \"arima\""}},
      {"mark_tau_zero", mark([](json& s) { params(s)["tau_steps"] = 0; }),
       {kFile, "policies[0].params.tau_steps", "[1, 10080]"}},
      {"mark_tau_beyond_the_window",
       mark([](json& s) {
         params(s)["prediction_window"] = 10;
         params(s)["tau_steps"] = 11;
       }),
       {kFile, "policies[0].params.tau_steps", "expected at most prediction_window (10), got 11"}},
      {"mark_unit_not_whole_sample_windows", mark([](json& s) { params(s)["prediction_unit_s"] = 62; }),
       {kFile, "policies[0].params.prediction_unit_s", "whole multiple of sample_window_s"}},
      {"mark_service_level_zero", mark([](json& s) { params(s)["service_level"] = 0; }),
       {kFile, "policies[0].params.service_level"}},
      {"mark_service_level_over_one", mark([](json& s) { params(s)["service_level"] = 1.5; }),
       {kFile, "policies[0].params.service_level"}},
      {"mark_type_not_in_catalog", mark([](json& s) { params(s)["instance_types"] = {"c5.large", "c9.large"}; }),
       {kFile, "policies[0].params.instance_types[1]: unknown instance type \"c9.large\""}},
      {"mark_type_not_profiled", mark([](json& s) { params(s)["instance_types"] = {"c5.large", "p2.xlarge"}; }),
       {kFile, "policies[0].params.instance_types: \"mark-lstm-ptb\" is not profiled on p2.xlarge"},
       {},
       "run"},
      {"mark_standby_not_in_catalog",
       mark([](json& s) {
         params(s)["market"] = "spot";
         params(s)["standby_type"] = "t9.medium";
       }),
       {kFile, "policies[0].params.standby_type: unknown instance type \"t9.medium\""}},
      {"mark_standby_not_burstable",
       mark([](json& s) {
         params(s)["market"] = "spot";
         params(s)["standby_type"] = "c5.large";
       }),
       {kFile, "policies[0].params.standby_type: \"c5.large\" is not burstable"}},
      {"mark_history_shorter_than_pw_plus_two",
       mark([](json& s) {
         params(s)["predictor"] = "lstm";
         s["applications"][0]["history"]["duration_s"] = 600;  // 10 units of 1 min < 60 + 2
       }),
       {kFile, "applications[0].history: the LSTM predictor of policies[0].params needs at least",
        "= 62 samples", "got 10"},
       {},
       "run"},
      // 120 samples x 10000 epochs x 1024 units: about 4.4 days of training,
      // refused before any of it (validate trains nothing; run would).
      {"mark_lstm_training_beyond_the_limit",
       mark([](json& s) {
         params(s)["predictor"] = "lstm";
         params(s)["lstm_units"] = 1024;
         params(s)["lstm_epochs"] = 10000;
       }),
       {kFile, "policies[0].params: training the LSTM on \"ptb\"'s history (120 samples x 10000 epochs x 1024 units)",
        "more than the limit of about 11 min"}},
      {"mark_lstm_without_history",
       mark([](json& s) {
         params(s)["predictor"] = "lstm";
         s["applications"][0].erase("history");
       }),
       {kFile, "applications[0].history", "got 0"}},
      {"mark_no_type_meets_rt_max",
       // c5.4xlarge serves within 20 ms (the loader's check passes); c5.large
       // (33 ms) and m5.large (40 ms) cannot.
       mark([](json& s) {
         s["applications"][0]["slo_ms"] = 20;
         params(s)["instance_types"] = {"c5.large", "m5.large"};
       }),
       {kFile, "policies[0].params.instance_types: no instance type meets RT_max"},
       {},
       "run"},
      {"sagemaker_unknown_key", sagemaker({{"instnce_type", "c5.large"}}),
       {kFile, "policies[0].params.instnce_type: unknown key"}},
      {"sagemaker_type_not_in_catalog", sagemaker({{"instance_type", "c9.large"}}),
       {kFile, "policies[0].params.instance_type: unknown instance type \"c9.large\""}},
      {"sagemaker_type_not_profiled", sagemaker({{"instance_type", "p2.xlarge"}}),
       {kFile, "policies[0].params.instance_type: variant \"mark-lstm-ptb\" is not profiled on p2.xlarge"},
       {},
       "run"},
      {"sagemaker_family_without_a_profiled_type", sagemaker({{"instance_family", "p2"}}),
       {kFile, "policies[0].params.instance_family: no instance type of family \"p2\" serves"}},
  };
  return table;
}

class BadMarkInput : public ::testing::TestWithParam<Case> {};

TEST_P(BadMarkInput, ExitsTwoWithOneLineNamingTheField) { expect_bad_input(GetParam()); }

INSTANTIATE_TEST_SUITE_P(MarkAndSagemaker, BadMarkInput, ::testing::ValuesIn(cases()), case_name);

// The control: the scenario every case edits is valid, so each case fails
// for its own mistake.
TEST(BadMarkInputBase, TheUneditedScenarioValidates) {
  TempDir dir;
  dir.write_json("scenario.json", mark_scenario());
  const CliResult r = run_servesim({"validate", (dir.path() / "scenario.json").string()}, dir.path(), 60);
  EXPECT_EQ(r.status, 0) << r.err;
}

}  // namespace
}  // namespace servesim::test::bad_input_mark_test
