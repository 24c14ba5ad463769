#include "sim/metrics/run_summary.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "sample_run.hpp"

namespace servesim {
namespace {

using namespace testing_sample;

RunIdentity sample_identity() { return RunIdentity{"quickstart", "proteus-nobatch", "proteus", 42, 25}; }

std::string sample_json() {
  RunMetrics m(sample_config());
  feed_sample(m);
  std::ostringstream out;
  write_summary_json(make_run_summary(m, sample_identity()), out);
  return out.str();
}

TEST(RunSummary, JsonIsByteIdenticalForIdenticalRuns) {
  const std::string first = sample_json();
  EXPECT_EQ(first, sample_json());
  EXPECT_EQ(first.back(), '\n');
}

TEST(RunSummary, JsonHoldsTheExpectedNumbers) {
  const auto j = nlohmann::json::parse(sample_json());
  EXPECT_EQ(j["scenario"], "quickstart");
  EXPECT_EQ(j["policy"], "proteus-nobatch");
  EXPECT_EQ(j["policy_name"], "proteus");
  EXPECT_EQ(j["seed"], 42);
  EXPECT_EQ(j["queries"]["arrived"], 8);
  EXPECT_EQ(j["queries"]["completed"], 5);
  EXPECT_EQ(j["queries"]["on_time"], 3);
  EXPECT_EQ(j["queries"]["late"], 2);
  EXPECT_EQ(j["queries"]["dropped"], 1);
  EXPECT_EQ(j["queries"]["rejected"], 1);
  EXPECT_EQ(j["queries"]["unfinished"], 1);
  EXPECT_DOUBLE_EQ(j["throughput_qps"].get<double>(), 0.2);  // 5 completed in 25 s
  EXPECT_DOUBLE_EQ(j["goodput_qps"].get<double>(), 0.12);    // 3 on time in 25 s
  // 3 on time of the 8 that arrived; the unfinished one missed its SLO.
  EXPECT_NEAR(j["slo_attainment"].get<double>(), 3.0 / 8, 1e-6);
  EXPECT_NEAR(j["violation_ratio"].get<double>(), 5.0 / 8, 1e-6);
  EXPECT_DOUBLE_EQ(j["warmup_s"].get<double>(), 0);
  EXPECT_DOUBLE_EQ(j["drain_s"].get<double>(), 0);
  EXPECT_DOUBLE_EQ(j["latency_ms"]["mean"].get<double>(), 730);
  EXPECT_NEAR(j["latency_ms"]["p50"].get<double>(), 200, 1.0);
  EXPECT_DOUBLE_EQ(j["latency_ms"]["p99"].get<double>(), 3000);
  EXPECT_DOUBLE_EQ(j["latency_ms"]["p999"].get<double>(), 3000);
  EXPECT_DOUBLE_EQ(j["effective_accuracy"].get<double>(), 78);
  EXPECT_DOUBLE_EQ(j["max_accuracy_drop"].get<double>(), 25);
  EXPECT_DOUBLE_EQ(j["cost"]["total"].get<double>(), 0.158);
  EXPECT_DOUBLE_EQ(j["cost"]["on_demand"].get<double>(), 0.03);
  EXPECT_DOUBLE_EQ(j["cost"]["spot"].get<double>(), 0.055);
  EXPECT_DOUBLE_EQ(j["cost"]["lambda"].get<double>(), 0.003);
  EXPECT_DOUBLE_EQ(j["cost"]["fixed"].get<double>(), 0.07);
  EXPECT_DOUBLE_EQ(j["cost"]["hosted"].get<double>(), 0.045);
  EXPECT_DOUBLE_EQ(j["cost"]["by_instance_type"]["m5.large"].get<double>(), 0.03);
  EXPECT_DOUBLE_EQ(j["cost"]["by_instance_type"]["g4dn.xlarge"].get<double>(), 0.055);
  EXPECT_EQ(j["cost"]["by_instance_type"].size(), 2u);
  EXPECT_DOUBLE_EQ(j["utilisation"]["gpu"].get<double>(), 0.375);
  EXPECT_DOUBLE_EQ(j["utilisation"]["cpu"].get<double>(), 0.25);
  EXPECT_TRUE(j["utilisation"]["inferentia"].is_null());
  EXPECT_EQ(j["per_app"]["a"]["queries"]["arrived"], 5);
  EXPECT_EQ(j["per_app"]["b"]["queries"]["unfinished"], 1);
  EXPECT_DOUBLE_EQ(j["per_app"]["a"]["max_accuracy_drop"].get<double>(), 25);
  EXPECT_DOUBLE_EQ(j["per_app"]["b"]["max_accuracy_drop"].get<double>(), 40);
  EXPECT_DOUBLE_EQ(j["per_app"]["b"]["latency_ms"]["p50"].get<double>(), 50);
}

TEST(RunSummary, KeysComeInAFixedOrder) {
  const auto j = nlohmann::ordered_json::parse(sample_json());
  std::vector<std::string> keys;
  for (const auto& [key, value] : j.items()) keys.push_back(key);
  const std::vector<std::string> expected = {
      "scenario",        "policy",      "policy_name", "seed",       "duration_s",   "warmup_s", "provenance", "drain_s",
      "queries",         "throughput_qps", "goodput_qps", "slo_attainment", "violation_ratio", "latency_ms",
      "effective_accuracy", "max_accuracy_drop", "cost", "utilisation", "memory_gb_seconds", "per_app", "policy_counters"};
  EXPECT_EQ(keys, expected);
}

TEST(RunSummary, CostBlockKeysAndInstanceTypesComeInAFixedOrder) {
  const auto j = nlohmann::ordered_json::parse(sample_json());
  std::vector<std::string> keys;
  for (const auto& [key, value] : j["cost"].items()) keys.push_back(key);
  const std::vector<std::string> expected = {"total",  "on_demand",         "spot",
                                             "lambda", "fixed",             "hosted",
                                             "memory_normalized", "per_million_on_time", "by_instance_type"};
  EXPECT_EQ(keys, expected);
  std::vector<std::string> types;
  for (const auto& [key, value] : j["cost"]["by_instance_type"].items()) types.push_back(key);
  // Sorted by name, although m5.large was billed first.
  EXPECT_EQ(types, (std::vector<std::string>{"g4dn.xlarge", "m5.large"}));
  // The parts add up to the total (hosted, a view of fixed, is not one), and
  // the types to the instance markets.
  const auto& c = j["cost"];
  const auto d = [&](const char* k) { return c[k].get<double>(); };
  EXPECT_NEAR(d("on_demand") + d("spot") + d("lambda") + d("fixed"), d("total"), 1e-6);
  double by_type = 0;
  for (const auto& [key, value] : c["by_instance_type"].items()) by_type += value.get<double>();
  EXPECT_NEAR(by_type, d("on_demand") + d("spot"), 1e-6);
  // Dollars per million on-time queries of the measured span.
  const auto on_time = j["queries"]["on_time"].get<double>();
  ASSERT_GT(on_time, 0);
  EXPECT_NEAR(d("per_million_on_time"), d("total") * 1e6 / on_time, 1e-6 * d("per_million_on_time"));
}

TEST(RunSummary, NumbersAreFixedPrecision) {
  const std::string text = sample_json();
  EXPECT_NE(text.find("\"slo_attainment\": 0.375,"), std::string::npos) << text;
  EXPECT_NE(text.find("\"total\": 0.158,"), std::string::npos) << text;
  EXPECT_NE(text.find("\"g4dn.xlarge\": 0.055,"), std::string::npos) << text;
  EXPECT_NE(text.find("\"m5.large\": 0.03\n"), std::string::npos) << text;
  EXPECT_NE(text.find("\"inferentia\": null,"), std::string::npos) << text;
}

TEST(RunSummary, EmptyRunAttainsItsSloAndHasNoLatency) {
  RunMetrics m(RunMetricsConfig{from_seconds(10), at_seconds(10), {"a"}});
  m.finish(at_seconds(10), ClusterSnapshot{});
  const RunSummary s = make_run_summary(m, RunIdentity{"empty", "p", "p", 1, 10});
  EXPECT_DOUBLE_EQ(s.overall.slo_attainment, 1);  // 0/0 is taken as 1
  EXPECT_DOUBLE_EQ(s.overall.violation_ratio, 0);
  EXPECT_FALSE(s.overall.latency_ms.p99_ms);
  EXPECT_FALSE(s.overall.effective_accuracy);
  std::ostringstream out;
  write_summary_json(s, out);
  const auto j = nlohmann::json::parse(out.str());
  EXPECT_TRUE(j["latency_ms"]["p50"].is_null());
  EXPECT_TRUE(j["max_accuracy_drop"].is_null());
  // No instance: every cost 0 and an empty (not missing) object of types.
  EXPECT_EQ(j["cost"]["total"], 0);
  ASSERT_TRUE(j["cost"]["by_instance_type"].is_object());
  EXPECT_TRUE(j["cost"]["by_instance_type"].empty());
}

TEST(RunSummary, RefusesAnUnfinishedRun) {
  RunMetrics m(sample_config());
  m.close_window(at_seconds(10), ClusterSnapshot{});
  EXPECT_THROW(make_run_summary(m, sample_identity()), InvariantError);
}

}  // namespace
}  // namespace servesim
