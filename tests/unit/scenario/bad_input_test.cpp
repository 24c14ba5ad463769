// Broken scenarios, catalogs and traces fed to the real binary: each must give
// exit status 2 and ONE line on stderr naming the file and the JSON path (or
// the trace line) of the mistake, never a crash (README, "Using it").
//
// The table below mutates one valid base scenario per case. A case marked
// known_bug was found as a gap (an exit 3 or an escape from the output folder)
// and fixed; those run under the FixedBugs instantiation, kept apart so that a
// regression of one of them is easy to recognise.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "bad_input_harness.hpp"

namespace servesim::test::bad_input_test {  // its own: unity builds join test files
namespace {

using nlohmann::json;

// A three-stage pipeline A -> B -> C, all of family "toy".
json chain_pipeline() {
  return R"({
    "stages": [{"name": "A", "family": "toy"}, {"name": "B", "family": "toy"}, {"name": "C", "family": "toy"}],
    "edges": [{"from": "A", "to": "B"}, {"from": "B", "to": "C"}]
  })"_json;
}

const std::vector<Case>& cases() {
  static const std::vector<Case> table = {
      {"missing_field", [](json& s, const TempDir&) { s.erase("duration_s"); },
       {"$DIR/scenario.json", "duration_s", "missing required field"}},
      {"missing_nested_field", [](json& s, const TempDir&) { app0(s).erase("slo_ms"); },
       {"$DIR/scenario.json", "applications[0].slo_ms", "missing"}},
      {"wrong_type", [](json& s, const TempDir&) { app0(s)["slo_ms"] = "fast"; },
       {"$DIR/scenario.json", "applications[0].slo_ms", "expected a number"}},
      {"wrong_type_array", [](json& s, const TempDir&) { s["policies"] = json::object(); },
       {"$DIR/scenario.json", "policies", "expected an array"}},
      {"unknown_key_top_level", [](json& s, const TempDir&) { s["sead"] = 4; },
       {"$DIR/scenario.json", "sead", "unknown key"}},
      {"unknown_key_nested", [](json& s, const TempDir&) { app0(s)["workload"]["rtae"] = 5; },
       {"$DIR/scenario.json", "applications[0].workload.rtae", "unknown key"}},
      {"unknown_key_in_placement", [](json& s, const TempDir&) { placement0(s)["cuont"] = 2; },
       {"$DIR/scenario.json", "policies[0].params.placement[0].cuont", "unknown key"}},
      {"unknown_key_in_inline_catalog",
       [](json& s, const TempDir&) { s["catalogs"]["models"][0]["families"][0]["variants"][1]["memroy_mb"] = 1; },
       {"$DIR/scenario.json", "catalogs.models[0].families[0].variants[1].memroy_mb", "unknown key"}},
      {"negative_rate", [](json& s, const TempDir&) { app0(s)["workload"]["rate"] = -5; },
       {"$DIR/scenario.json", "applications[0].workload.rate", "> 0"}},
      {"zero_rate", [](json& s, const TempDir&) { app0(s)["workload"]["rate"] = 0; },
       {"$DIR/scenario.json", "applications[0].workload.rate"}},
      {"cv_zero",
       [](json& s, const TempDir&) { app0(s)["workload"] = {{"kind", "gamma"}, {"rate", 10}, {"cv", 0}}; },
       {"$DIR/scenario.json", "applications[0].workload.cv", "> 0"}},
      {"cv_negative",
       [](json& s, const TempDir&) { app0(s)["workload"] = {{"kind", "gamma"}, {"rate", 10}, {"cv", -1.5}}; },
       {"$DIR/scenario.json", "applications[0].workload.cv"}},
      {"unknown_workload_kind", [](json& s, const TempDir&) { app0(s)["workload"]["kind"] = "poison"; },
       {"$DIR/scenario.json", "applications[0].workload.kind", "poisson"}},
      {"empty_trace_file", [](json& s, const TempDir& d) { replay(s, d, ""); },
       {"$DIR/trace.csv", "empty"}},
      {"missing_trace_file",
       [](json& s, const TempDir&) {
         app0(s)["workload"] = {{"kind", "request_replay"}, {"file", "no_such_trace.csv"}};
       },
       {"$DIR/scenario.json", "applications[0].workload.file", "no_such_trace.csv"}},
      {"non_numeric_trace_row", [](json& s, const TempDir& d) { replay(s, d, "0\n100\nabc\n300\n"); },
       {"$DIR/trace.csv:3", "abc"}},
      {"decreasing_trace_row", [](json& s, const TempDir& d) { replay(s, d, "time_ms\n0\n200\n100\n"); },
       {"$DIR/trace.csv:4", "decrease"}},
      {"non_numeric_rate_series_row",
       [](json& s, const TempDir& d) {
         d.write("counts.csv", "second,count\n0,5\n1,7\n2,lots\n3,4\n");
         app0(s)["workload"] = {{"kind", "rate_series"}, {"file", "counts.csv"}, {"format", "csv"}};
       },
       {"$DIR/counts.csv:4", "lots"}},
      {"unknown_model_family", [](json& s, const TempDir&) { app0(s)["family"] = "bert"; },
       {"$DIR/scenario.json", "applications[0].family", "bert"}},
      {"unknown_family_in_pipeline_stage",
       [](json& s, const TempDir&) {
         app0(s).erase("family");
         app0(s)["pipeline"] = chain_pipeline();
         app0(s)["pipeline"]["stages"][1]["family"] = "bert";
       },
       {"$DIR/scenario.json", "applications[0].pipeline.stages[1].family", "bert"}},
      {"unknown_variant_in_placement", [](json& s, const TempDir&) { placement0(s)["variant"] = "medium"; },
       {"$DIR/scenario.json", "policies[0].params.placement[0].variant", "medium"}},
      {"unknown_device_type_in_cluster", [](json& s, const TempDir&) { s["cluster"]["devices"][1]["type"] = "tpu"; },
       {"$DIR/scenario.json", "cluster.devices[1].type", "tpu"}},
      {"reserved_discount_of_one", [](json& s, const TempDir&) { s["cluster"]["reserved_discount"] = 1; },
       {"$DIR/scenario.json", "cluster.reserved_discount", "0.99"}},
      {"unknown_key_in_policy_cluster",
       [](json& s, const TempDir&) { s["policies"][0]["cluster"] = {{"devcies", json::array()}}; },
       {"$DIR/scenario.json", "policies[0].cluster.devcies", "unknown key"}},
      {"unknown_device_type_in_policy_cluster",
       [](json& s, const TempDir&) {
         s["policies"][0]["cluster"] = {{"devices", json::array({{{"type", "tpu"}, {"count", 1}}})}};
       },
       {"$DIR/scenario.json", "policies[0].cluster.devices[0].type", "tpu"}},
      // 5 ms is within reach on the scenario's GPU (small: 2 ms), not on the
      // policy's own CPUs (10 ms).
      {"slo_out_of_reach_on_policy_cluster",
       [](json& s, const TempDir&) {
         app0(s)["slo_ms"] = 5;
         s["policies"][0]["cluster"] = {{"devices", json::array({{{"type", "cpu"}, {"count", 2}}})}};
       },
       {"$DIR/scenario.json", "policies[0].cluster", "application \"app\"'s SLO", "fastest possible latency"}},
      {"unknown_device_type_in_placement", [](json& s, const TempDir&) { placement0(s)["device_type"] = "tpu"; },
       {"$DIR/scenario.json", "policies[0].params.placement[0].device_type", "tpu"}},
      // An unknown name suggests the close one, or lists the known ones.
      {"typo_in_cluster_device_type", [](json& s, const TempDir&) { s["cluster"]["devices"][1]["type"] = "gpuu"; },
       {"$DIR/scenario.json", "cluster.devices[1].type", "unknown device type \"gpuu\" (did you mean \"gpu\"?)"}},
      {"unknown_variant_lists_the_known", [](json& s, const TempDir&) { placement0(s)["variant"] = "resnet50"; },
       {"$DIR/scenario.json", "policies[0].params.placement[0].variant",
        "unknown model variant \"resnet50\" (known: small, big)"}},
      {"unknown_device_type_in_catalog_file",
       [](json& s, const TempDir& d) {
         json models = s["catalogs"]["models"][0];
         models["families"][0]["variants"][0]["latency_ms"]["tpu"] = json::parse("[[1, 1]]");
         d.write_json("catalogs/models.json", models);
         s["catalogs"]["models"] = json::array({"catalogs/models.json"});
       },
       {"$DIR/catalogs/models.json", "families[0].variants[0].latency_ms.tpu", "unknown device type"}},
      {"variant_not_profiled_on_placement_device",
       [](json& s, const TempDir&) { placement0(s)["variant"] = "big"; },
       {"$DIR/scenario.json", "policies[0].params.placement[0].device_type", "no latency profile"}},
      {"slo_below_fastest_latency", [](json& s, const TempDir&) { app0(s)["slo_ms"] = 1.5; },
       {"$DIR/scenario.json", "applications[0].slo_ms", "fastest"}},
      {"slo_below_fastest_pipeline_latency",
       [](json& s, const TempDir&) {
         // Each stage alone fits in 5 ms; three in a row (6 ms) do not.
         app0(s).erase("family");
         app0(s)["pipeline"] = chain_pipeline();
         app0(s)["slo_ms"] = 5;
       },
       {"$DIR/scenario.json", "applications[0].slo_ms", "fastest"}},
      {"invalid_json_syntax", nullptr, {"$DIR/scenario.json", "line 3", "column"}, {}, "validate",
       "{\n  \"name\": \"x\",\n  \"seed\": 1,,\n}\n"},
      {"missing_scenario_file", nullptr, {"$DIR/does_not_exist.json", "cannot open"}, {}, "validate", "",
       "does_not_exist.json"},
      {"missing_catalog_file",
       [](json& s, const TempDir&) { s["catalogs"]["hardware"] = json::array({"no/such/hardware.json"}); },
       {"no/such/hardware.json", "cannot open"}},
      {"duplicate_application_names",
       [](json& s, const TempDir&) { s["applications"].push_back(s["applications"][0]); },
       {"$DIR/scenario.json", "applications[1].name", "duplicate"}},
      {"family_and_pipeline_both",
       [](json& s, const TempDir&) { app0(s)["pipeline"] = chain_pipeline(); },
       {"$DIR/scenario.json", "applications[0]", "exactly one of"}},
      {"pipeline_with_cycle",
       [](json& s, const TempDir&) {
         app0(s).erase("family");
         app0(s)["pipeline"] = chain_pipeline();
         app0(s)["pipeline"]["edges"].push_back({{"from", "C"}, {"to", "A"}});
       },
       {"$DIR/scenario.json", "applications[0].pipeline", "cycle"}},
      {"pipeline_self_loop",
       [](json& s, const TempDir&) {
         app0(s).erase("family");
         app0(s)["pipeline"] = chain_pipeline();
         app0(s)["pipeline"]["edges"].push_back({{"from", "B"}, {"to", "B"}});
       },
       {"$DIR/scenario.json", "applications[0].pipeline"}},
      {"edge_to_unknown_stage",
       [](json& s, const TempDir&) {
         app0(s).erase("family");
         app0(s)["pipeline"] = chain_pipeline();
         app0(s)["pipeline"]["edges"][1]["to"] = "D";
       },
       {"$DIR/scenario.json", "applications[0].pipeline.edges[1].to", "\"D\""}},
      {"edge_probability_above_one",
       [](json& s, const TempDir&) {
         app0(s).erase("family");
         app0(s)["pipeline"] = chain_pipeline();
         app0(s)["pipeline"]["edges"][0]["probability"] = 1.2;
       },
       {"$DIR/scenario.json", "applications[0].pipeline.edges[0].probability", "[0, 1]"}},
      {"set_index_out_of_range", nullptr, {"--set applications[3].slo_ms=50", "out of range"},
       {"--set", "applications[3].slo_ms=50"}},
      {"set_into_a_scalar", nullptr, {"--set seed.value=2", "not an object"}, {"--set", "seed.value=2"}},
      {"set_without_value", nullptr, {"--set", "applications[0].slo_ms", "path=value"},
       {"--set", "applications[0].slo_ms"}},
      {"set_misspelt_key", nullptr, {"$DIR/scenario.json", "applications[0].slo", "unknown key"},
       {"--set", "applications.0.slo=50"}},
      {"set_bad_path_on_run", nullptr, {"--set policies[4].name=static", "out of range"},
       {"--set", "policies[4].name=static", "--out", "$DIR/out"}, "run"},
      {"unknown_policy_name", [](json& s, const TempDir&) { s["policies"][0]["name"] = "statik"; },
       {"$DIR/scenario.json", "policies[0].name", "statik"}},
      {"unknown_routing", [](json& s, const TempDir&) { s["policies"][0]["params"]["routing"] = "random"; },
       {"$DIR/scenario.json", "policies[0].params.routing", "round_robin"}},
      {"proteus_mip_gap_not_below_one",
       [](json& s, const TempDir&) { s["policies"][0] = {{"name", "proteus"}, {"params", {{"mip_gap", 1}}}}; },
       {"$DIR/scenario.json", "policies[0].params.mip_gap", "[0, 1)"}},
      {"proteus_time_limit_not_positive",
       [](json& s, const TempDir&) { s["policies"][0] = {{"name", "clipper-ha"}, {"params", {{"time_limit_s", 0}}}}; },
       {"$DIR/scenario.json", "policies[0].params.time_limit_s", "> 0"}},
      {"duplicate_policy_labels",
       [](json& s, const TempDir&) { s["policies"].push_back(s["policies"][0]); },
       {"$DIR/scenario.json", "policies[1]", "duplicate policy label"}},
      {"placement_exceeds_device_memory",
       [](json& s, const TempDir&) {
         placement0(s) = {{"variant", "big"}, {"device_type", "gpu"}, {"count", 2}};
       },
       {"$DIR/scenario.json", "policies[0].params.placement[0]", "cannot place replica 2", "MB"}},
      {"placement_exceeds_device_memory_on_run",
       [](json& s, const TempDir&) {
         placement0(s) = {{"variant", "big"}, {"device_type", "gpu"}, {"count", 2}};
       },
       {"$DIR/scenario.json", "policies[0].params.placement[0]", "cannot place replica 2"},
       {"--out", "$DIR/out"}, "run"},
      {"accuracy_floor_above_one", [](json& s, const TempDir&) { app0(s)["min_accuracy"] = 75; },
       {"$DIR/scenario.json", "applications[0].min_accuracy", "[0, 1]"}},
      // small reaches 70/80 = 0.875 of the family's best; only small is placed.
      {"accuracy_floor_no_placed_variant_reaches", [](json& s, const TempDir&) { app0(s)["min_accuracy"] = 0.95; },
       {"$DIR/scenario.json", "accuracy floor", "\"app\""}},
      // The same, but the message should also say WHICH policy entry is at
      // fault (a scenario usually lists several static configurations).
      {"accuracy_floor_message_names_policy_entry",
       [](json& s, const TempDir&) { app0(s)["min_accuracy"] = 0.95; },
       {"$DIR/scenario.json", "policies[0]"}, {}, "validate", "", "scenario.json", /*known_bug=*/true},
      {"bad_drop_choice", [](json& s, const TempDir&) { s["serving"]["drop"] = "late"; },
       {"$DIR/scenario.json", "serving.drop", "expired"}},
      {"zero_device_count", [](json& s, const TempDir&) { s["cluster"]["devices"][0]["count"] = 0; },
       {"$DIR/scenario.json", "cluster.devices[0].count", "> 0"}},
      {"profile_without_batch_one",
       [](json& s, const TempDir&) {
         s["catalogs"]["models"][0]["families"][0]["variants"][1]["latency_ms"]["gpu"] = json::parse("[[2, 4], [4, 10]]");
       },
       {"$DIR/scenario.json", "catalogs.models[0].families[0].variants[1].latency_ms.gpu", "batch 1"}},
      {"negative_window", [](json& s, const TempDir&) { s["outputs"] = {{"window_s", -10}}; },
       {"$DIR/scenario.json", "outputs.window_s"}},
      {"slo_twice",
       [](json& s, const TempDir&) { app0(s)["slo_cpu_multiple"] = 2; },
       {"$DIR/scenario.json", "applications[0]", "not both"}},
      // 0.1 x the CPU's 10 ms is below the GPU's 2 ms.
      {"slo_multiple_below_fastest",
       [](json& s, const TempDir&) {
         app0(s).erase("slo_ms");
         app0(s)["slo_cpu_multiple"] = 0.1;
       },
       {"$DIR/scenario.json", "applications[0].slo_cpu_multiple", "below the fastest"}},
      {"slo_multiple_without_cpu",
       [](json& s, const TempDir&) {
         app0(s).erase("slo_ms");
         s["serving"]["slo_cpu_multiple"] = 2;
         s["cluster"]["devices"].erase(0);
         s["policies"][0]["params"]["placement"][0]["device_type"] = "gpu";
       },
       {"$DIR/scenario.json", "applications[0]", "CPU device type"}},
      {"memory_price_not_an_object",
       [](json& s, const TempDir&) { s["outputs"] = {{"memory_cost_per_gb_second", "yes"}}; },
       {"$DIR/scenario.json", "outputs.memory_cost_per_gb_second", "true, false or an object"}},
      {"memory_price_negative",
       [](json& s, const TempDir&) { s["outputs"] = {{"memory_cost_per_gb_second", {{"gpu", -1}}}}; },
       {"$DIR/scenario.json", "outputs.memory_cost_per_gb_second.gpu"}},
      {"memory_price_unknown_kind",
       [](json& s, const TempDir&) { s["outputs"] = {{"memory_cost_per_gb_second", {{"tpu", 1}}}}; },
       {"$DIR/scenario.json", "outputs.memory_cost_per_gb_second", "tpu"}},
      {"warmup_negative", [](json& s, const TempDir&) { s["outputs"] = {{"warmup_s", -1}}; },
       {"$DIR/scenario.json", "outputs.warmup_s", ">= 0"}},
      {"warmup_past_the_duration", [](json& s, const TempDir&) { s["outputs"] = {{"warmup_s", s["duration_s"]}}; },
       {"$DIR/scenario.json", "outputs.warmup_s", "below duration_s"}},
      {"drain_negative", [](json& s, const TempDir&) { s["serving"]["drain_s"] = -5; },
       {"$DIR/scenario.json", "serving.drain_s", ">= 0"}},
      {"hop_delay_negative", [](json& s, const TempDir&) { s["serving"]["hop_delay_ms"] = -1; },
       {"$DIR/scenario.json", "serving.hop_delay_ms", ">= 0"}},
      {"hop_delay_not_a_number", [](json& s, const TempDir&) { s["serving"]["hop_delay_ms"] = "1ms"; },
       {"$DIR/scenario.json", "serving.hop_delay_ms", "expected a number"}},
      {"gpu_concurrency_gain_below_one",
       [](json& s, const TempDir&) { s["serving"]["gpu_concurrency"] = {{"batches", 2}, {"gain", 0.5}}; },
       {"$DIR/scenario.json", "serving.gpu_concurrency.gain", ">= 1"}},
      {"gpu_concurrency_gain_above_batches",
       [](json& s, const TempDir&) { s["serving"]["gpu_concurrency"] = {{"batches", 2}, {"gain", 2.5}}; },
       {"$DIR/scenario.json", "serving.gpu_concurrency.gain", "<= 2"}},
      {"gpu_concurrency_zero", [](json& s, const TempDir&) { s["serving"]["gpu_concurrency"] = 0; },
       {"$DIR/scenario.json", "serving.gpu_concurrency"}},
      {"cpu_without_cores",
       [](json& s, const TempDir&) { s["catalogs"]["hardware"][0]["device_types"][0].erase("cores"); },
       {"$DIR/scenario.json", "catalogs.hardware[0].device_types[0]", "cores"}},
      {"gpu_with_cores",
       [](json& s, const TempDir&) { s["catalogs"]["hardware"][0]["device_types"][1]["cores"] = 4; },
       {"$DIR/scenario.json", "catalogs.hardware[0].device_types[1].cores", "only a \"cpu\""}},
      {"placement_device_of_another_type", [](json& s, const TempDir&) { placement0(s)["device"] = 2; },
       {"$DIR/scenario.json", "policies[0].params.placement[0].device", "\"cpu\" device"}},
      // Fixed bugs: user mistakes that used to end as exit 3 ("invariant
      // broken" or "internal error") or escape the output folder.
      // 1e12 s is 1e21 ns: from_seconds overflows int64 and the run end goes negative.
      {"duration_overflows_the_clock", [](json& s, const TempDir&) { s["duration_s"] = 1e12; },
       {"$DIR/scenario.json", "duration_s"}, {}, "validate", "", "scenario.json", /*known_bug=*/true},
      // 1e-12 s rounds to a window of 0 ns.
      {"window_rounds_to_zero_ns", [](json& s, const TempDir&) { s["outputs"] = {{"window_s", 1e-12}}; },
       {"$DIR/scenario.json", "outputs.window_s"}, {}, "validate", "", "scenario.json", /*known_bug=*/true},
      // The SLO check takes the fastest variant of the family even when the
      // accuracy floor excludes it: small (2 ms, 0.875) is below the floor of
      // 0.95, big takes 4 ms, so an SLO of 3 ms can never be met.
      {"slo_below_fastest_latency_meeting_the_accuracy_floor",
       [](json& s, const TempDir&) {
         app0(s)["min_accuracy"] = 0.95;
         app0(s)["slo_ms"] = 3;
         placement0(s) = {{"variant", "big"}, {"device_type", "gpu"}};
       },
       {"$DIR/scenario.json", "applications[0].slo_ms", "fastest"}, {}, "validate", "", "scenario.json",
       /*known_bug=*/true},
      {"scenario_path_is_a_directory", nullptr, {"$DIR/subdir", "is a folder"}, {}, "validate", "", "subdir",
       /*known_bug=*/true},
      {"output_dir_is_a_file", [](json&, const TempDir& d) { d.write("afile", ""); }, {"$DIR/afile"},
       {"--out", "$DIR/afile"}, "run", "", "scenario.json", /*known_bug=*/true},
      // A label is a folder name under the output dir; "../x" writes outside it.
      {"policy_label_escapes_output_dir",
       [](json& s, const TempDir&) { s["policies"][0]["label"] = "../escaped"; },
       {"$DIR/scenario.json", "policies[0].label"}, {}, "run", "", "scenario.json", /*known_bug=*/true},
  };
  return table;
}

