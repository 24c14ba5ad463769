#include "sim/metrics/comparison_table.hpp"

#include <gtest/gtest.h>

#include <sstream>

#include "sample_run.hpp"

namespace servesim {
namespace {

using namespace testing_sample;

std::vector<RunSummary> two_runs() {
  RunMetrics full(sample_config());
  feed_sample(full);
  RunMetrics empty(RunMetricsConfig{from_seconds(10), at_seconds(10), {"a"}});
  empty.finish(at_seconds(10), ClusterSnapshot{});
  return {make_run_summary(full, RunIdentity{"quickstart", "proteus", "proteus", 1, 25}),
          make_run_summary(empty, RunIdentity{"quickstart", "infaas-with-a-long-label", "infaas", 1, 10})};
}

TEST(ComparisonTable, PrintsEveryPolicyUnderTheFixedColumns) {
  const ComparisonTable table(two_runs(), {1.5, 0.25});
  std::ostringstream out;
  table.print(out);
  const std::string text = out.str();
  for (const char* header : {"policy", "queries", "thr/s", "good/s", "SLO %", "p50 ms", "p99 ms", "acc %", "max drop %",
                             "cost $", "spot $", "lambda $", "wall s"}) {
    EXPECT_NE(text.find(header), std::string::npos) << header;
  }
  EXPECT_NE(text.find("proteus "), std::string::npos);
  EXPECT_NE(text.find("infaas-with-a-long-label"), std::string::npos);
  EXPECT_NE(text.find("37.50"), std::string::npos);  // SLO %: 3 of 8
  EXPECT_NE(text.find("1.50"), std::string::npos);   // wall s
  // cost $, spot $ and lambda $ side by side, total first.
  EXPECT_NE(text.find("0.1580  0.0550    0.0030"), std::string::npos) << text;
  EXPECT_LT(text.find("cost $"), text.find("spot $"));
  EXPECT_LT(text.find("spot $"), text.find("lambda $"));
  EXPECT_LT(text.find("lambda $"), text.find("wall s"));

  // Right-aligned last column: every line but the rule ends at the same place.
  std::istringstream lines(text);
  std::vector<std::string> all;
  for (std::string line; std::getline(lines, line);) all.push_back(line);
  ASSERT_EQ(all.size(), 4u);
  EXPECT_EQ(all[0].size(), all[2].size());
  EXPECT_EQ(all[2].size(), all[3].size());
  EXPECT_EQ(all[1].find_first_not_of('-'), std::string::npos);
  EXPECT_NE(all[3].find(" - "), std::string::npos);  // no latency without completions
}

std::vector<std::string> lines_of(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// The same rows, but no wall time: a rerun writes the same bytes.
TEST(ComparisonTable, CsvHasTheSameRowsWithoutWallTime) {
  const ComparisonTable table(two_runs(), {1.5, 0.25});
  std::ostringstream out;
  table.write_csv(out);
  const auto lines = lines_of(out.str());
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[0],
            "scenario,policy,queries,throughput_qps,goodput_qps,slo_pct,p50_ms,p99_ms,accuracy_pct,max_drop_pct,"
            "cost_usd,spot_usd,lambda_usd,memory_cost,config");
  // config: these summaries have no provenance, sha256("") begins e3b0c44298fc1c14.
  EXPECT_EQ(lines[2], "quickstart,infaas-with-a-long-label,0,0,0,100,,,,,0,0,0,,e3b0c44298fc1c14");
  EXPECT_EQ(lines[1].rfind("quickstart,proteus,8,0.2,0.12,37.5,", 0), 0u) << lines[1];
  const std::string tail = ",0.158,0.055,0.003,,e3b0c44298fc1c14";  // no memory cost asked for
  EXPECT_EQ(lines[1].substr(lines[1].size() - tail.size()), tail) << lines[1];
  const ComparisonTable slower(two_runs(), {9.0, 7.0});
  std::ostringstream again;
  slower.write_csv(again);
  EXPECT_EQ(out.str(), again.str());
}

// --policy runs one policy: the others' rows stay, in the scenario's order.
TEST(ComparisonTable, MergedCsvKeepsTheOtherPoliciesRowsInScenarioOrder) {
  const std::string header = "scenario,policy,x\n";
  const std::string old = header + "s,a,1\ns,b,2\ns,gone,9\n";
  const std::string fresh = header + "s,b,3\n";
  EXPECT_EQ(ComparisonTable::merged_csv(old, fresh, {"a", "b", "c"}), header + "s,a,1\ns,b,3\n");
  // A scenario name with a comma is quoted; the label is still found.
  const std::string quoted = header + "\"s, 2\",a,1\n";
  EXPECT_EQ(ComparisonTable::merged_csv(quoted, header + "\"s, 2\",b,5\n", {"a", "b"}),
            header + "\"s, 2\",a,1\n\"s, 2\",b,5\n");
  // No file yet, or one with other columns: only the fresh rows.
  EXPECT_EQ(ComparisonTable::merged_csv("", fresh, {"a", "b"}), fresh);
  EXPECT_EQ(ComparisonTable::merged_csv("scenario,policy,y\ns,a,1\n", fresh, {"a", "b"}), fresh);
}

// The first run had an offline job, of which 42 inputs were done; the
// second had none.
std::vector<RunSummary> runs_with_offline() {
  auto runs = two_runs();
  OfflineJobResult job;
  job.app = "a";
  job.name = "nightly";
  job.inputs = 50;
  job.done = 42;
  runs[0].offline_jobs = {job};
  runs[0].offline_inputs_done = 42;
  return runs;
}

TEST(ComparisonTable, OfflineInputsDoneBeforeTheWallTimeWhenARunHadOfflineJobs) {
  const ComparisonTable table(runs_with_offline(), {1.5, 0.25});
  std::ostringstream printed, csv;
  table.print(printed);
  table.write_csv(csv);
  const auto text = lines_of(printed.str());
  ASSERT_EQ(text.size(), 4u);
  EXPECT_TRUE(text[0].ends_with("mem cost  offline  wall s")) << text[0];
  EXPECT_TRUE(text[2].ends_with("       42    1.50")) << text[2];
  EXPECT_TRUE(text[3].ends_with("        -    0.25")) << text[3];  // no offline jobs: not "0 done"
  const auto rows = lines_of(csv.str());
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_TRUE(rows[0].ends_with(",memory_cost,offline_inputs_done,config")) << rows[0];
  EXPECT_TRUE(rows[1].ends_with(",0.158,0.055,0.003,,42,e3b0c44298fc1c14")) << rows[1];
  EXPECT_EQ(rows[2], "quickstart,infaas-with-a-long-label,0,0,0,100,,,,,0,0,0,,,e3b0c44298fc1c14");
}

// Without offline jobs the table is what it was before they existed: the
// same bytes (the CSV header above, and no printed column).
TEST(ComparisonTable, NoOfflineColumnWithoutOfflineJobs) {
  std::ostringstream printed;
  ComparisonTable(two_runs(), {1.5, 0.25}).print(printed);
  EXPECT_EQ(printed.str().find("offline"), std::string::npos);
  EXPECT_TRUE(lines_of(printed.str())[0].ends_with("mem cost  wall s"));
}

TEST(ComparisonTable, MismatchedWallTimesAreABug) {
  EXPECT_THROW(ComparisonTable(two_runs(), {1.0}), InvariantError);
}

}  // namespace
}  // namespace servesim
