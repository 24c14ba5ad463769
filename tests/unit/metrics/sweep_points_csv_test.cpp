// `servesim collect` on a sweep's layout: OUT/<point>/point.json and
// OUT/<point>/<label>/summary.json, as scripts/sweep.sh writes them.
#include "sim/metrics/sweep_points_csv.hpp"

#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "sim/core/input_error.hpp"
#include "sim/metrics/summary_csv.hpp"
#include "sim/metrics/sweep_point.hpp"
#include "tests/support/temp_dir.hpp"

namespace servesim {
namespace {

using nlohmann::json;

class SweepCollect : public ::testing::Test {
 protected:
  // A point folder with its point.json: slo_ms (and a seed when seed >= 0).
  void point(const std::string& dir, const std::string& slo, int seed) {
    json params = json::array({{{"name", "slo_ms"}, {"path", "applications[0].slo_ms"}, {"value", slo}}});
    if (seed >= 0) params.push_back({{"name", "seed"}, {"path", "seed"}, {"value", std::to_string(seed)}});
    tmp_.write_json(dir + "/point.json", {{"parameters", params}, {"hash", "ab12"}});
  }
  // Ordered, as a real summary's keys are: the header follows them.
  void summary(const std::string& dir, const std::string& label, int seed, const nlohmann::ordered_json& metrics) {
    nlohmann::ordered_json doc = {{"scenario", "s"}, {"policy", "policy-" + label}, {"seed", seed}};
    doc.update(metrics);
    tmp_.write(dir + "/" + label + "/summary.json", doc.dump(2));
  }
  SummaryCsvCollector collect() {
    SummaryCsvCollector c;
    c.add(tmp_.path());
    return c;
  }
  std::string runs_csv(const SummaryCsvCollector& c) {
    std::ostringstream out;
    c.write_csv(out);
    return out.str();
  }
  std::string points_csv(const SummaryCsvCollector& c) {
    std::ostringstream out;
    write_sweep_points_csv(c, out);
    return out.str();
  }
  std::string dir(const std::string& relative) { return (tmp_.path() / relative).string(); }

