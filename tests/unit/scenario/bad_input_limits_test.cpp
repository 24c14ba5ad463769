// Numbers outside their stated ranges (docs/scenario.md, "Limits"): each must
// be refused while loading with exit status 2 and one line naming the file,
// the field and the range. The cases come from a fuzz campaign (issue 11): before
// the ranges, some hung `validate` (a generator or tick that never advanced),
// some ended in exit 3 (an overflowed time, an infinite cost), and some were
// silently narrowed to 32 bits (4294967297 instances became 1).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "bad_input_harness.hpp"

namespace servesim::test::bad_input_limits_test {  // its own: unity builds join test files
namespace {

using nlohmann::json;

json& workload(json& s) { return app0(s)["workload"]; }

json diurnal(double mean_qps) { return {{"kind", "diurnal"}, {"mean_qps", mean_qps}}; }

void ilp_policy(json& s, json params) { s["policies"] = json::array({{{"name", "infaas-ilp"}, {"params", params}}}); }

const std::string kFile = "$DIR/scenario.json";

const std::vector<Case>& cases() {
  static const std::vector<Case> table = {
      // Former hangs of `validate` (the harness ends a run after a minute).
      {"mmpp_tiny_sojourn",
       [](json& s, const TempDir&) {
         workload(s) = {{"kind", "mmpp"},
                        {"states", {{{"rate", 10}, {"mean_sojourn_s", 1e-300}}, {{"rate", 0}, {"mean_sojourn_s", 1}}}}};
       },
       {kFile, "applications[0].workload.states[0].mean_sojourn_s", "[0.001, 315360000] s"}},
      {"mmpp_fast_generator",
       [](json& s, const TempDir&) {
         workload(s) = {{"kind", "mmpp"}, {"rates", {10, 0}}, {"generator", {{-1e300, 1e300}, {1, -1}}}};
       },
       {kFile, "applications[0].workload.generator[0][0]", "[-1000, 1000] per s"}},
      {"rate_series_index_jump",
       [](json& s, const TempDir& d) {
         d.write("counts.csv", "0,5\n9000000000000000,3\n");
         workload(s) = {{"kind", "rate_series"}, {"file", "counts.csv"}, {"format", "csv"}};
       },
       {"$DIR/counts.csv:2", "9000000000000000", "100000000 intervals after the first"}},
      {"diurnal_spike_storm",
       [](json& s, const TempDir&) {
         workload(s) = diurnal(10);
         workload(s)["spikes"] = {{"rate_per_hour", 1e15}};
       },
       {kFile, "applications[0].workload.spikes.rate_per_hour", "[0, 3600] per hour"}},
      {"diurnal_tiny_mean", [](json& s, const TempDir&) { workload(s) = diurnal(1e-300); },
       {kFile, "applications[0].workload.mean_qps", "[1e-06, 10000000] QPS"}},
      {"infaas_ilp_tiny_tick", [](json& s, const TempDir&) { ilp_policy(s, {{"tick_s", 1e-300}}); },
       {kFile, "policies[0].params.tick_s", "[0.001, 86400] s"}},
      // Former exit 3: times and costs that overflowed.
      {"diurnal_huge_step",
       [](json& s, const TempDir&) {
         workload(s) = diurnal(10);
         workload(s)["step_s"] = 1e308;
       },
       {kFile, "applications[0].workload.step_s", "[1, 315360000] s"}},
      {"tiny_duration", [](json& s, const TempDir&) { s["duration_s"] = 1e-10; },
       {kFile, "duration_s", "[0.001, 315360000] s"}},
      {"huge_price",
       [](json& s, const TempDir&) { s["catalogs"]["hardware"][0]["device_types"][1]["price_per_hour"] = 1e308; },
       {kFile, "catalogs.hardware[0].device_types[1].price_per_hour", "[0, 1000000] $ per hour"}},
      {"infaas_ilp_huge_quantum",
       [](json& s, const TempDir&) { ilp_policy(s, {{"load_quantum_qps", 1.7976931348623157e308}}); },
       {kFile, "policies[0].params.load_quantum_qps", "[0, 10000000] QPS"}},
      {"lambda_huge_cold_start",
       [](json& s, const TempDir&) {
         s["cloud"] = {{"lambda",
                        {{"functions",
                          {{{"name", "f"}, {"variant", "small"}, {"memory_mb", 1024}, {"cold_start_ms", 1e300}}}}}}};
       },
       {kFile, "cloud.lambda.functions[0].cold_start_ms", "[0, 3600000] ms"}},
      {"huge_timeout",
       [](json& s, const TempDir&) { placement0(s)["batcher"] = {{"kind", "timeout"}, {"timeout_ms", 1e300}}; },
       {kFile, "policies[0].params.placement[0].batcher.timeout_ms", "[0, 315360000000] ms"}},
      {"huge_slo", [](json& s, const TempDir&) { app0(s)["slo_ms"] = 1e300; },
       {kFile, "applications[0].slo_ms", "[0.001, 315360000000] ms"}},
      {"huge_latency",
       [](json& s, const TempDir&) {
         s["catalogs"]["models"][0]["families"][0]["variants"][0]["latency_ms"]["cpu"][1][1] = 1e300;
       },
       {kFile, "catalogs.models[0].families[0].variants[0].latency_ms.cpu[1][1]", "[1e-06, 3600000] ms"}},
      // Former silent narrowing to 32 bits.
      {"devices_count_wraps", [](json& s, const TempDir&) { s["cluster"]["devices"][0]["count"] = 4294967297; },
       {kFile, "cluster.devices[0].count", "[1, 1000000]", "4294967297"}},
      {"variant_max_batch_wraps",
       [](json& s, const TempDir&) {
         s["catalogs"]["models"][0]["families"][0]["variants"][0]["max_batch"] = 4294967296;
       },
       {kFile, "catalogs.models[0].families[0].variants[0].max_batch", "[1, 4096]"}},
      {"batcher_max_batch_wraps",
       [](json& s, const TempDir&) { placement0(s)["batcher"] = {{"max_batch", 4294967296}}; },
       {kFile, "policies[0].params.placement[0].batcher.max_batch", "[1, 1048576]"}},
      {"placement_count_wraps", [](json& s, const TempDir&) { placement0(s)["count"] = 4294967297; },
       {kFile, "policies[0].params.placement[0].count", "[1, 100000]"}},
      {"lambda_concurrency_wraps",
       [](json& s, const TempDir&) {
         s["cloud"] = {{"lambda", {{"functions", json::array()}, {"concurrency_limit", 4294967296}}}};
       },
       {kFile, "cloud.lambda.concurrency_limit", "[1, 1000000]"}},
      {"integer_past_int64", [](json& s, const TempDir&) { s["seed"] = 18446744073709551615ull; },
       {kFile, "seed", "18446744073709551615"}},
      // Documented ranges.
      {"seed_zero", [](json& s, const TempDir&) { s["seed"] = 0; }, {kFile, "seed", "[1, 9007199254740992]"}},
      {"huge_rate", [](json& s, const TempDir&) { workload(s)["rate"] = 1e300; },
       {kFile, "applications[0].workload.rate", "[1e-06, 10000000] QPS"}},
      {"tiny_cv",
       [](json& s, const TempDir&) { workload(s) = {{"kind", "gamma"}, {"rate", 10}, {"cv", 1e-300}}; },
       {kFile, "applications[0].workload.cv", "[0.001, 100]"}},
      {"rate_series_tiny_interval",
       [](json& s, const TempDir& d) {
         d.write("counts.txt", "1 2 3\n");
         workload(s) = {{"kind", "rate_series"}, {"file", "counts.txt"}, {"interval_s", 1e-12}};
       },
       {kFile, "applications[0].workload.interval_s", "[0.001, 86400] s"}},
      {"interference_slope_huge",
       [](json& s, const TempDir&) {
         s["catalogs"]["hardware"][0]["device_types"][1]["interference"] = {{"slope", 1e300}};
       },
       {kFile, "catalogs.hardware[0].device_types[1].interference.slope", "[0, 100]"}},
      // Found by the fuzzer: 2^31 queries in half a second ran out of memory.
      {"rate_series_count_too_large",
       [](json& s, const TempDir& d) {
         d.write("counts.txt", "5 10 20 0 2147483648\n");
         workload(s) = {{"kind", "rate_series"}, {"file", "counts.txt"}, {"interval_s", 0.5}};
       },
       {kFile, "applications[0].workload", "$DIR/counts.txt", "above the limit of 1e+07 QPS"}},
      {"huge_drain", [](json& s, const TempDir&) { s["serving"]["drain_s"] = 1e300; },
       {kFile, "serving.drain_s", "[0, 315360000] s"}},
      {"huge_hop_delay", [](json& s, const TempDir&) { s["serving"]["hop_delay_ms"] = 1e300; },
       {kFile, "serving.hop_delay_ms", "[0, 3600000] ms"}},
  };
  return table;
}

class BadInputLimits : public ::testing::TestWithParam<Case> {};

TEST_P(BadInputLimits, RefusedWithTheRange) { expect_bad_input(GetParam()); }

INSTANTIATE_TEST_SUITE_P(Limits, BadInputLimits, ::testing::ValuesIn(cases()), case_name);

}  // namespace
}  // namespace servesim::test::bad_input_limits_test
