#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "sample_run.hpp"
#include "sim/metrics/query_csv_writer.hpp"
#include "sim/metrics/timeseries_csv_writer.hpp"

namespace servesim::csv_writers_test {  // its own: unity builds join test files
namespace {

using namespace testing_sample;

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::vector<std::string> cells_of(const std::string& line) {
  std::vector<std::string> cells;
  std::size_t start = 0;
  for (std::size_t comma; (comma = line.find(',', start)) != std::string::npos; start = comma + 1) {
    cells.push_back(line.substr(start, comma - start));
  }
  cells.push_back(line.substr(start));
  return cells;
}

TEST(TimeSeriesCsv, HeaderAndRows) {
  std::ostringstream out;
  {
    TimeSeriesCsvWriter writer(out);
    RunMetrics m(sample_config(&writer));
    feed_sample(m);
  }
  const auto lines = lines_of(out.str());
  ASSERT_EQ(lines.size(), 10u);  // header + 3 windows * (all, a, b)
  EXPECT_EQ(lines[0],
            "window_start_s,window_end_s,app,arrivals,demand_qps,completed,on_time,late,dropped,rejected,unfinished,"
            "throughput_qps,goodput_qps,latency_p50_ms,latency_p99_ms,effective_accuracy,"
            "devices_cpu,devices_gpu,devices_inferentia,devices_lambda,"
            "replicas_cpu,replicas_gpu,replicas_inferentia,replicas_lambda,"
            "utilisation_cpu,utilisation_gpu,utilisation_inferentia,utilisation_lambda,"
            "instances_on_demand,instances_spot,lambda_invocations,lambda_cold_starts,"
            "cost_per_hour,cost,cost_on_demand,cost_spot,cost_lambda,cost_fixed,cost_hosted");
  // The last window: no completion, so no accuracy; the query left
  // unfinished at the end; GPUs idle, other kinds absent; one spot instance,
  // no Lambda.
  EXPECT_EQ(lines[7], "20,25,all,1,0.2,0,0,0,0,0,1,0,0,0,0,,0,4,0,0,0,4,0,0,,0,,,0,1,0,0,7.2,0.015,0,0.005,0,0.01,0.01");
  const auto first = cells_of(lines[1]);
  ASSERT_EQ(first.size(), cells_of(lines[0]).size());
  EXPECT_EQ(first[2], "all");
  EXPECT_EQ(first[3], "6");
  EXPECT_EQ(first[4], "0.6");
  EXPECT_EQ(first[11], "0.3");                  // throughput: ids 1, 2 and 4 in 10 s
  EXPECT_EQ(first[12], "0.2");                  // goodput: ids 1 and 4 were on time
  EXPECT_NEAR(std::stod(first[13]), 100, 0.5);  // p50 from the histogram
  EXPECT_EQ(first[14], "300");
  EXPECT_EQ(first[15], "80");
  EXPECT_EQ(first[25], "0.5");  // utilisation_gpu
  // The cluster columns, by name, on every row of the window.
  const auto header = cells_of(lines[0]);
  auto cell = [&](const std::vector<std::string>& row, const std::string& name) {
    const auto it = std::find(header.begin(), header.end(), name);
    EXPECT_NE(it, header.end()) << name;
    return it == header.end() ? std::string() : row[static_cast<std::size_t>(it - header.begin())];
  };
  for (std::size_t line : {4u, 5u, 6u}) {  // window 2: all, a, b
    const auto row = cells_of(lines[line]);
    ASSERT_EQ(row.size(), header.size());
    EXPECT_EQ(cell(row, "instances_on_demand"), "1");
    EXPECT_EQ(cell(row, "instances_spot"), "2");
    EXPECT_EQ(cell(row, "lambda_invocations"), "20");
    EXPECT_EQ(cell(row, "lambda_cold_starts"), "1");
    EXPECT_EQ(cell(row, "cost"), "0.112");
    EXPECT_EQ(cell(row, "cost_on_demand"), "0.02");
    EXPECT_EQ(cell(row, "cost_spot"), "0.05");
    EXPECT_EQ(cell(row, "cost_lambda"), "0.002");
    EXPECT_EQ(cell(row, "cost_fixed"), "0.04");
    EXPECT_EQ(cell(row, "cost_hosted"), "0.025");
  }
  EXPECT_EQ(cell(first, "lambda_cold_starts"), "2");
  // by_instance_type stays out: columns would vary by scenario.
  EXPECT_EQ(lines[0].find("m5.large"), std::string::npos);
}

TEST(QueryCsv, OneLinePerOutcome) {
  std::ostringstream out;
  {
    QueryCsvWriter writer(out, {{"a", "b"}, {}, {}});
    RunMetrics m(sample_config(nullptr, &writer));
    feed_sample(m);
    auto no_deadline = outcome(9, 1, OutcomeKind::kCompleted, 21, 21.5, 0, 0.75);
    no_deadline.deadline = SimTime::never();
    writer.on_query(no_deadline);
  }
  const auto lines = lines_of(out.str());
  ASSERT_EQ(lines.size(), 10u);
  EXPECT_EQ(lines[0],
            "id,app,outcome,arrival_s,finish_s,latency_ms,queue_wait_ms,deadline_s,on_time,accuracy,"
            "variant,device_type,replica,stage_visits,reason");
  // The sample's outcomes name no server: those cells are empty, 0 visits.
  EXPECT_EQ(lines[1], "1,a,completed,1,1.1,100,1,1.2,1,1,,,,0,");
  EXPECT_EQ(lines[2], "2,a,completed,2,2.3,300,1,2.2,0,0.8,,,,0,");
  EXPECT_EQ(lines[3], "3,a,dropped,3,3.5,500,1,3.4,0,,,,,0,deadline");
  EXPECT_EQ(lines[5], "5,b,rejected,5,5,0,1,5.5,0,,,,,0,rejected");
  EXPECT_EQ(lines[8], "8,b,unfinished,21,25,4000,1,21.5,0,,,,,0,unfinished");
  EXPECT_EQ(lines[9], "9,b,completed,21,21.5,500,1,,1,0.75,,,,0,");
}

// The columns after accuracy: variant, device_type, replica, stage_visits, reason.
std::string served_cells(const std::string& line) {
  std::size_t at = line.size();
  for (int commas = 0; commas < 5; ++commas) at = line.rfind(',', at - 1);
  return line.substr(at + 1);
}

TEST(QueryCsv, WhatServedTheQueryByNameAndWhyItFailed) {
  std::ostringstream out;
  {
    QueryCsvWriter writer(out, {{"a"}, {"small", "big, slow"}, {"gpu", "cpu"}});
    // Completed through two stages, the last on replica 7: big, slow on a cpu.
    auto chain = testing_sample::outcome(1, 0, OutcomeKind::kCompleted, 1, 1.2, 2);
    chain.variant = 1;
    chain.device_type = 1;
    chain.replica = 7;
    chain.stage_visits = 2;
    writer.on_query(chain);
    // Completed on Lambda: a variant, no device, no replica.
    auto lambda = testing_sample::outcome(2, 0, OutcomeKind::kCompleted, 1, 1.2, 2);
    lambda.variant = 0;
    lambda.stage_visits = 1;
    writer.on_query(lambda);
    // Dropped at its second stage, after replica 0 served the first.
    auto dropped = testing_sample::outcome(3, 0, OutcomeKind::kDropped, 1, 1.2, 1.1);
    dropped.reason = FailReason::kShed;
    dropped.variant = 0;
    dropped.device_type = 0;
    dropped.replica = 0;
    dropped.stage_visits = 1;
    writer.on_query(dropped);
  }
  const auto lines = lines_of(out.str());
  ASSERT_EQ(lines.size(), 4u);
  EXPECT_EQ(served_cells(lines[0]), "variant,device_type,replica,stage_visits,reason");
  EXPECT_EQ(lines[1], "1,a,completed,1,1.2,200,1,2,1,1,\"big, slow\",cpu,7,2,");
  EXPECT_EQ(served_cells(lines[2]), "small,,,1,");
  EXPECT_EQ(served_cells(lines[3]), "small,gpu,0,1,shed");
}

TEST(QueryCsv, EveryReasonHasItsToken) {
  const std::vector<std::pair<FailReason, std::string>> tokens = {
      {FailReason::kNone, ""},
      {FailReason::kDeadline, "deadline"},
      {FailReason::kShed, "shed"},
      {FailReason::kUnpulled, "unpulled"},
      {FailReason::kInstanceLost, "instance_lost"},
      {FailReason::kRejected, "rejected"},
      {FailReason::kNoReplica, "no_replica"},
      {FailReason::kThrottled, "throttled"},
      {FailReason::kUnfinished, "unfinished"}};
  std::ostringstream out;
  {
    QueryCsvWriter writer(out, {{"a"}, {}, {}});
    for (const auto& [reason, token] : tokens) {
      auto q = testing_sample::outcome(1, 0, outcome_kind(reason), 1, 2, 3);
      q.reason = reason;
      writer.on_query(q);
    }
  }
  const auto lines = lines_of(out.str());
  ASSERT_EQ(lines.size(), tokens.size() + 1);
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    const std::string& line = lines[i + 1];
    EXPECT_EQ(line.substr(line.rfind(',') + 1), tokens[i].second) << line;
  }
  // Each reason counts as the outcome its place in the engine gives.
  EXPECT_EQ(outcome_kind(FailReason::kShed), OutcomeKind::kDropped);
  EXPECT_EQ(outcome_kind(FailReason::kInstanceLost), OutcomeKind::kDropped);
  EXPECT_EQ(outcome_kind(FailReason::kThrottled), OutcomeKind::kRejected);
  EXPECT_EQ(outcome_kind(FailReason::kNoReplica), OutcomeKind::kRejected);
  EXPECT_EQ(outcome_kind(FailReason::kUnfinished), OutcomeKind::kUnfinished);
}

}  // namespace
}  // namespace servesim::csv_writers_test