class BadInput : public ::testing::TestWithParam<Case> {};

TEST_P(BadInput, ExitsTwoWithOneLineNamingFileAndField) { expect_bad_input(GetParam()); }

std::vector<Case> cases_where(bool known_bug) {
  std::vector<Case> out;
  for (const Case& c : cases()) {
    if (c.known_bug == known_bug) out.push_back(c);
  }
  return out;
}


INSTANTIATE_TEST_SUITE_P(Table, BadInput, ::testing::ValuesIn(cases_where(false)), case_name);
INSTANTIATE_TEST_SUITE_P(FixedBugs, BadInput, ::testing::ValuesIn(cases_where(true)), case_name);

TEST(BadInputTable, CoversAtLeastTwentyKinds) { EXPECT_GE(cases_where(false).size(), 20u); }

// The base of the table is itself valid and runs, so every failure above is
// the one mutation's doing.
TEST(BadInputBase, ValidatesAndRuns) {
  TempDir dir;
  const auto file = dir.write_json("scenario.json", base_scenario());
  const CliResult v = run_servesim({"validate", file.string()}, dir.path());
  EXPECT_EQ(v.status, 0) << v.err;
  EXPECT_NE(v.out.find(": ok"), std::string::npos) << v.out;
  const CliResult r = run_servesim({"run", file.string(), "--out", (dir.path() / "out").string(), "-q"}, dir.path());
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(std::filesystem::exists(dir.path() / "out" / "static" / "summary.json"));
}