  test::TempDir tmp_;
};

TEST_F(SweepCollect, PointParametersLeadTheRowsWithoutTheSeed) {
  point("slo_ms=50__seed=1", "50", 1);
  summary("slo_ms=50__seed=1", "a", 1, {{"goodput_qps", 10}});
  point("slo_ms=150__seed=1", "150", 1);
  summary("slo_ms=150__seed=1", "a", 1, {{"goodput_qps", 20}});
  const auto c = collect();
  EXPECT_EQ(c.parameter_names(), std::vector<std::string>{"slo_ms"});
  // Sorted paths: "slo_ms=150..." before "slo_ms=50...".
  EXPECT_EQ(runs_csv(c), "slo_ms,run_dir,scenario,policy,seed,goodput_qps\n"
                         "150," + dir("slo_ms=150__seed=1/a") + ",s,policy-a,1,20\n"
                         "50," + dir("slo_ms=50__seed=1/a") + ",s,policy-a,1,10\n");
}

TEST_F(SweepCollect, PointJsonInTheSummaryFolderAndQuotedValues) {
  tmp_.write_json("run/a/point.json",
                  {{"parameters", json::array({{{"name", "mix"}, {"path", "x.mix"}, {"value", "0.2,\"0.8\""}}})}});
  summary("run", "a", 3, {{"goodput_qps", 1}});
  EXPECT_EQ(runs_csv(collect()), "mix,run_dir,scenario,policy,seed,goodput_qps\n"
                                 "\"0.2,\"\"0.8\"\"\"," + dir("run/a") + ",s,policy-a,3,1\n");
}

TEST_F(SweepCollect, WithoutPointJsonTheCsvIsAsBefore) {
  summary("run1", "a", 1, {{"goodput_qps", 10}});
  summary("run1", "b", 1, {{"goodput_qps", 11}});
  const auto c = collect();
  EXPECT_TRUE(c.parameter_names().empty());
  EXPECT_EQ(runs_csv(c), "run_dir,scenario,policy,seed,goodput_qps\n" + dir("run1/a") + ",s,policy-a,1,10\n" +
                             dir("run1/b") + ",s,policy-b,1,11\n");
}

TEST_F(SweepCollect, ThreeSeedsGiveTheHandComputedInterval) {
  // goodput 10, 12, 17: mean 13, sd sqrt(13) = 3.60555128, ci95 = t_{0.975,2} sd / sqrt(3)
  // = 4.30265273 * 3.60555128 / 1.73205081 = 8.9566859 (replication_stats_test.cpp has the steps).
  // slo_attainment 0.5, 0.5, 0.5: sd 0, ci95 0.
  const int goodput[] = {10, 12, 17};
  for (int seed = 1; seed <= 3; ++seed) {
    const std::string d = "slo_ms=50__seed=" + std::to_string(seed);
    point(d, "50", seed);
    summary(d, "a", seed, {{"goodput_qps", goodput[seed - 1]}, {"slo_attainment", 0.5}});
  }
  EXPECT_EQ(points_csv(collect()),
            "slo_ms,label,policy,runs,goodput_qps.mean,goodput_qps.sd,goodput_qps.n,goodput_qps.ci95,"
            "slo_attainment.mean,slo_attainment.sd,slo_attainment.n,slo_attainment.ci95\n"
            "50,a,policy-a,3,13,3.60555128,3,8.9566859,0.5,0,3,0\n");
}

TEST_F(SweepCollect, GroupsArePointAndLabelInFirstSeenOrder) {
  for (int seed = 1; seed <= 2; ++seed) {
    for (const char* slo : {"150", "50"}) {
      const std::string d = std::string("slo_ms=") + slo + "__seed=" + std::to_string(seed);
      point(d, slo, seed);
      summary(d, "a", seed, {{"goodput_qps", seed}});
      summary(d, "b", seed, {{"goodput_qps", 10 * seed}});
    }
  }
  // Rows sorted by path: 150/seed1 (a, b), 150/seed2 (a, b), 50/seed1, 50/seed2.
  // a: {1, 2} mean 1.5, sd 0.707106781, ci95 = 12.7062047 * 0.707106781 / sqrt(2) = 6.35310237;
  // b: {10, 20} ten times that.
  EXPECT_EQ(points_csv(collect()),
            "slo_ms,label,policy,runs,goodput_qps.mean,goodput_qps.sd,goodput_qps.n,goodput_qps.ci95\n"
            "150,a,policy-a,2,1.5,0.707106781,2,6.35310237\n"
            "150,b,policy-b,2,15,7.07106781,2,63.5310237\n"
            "50,a,policy-a,2,1.5,0.707106781,2,6.35310237\n"
            "50,b,policy-b,2,15,7.07106781,2,63.5310237\n");
}

TEST_F(SweepCollect, OneValueLeavesSpreadEmptyAndNoneLeavesAllEmpty) {
  point("p1", "50", 1);
  summary("p1", "a", 1, {{"latency_ms", {{"p99", 42.5}}}, {"name", "x"}});
  point("p2", "50", 2);
  summary("p2", "a", 2, {{"latency_ms", {{"p99", nullptr}}}, {"name", "y"}});
  point("p3", "60", 1);
  summary("p3", "a", 1, {{"latency_ms", {{"p99", nullptr}}}, {"name", "z"}});
  // "name" is not numeric: no columns. "seed" is the replication, not a metric.
  EXPECT_EQ(points_csv(collect()),
            "slo_ms,label,policy,runs,latency_ms.p99.mean,latency_ms.p99.sd,latency_ms.p99.n,latency_ms.p99.ci95\n"
            "50,a,policy-a,2,42.5,,1,\n"
            "60,a,policy-a,1,,,,\n");
}

TEST_F(SweepCollect, WithoutPointsGroupsAreLabels) {
  summary("run1", "a", 1, {{"goodput_qps", 1}});
  summary("run2", "a", 2, {{"goodput_qps", 3}});
  EXPECT_EQ(points_csv(collect()),
            "label,policy,runs,goodput_qps.mean,goodput_qps.sd,goodput_qps.n,goodput_qps.ci95\n"
            "a,policy-a,2,2,1.41421356,2,12.7062047\n");
}

void expect_point_error(const test::TempDir& tmp, const std::string& text, const std::string& field) {
  const auto file = tmp.write("p/point.json", text);
  tmp.write("p/a/summary.json", R"({"seed": 1})");
  SummaryCsvCollector c;
  try {
    c.add(tmp.path());
    FAIL() << "expected InputError for " << text;
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()).rfind(file.string() + ": " + field, 0), 0u) << "got: " << e.what();
  }
}

TEST(SweepPointErrors, NameTheFileAndTheField) {
  test::TempDir tmp;
  expect_point_error(tmp, "[]", "expected an object");
  expect_point_error(tmp, "{\"parameters\": ", "parameters: invalid JSON");
  expect_point_error(tmp, "{}", "parameters: missing");
  expect_point_error(tmp, R"({"parameters": {}})", "parameters: expected an array");
  expect_point_error(tmp, R"({"parameters": [1]})", "parameters[0]: expected an object");
  expect_point_error(tmp, R"({"parameters": [{"value": "1"}]})", "parameters[0].name: missing");
  expect_point_error(tmp, R"({"parameters": [{"name": "x", "value": 50}]})", "parameters[0].value: expected a string");
  expect_point_error(tmp, R"({"parameters": [{"name": "x", "value": "1"}, {"name": "x", "value": "2"}]})",
                     "parameters[1].name: \"x\" appears twice");
  expect_point_error(tmp, R"({"parameters": [], "hash": 3})", "hash: expected a string");
  expect_point_error(tmp, R"({"parameters": [], "hashes": "ab"})", "hashes: unknown key");
}

TEST(SweepPointFile, FoundInTheSummaryFolderElseItsParent) {
  test::TempDir tmp;
  tmp.write("p/a/summary.json", "{}");
  EXPECT_FALSE(find_sweep_point(tmp.path() / "p/a/summary.json"));
  tmp.write("p/point.json", "{}");
  EXPECT_EQ(find_sweep_point(tmp.path() / "p/a/summary.json"), tmp.path() / "p/point.json");
  tmp.write("p/a/point.json", "{}");
  EXPECT_EQ(find_sweep_point(tmp.path() / "p/a/summary.json"), tmp.path() / "p/a/point.json");
}

}  // namespace
}  // namespace servesim
