// Offline jobs (applications[i].offline_jobs) refused while loading: exit 2
// and one line naming the file and the JSON path. Policies that do not serve
// offline jobs are refused the same way, naming the field.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "bad_input_harness.hpp"

namespace servesim::test::bad_input_offline_test {  // its own: unity builds join test files
namespace {

using nlohmann::json;

const std::string kFile = "$DIR/scenario.json";

json& job0(json& s) {
  app0(s)["offline_jobs"] = json::array({{{"submit_s", 0.5}, {"inputs", 10}}});
  return app0(s)["offline_jobs"][0];
}

void only_policy(json& s, const std::string& name) { s["policies"] = json::array({{{"name", name}}}); }

const std::vector<Case>& cases() {
  static const std::vector<Case> table = {
      {"offline_negative_inputs", [](json& s, const TempDir&) { job0(s)["inputs"] = -5; },
       {kFile, "applications[0].offline_jobs[0].inputs"}},
      {"offline_zero_inputs", [](json& s, const TempDir&) { job0(s)["inputs"] = 0; },
       {kFile, "applications[0].offline_jobs[0].inputs"}},
      {"offline_missing_inputs", [](json& s, const TempDir&) { job0(s).erase("inputs"); },
       {kFile, "applications[0].offline_jobs[0].inputs"}},
      {"offline_submit_past_duration", [](json& s, const TempDir&) { job0(s)["submit_s"] = 2; },
       {kFile, "applications[0].offline_jobs[0].submit_s", "[0, duration_s)"}},
      {"offline_negative_submit", [](json& s, const TempDir&) { job0(s)["submit_s"] = -1; },
       {kFile, "applications[0].offline_jobs[0].submit_s"}},
      {"offline_unknown_variant", [](json& s, const TempDir&) { job0(s)["variant"] = "huge"; },
       {kFile, "applications[0].offline_jobs[0].variant", "unknown variant"}},
      {"offline_variant_of_other_family",
       [](json& s, const TempDir&) {
         s["catalogs"]["models"][0]["families"].push_back(
             {{"name", "other"},
              {"variants", json::array({{{"name", "o1"}, {"accuracy", 50}, {"memory_mb", 10}, {"max_batch", 1},
                                         {"latency_ms", {{"cpu", json::array({json::array({1, 5})})}}}}})}});
         job0(s)["variant"] = "o1";
       },
       {kFile, "applications[0].offline_jobs[0].variant", "not of the application's family"}},
      {"offline_floor_zero", [](json& s, const TempDir&) { job0(s)["min_accuracy"] = 0; },
       {kFile, "applications[0].offline_jobs[0].min_accuracy", "(0, 1]"}},
      {"offline_floor_above_one", [](json& s, const TempDir&) { job0(s)["min_accuracy"] = 1.5; },
       {kFile, "applications[0].offline_jobs[0].min_accuracy", "(0, 1]"}},
      {"offline_variant_and_floor",
       [](json& s, const TempDir&) {
         json& job = job0(s);
         job["variant"] = "small";
         job["min_accuracy"] = 0.5;
       },
       {kFile, "applications[0].offline_jobs[0]", "not both"}},
      {"offline_unknown_key", [](json& s, const TempDir&) { job0(s)["priority"] = 3; },
       {kFile, "applications[0].offline_jobs[0]", "priority"}},
      {"offline_duplicate_name",
       [](json& s, const TempDir&) {
         job0(s)["name"] = "x";
         app0(s)["offline_jobs"].push_back({{"name", "x"}, {"submit_s", 0}, {"inputs", 1}});
       },
       {kFile, "applications[0].offline_jobs[1].name", "duplicate"}},
      {"offline_bad_deadline", [](json& s, const TempDir&) { job0(s)["deadline_s"] = -1; },
       {kFile, "applications[0].offline_jobs[0].deadline_s"}},
      {"offline_on_a_pipeline",
       [](json& s, const TempDir&) {
         job0(s);
         app0(s).erase("family");
         app0(s)["pipeline"] = {{"stages", json::array({{{"name", "one"}, {"family", "toy"}}})},
                                {"edges", json::array()}};
         app0(s)["pipeline"]["stages"].push_back({{"name", "two"}, {"family", "toy"}});
       },
       {kFile, "applications[0].offline_jobs", "one-stage"}},
      // The static policy must have a replica for each job (variant "big" is GPU-only, not placed).
      {"offline_no_replica_serves_the_job", [](json& s, const TempDir&) { job0(s)["variant"] = "big"; },
       {kFile, "policies[0].params", "offline job \"0\""}},
      // Policies without an offline treatment refuse, naming the field.
      {"offline_proteus_refuses",
       [](json& s, const TempDir&) {
         job0(s);
         only_policy(s, "proteus");
       },
       {kFile, "applications[0].offline_jobs", "does not support offline jobs"}},
      {"offline_clipper_ha_refuses",
       [](json& s, const TempDir&) {
         job0(s);
         only_policy(s, "clipper-ha");
       },
       {kFile, "applications[0].offline_jobs", "does not support offline jobs"}},
      {"offline_infaas_v2_refuses",
       [](json& s, const TempDir&) {
         job0(s);
         only_policy(s, "infaas-v2");
       },
       {kFile, "applications[0].offline_jobs", "does not support offline jobs"}},
      // INFaaS' throttle threshold (offline_throttle.hpp) is in (0, 1].
      {"offline_infaas_pause_utilisation_zero",
       [](json& s, const TempDir&) {
         job0(s);
         s["policies"] = json::array({{{"name", "infaas"}, {"params", {{"offline_pause_utilisation", 0}}}}});
       },
       {kFile, "policies[0].params.offline_pause_utilisation", "(0, 1]"}},
      {"offline_infaas_pause_utilisation_above_one",
       [](json& s, const TempDir&) {
         job0(s);
         s["policies"] = json::array({{{"name", "infaas"}, {"params", {{"offline_pause_utilisation", 1.5}}}}});
       },
       {kFile, "policies[0].params.offline_pause_utilisation", "(0, 1]"}},
      {"offline_infaas_latency_rule_unknown",
       [](json& s, const TempDir&) {
         job0(s);
         s["policies"] = json::array({{{"name", "infaas"}, {"params", {{"offline_latency_rule", "mean"}}}}});
       },
       {kFile, "policies[0].params.offline_latency_rule", "blacklist"}},
      {"offline_infaas_ilp_not_yet",
       [](json& s, const TempDir&) {
         job0(s);
         only_policy(s, "infaas-ilp");
       },
       {kFile, "applications[0].offline_jobs", "not yet supported"}},
  };
  return table;
}

class BadOfflineInput : public ::testing::TestWithParam<Case> {};

TEST_P(BadOfflineInput, ExitsTwoWithOneLineNamingTheField) { expect_bad_input(GetParam()); }

INSTANTIATE_TEST_SUITE_P(Offline, BadOfflineInput, ::testing::ValuesIn(cases()), case_name);

}  // namespace
}  // namespace servesim::test::bad_input_offline_test
