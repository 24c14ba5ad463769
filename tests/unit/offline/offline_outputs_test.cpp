// Offline jobs through the real binary: the outputs they add, and that the
// same scenario and seed give the same bytes.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "offline_harness.hpp"
#include "tests/support/cli_runner.hpp"

namespace servesim::test {
namespace {

using nlohmann::json;

// A Poisson online load beside two jobs: random arrivals, so that a run
// depends on the seed and determinism means something.
json busy_world(const TempDir& dir) {
  json doc = offline_world(dir, {}, json::array({job(0.1, 300), {{"submit_s", 0.4}, {"inputs", 50}, {"deadline_s", 0.2}}}),
                           /*max_batch=*/4);
  doc["applications"][0]["workload"] = {{"kind", "poisson"}, {"rate", 60}};
  return doc;
}

TEST(OfflineOutputs, SameSeedSameBytes) {
  TempDir dir;
  dir.write_json("scenario.json", busy_world(dir));
  const std::string scenario = (dir.path() / "scenario.json").string();
  for (const char* out : {"one", "two"}) {
    const CliResult r = run_servesim({"run", scenario, "--out", (dir.path() / out).string(), "--quiet"}, dir.path());
    ASSERT_EQ(r.status, 0) << r.err;
  }
  for (const char* file : {"summary.json", "timeseries.csv"}) {
    EXPECT_EQ(read_text(dir.path() / "one" / "static" / file), read_text(dir.path() / "two" / "static" / file)) << file;
  }
  EXPECT_EQ(read_text(dir.path() / "one" / "comparison.csv"), read_text(dir.path() / "two" / "comparison.csv"));
}

// `servesim run` on busy_world, into dir/out.
CliResult run_busy_world(const TempDir& dir) {
  dir.write_json("scenario.json", busy_world(dir));
  return run_servesim(
      {"run", (dir.path() / "scenario.json").string(), "--out", (dir.path() / "out").string(), "--quiet"}, dir.path());
}

TEST(OfflineOutputs, SummaryAndTimeSeriesReportTheJobs) {
  TempDir dir;
  const CliResult r = run_busy_world(dir);
  ASSERT_EQ(r.status, 0) << r.err;
  const json summary = json::parse(read_text(dir.path() / "out" / "static" / "summary.json"));
  const json& offline = summary.at("offline");
  const json& first = offline.at("jobs").at("app/0");
  const json& second = offline.at("jobs").at("app/1");
  EXPECT_EQ(first.at("inputs"), 300);
  EXPECT_EQ(offline.at("inputs_done").get<std::uint64_t>(),
            first.at("done").get<std::uint64_t>() + second.at("done").get<std::uint64_t>());
  EXPECT_TRUE(first.at("deadline_s").is_null());
  EXPECT_FALSE(first.contains("deadline_met"));
  EXPECT_EQ(second.at("deadline_s"), 0.2);
  EXPECT_TRUE(second.contains("deadline_met"));
  const std::string series = read_text(dir.path() / "out" / "static" / "timeseries.csv");
  const std::string header = series.substr(0, series.find('\n'));
  EXPECT_TRUE(header.ends_with(",offline_completed,offline_paused_cpu,offline_paused_gpu,offline_paused_inferentia"))
      << header;
}

std::string first_line(const std::string& text) { return text.substr(0, text.find('\n')); }

// The comparison table's last data column (before the printed wall time) is
// summary.json's offline.inputs_done.
TEST(OfflineOutputs, ComparisonTableShowsTheInputsDone) {
  TempDir dir;
  const CliResult r = run_busy_world(dir);
  ASSERT_EQ(r.status, 0) << r.err;
  const json summary = json::parse(read_text(dir.path() / "out" / "static" / "summary.json"));
  const std::string done = std::to_string(summary.at("offline").at("inputs_done").get<std::uint64_t>());
  const std::string csv = read_text(dir.path() / "out" / "comparison.csv");
  EXPECT_TRUE(first_line(csv).ends_with(",memory_cost,offline_inputs_done,config")) << csv;
  const std::string config = summary.at("provenance").at("config");
  EXPECT_TRUE(csv.ends_with("," + done + "," + config + "\n")) << csv;
  EXPECT_NE(r.out.find("mem cost  offline  wall s"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(" " + done + " "), std::string::npos) << r.out;
}

// Without offline jobs, none of their columns: online-only outputs are as
// they were before offline jobs existed.
TEST(OfflineOutputs, NoOfflineColumnsWithoutOfflineJobs) {
  TempDir dir;
  json doc = busy_world(dir);
  doc["applications"][0].erase("offline_jobs");
  dir.write_json("scenario.json", doc);
  const CliResult r = run_servesim(
      {"run", (dir.path() / "scenario.json").string(), "--out", (dir.path() / "out").string(), "--quiet"}, dir.path());
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(first_line(read_text(dir.path() / "out" / "static" / "timeseries.csv")).find("offline"),
            std::string::npos);
  EXPECT_TRUE(first_line(read_text(dir.path() / "out" / "comparison.csv")).ends_with(",memory_cost,config"));
  EXPECT_NE(r.out.find("mem cost  wall s\n"), std::string::npos) << r.out;
  EXPECT_FALSE(json::parse(read_text(dir.path() / "out" / "static" / "summary.json")).contains("offline"));
}

}  // namespace
}  // namespace servesim::test