// Fixed bug: a rate so small that the first gap overflows the integer clock
// ended as exit 3 ("event scheduled in the past"). Either answer would do: no
// arrival before the end (exit 0), or an error at the rate (exit 2).
TEST(BadInputFixedBug, TinyRateIsNotAnInternalError) {
  TempDir dir;
  json scenario = base_scenario();
  app0(scenario)["workload"]["rate"] = 1e-300;
  const auto file = dir.write_json("scenario.json", scenario);
  const CliResult r = run_servesim({"validate", file.string()}, dir.path());
  EXPECT_TRUE(r.status == 0 || r.status == 2) << "status " << r.status << ": " << r.err;
}

// A run whose trace fails must not touch the summary.json an earlier good run
// left in the same output folder.
TEST(BadInputRun, FailingTraceKeepsEarlierSummary) {
  TempDir dir;
  json scenario = base_scenario();
  replay(scenario, dir, "arrival_ms\n0\n100\n250\n700\n1200\n");
  const auto file = dir.write_json("scenario.json", scenario);
  const std::string out = (dir.path() / "out").string();
  const CliResult good = run_servesim({"run", file.string(), "--out", out, "-q"}, dir.path());
  ASSERT_EQ(good.status, 0) << good.err;
  const auto summary = dir.path() / "out" / "static" / "summary.json";
  const auto series = dir.path() / "out" / "static" / "timeseries.csv";
  ASSERT_TRUE(std::filesystem::exists(summary));
  const std::string before = read_text(summary);
  const std::string series_before = read_text(series);
  EXPECT_NE(before.find("\"arrived\": 5"), std::string::npos) << before;

  dir.write("trace.csv", "arrival_ms\n0\n100\nbroken\n700\n");
  const CliResult bad = run_servesim({"run", file.string(), "--out", out, "-q"}, dir.path());
  EXPECT_EQ(bad.status, 2) << bad.err;
  EXPECT_NE(bad.err.find(dir.path().string() + "/trace.csv:4"), std::string::npos) << bad.err;
  EXPECT_EQ(bad.err.find('\n'), bad.err.size() - 1) << bad.err;
  EXPECT_EQ(read_text(summary), before);
  EXPECT_EQ(read_text(series), series_before);
  for (const auto& entry : std::filesystem::recursive_directory_iterator(dir.path() / "out")) {
    EXPECT_NE(entry.path().extension(), ".partial") << entry.path();
  }
}

}  // namespace
}  // namespace servesim::test::bad_input_test
