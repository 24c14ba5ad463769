// queries.csv through the engine: for each query, what served its last
// finished visit (variant, device type, replica), how many stage visits
// finished, and why it failed, one reason per place the engine fails a
// query. Small worlds of the cloud harness, run by hand-written routers;
// the file is written as `servesim run` writes it and read back by column.
#include <gtest/gtest.h>

#include <map>
#include <sstream>
#include <string>

#include "sim/metrics/query_csv_writer.hpp"
#include "sim/scenario/query_csv_names.hpp"
#include "sim/serving/batchers/nexus_batcher.hpp"
#include "tests/unit/cloud/cloud_harness.hpp"

namespace servesim::cloudtest {
namespace {

using Row = std::map<std::string, std::string>;  // column -> cell

std::vector<std::string> cells_of(const std::string& line) {
  std::vector<std::string> cells;
  std::istringstream in(line);
  for (std::string cell; std::getline(in, cell, ',');) cells.push_back(cell);
  if (!line.empty() && line.back() == ',') cells.emplace_back();  // getline drops a last empty cell
  return cells;
}

// Runs `scenario` with `controller` to its end; queries.csv's rows by query id.
std::map<std::uint64_t, Row> queries_csv(const Scenario& scenario, Controller& controller) {
  std::ostringstream out;
  {
    QueryCsvWriter writer(out, query_csv_names(scenario.world));
    std::vector<std::string> apps;
    for (const auto& a : scenario.world.applications) apps.push_back(a.name);
    RunMetrics metrics(
        RunMetricsConfig{scenario.world.window, SimTime::zero() + scenario.world.duration, apps, nullptr, &writer});
    Simulation sim(scenario.world, controller, metrics);
    sim.start();
    sim.run();
  }
  std::istringstream in(out.str());
  std::string line;
  std::getline(in, line);
  const std::vector<std::string> header = cells_of(line);
  std::map<std::uint64_t, Row> rows;
  while (std::getline(in, line)) {
    const std::vector<std::string> cells = cells_of(line);
    EXPECT_EQ(cells.size(), header.size()) << line;
    Row row;
    for (std::size_t i = 0; i < header.size() && i < cells.size(); ++i) row[header[i]] = cells[i];
    rows[std::stoull(row.at("id"))] = row;
  }
  return rows;
}

// outcome, variant, device_type, replica, stage_visits, reason: what this file checks.
Row fate(const std::string& outcome, const std::string& variant, const std::string& device_type,
         const std::string& replica, const std::string& stage_visits, const std::string& reason) {
  return {{"outcome", outcome}, {"variant", variant},           {"device_type", device_type},
          {"replica", replica}, {"stage_visits", stage_visits}, {"reason", reason}};
}

Row fate_of(const Row& row) {
  Row out;
  for (const char* column : {"outcome", "variant", "device_type", "replica", "stage_visits", "reason"}) {
    out[column] = row.at(column);
  }
  return out;
}

// A two-stage chain A (family fs) -> B (family f) on a GPU and a box.cpu,
// SLO 150 ms, three queries at 1 s.
Scenario chain(const test::TempDir& dir, const std::string& drop) {
  json doc = cloud_world();
  doc["duration_s"] = 5;
  doc["cluster"] = {{"devices", json::array({{{"type", "gpu"}, {"count", 1}}, {{"type", "box.cpu"}, {"count", 1}}})}};
  doc["serving"] = {{"drop", drop}};
  json pipeline = {{"stages", json::array({{{"name", "A"}, {"family", "fs"}}, {{"name", "B"}, {"family", "f"}}})},
                   {"edges", json::array({{{"from", "A"}, {"to", "B"}}})}};
  doc["applications"] = json::array({{{"name", "p"},
                                      {"slo_ms", 150},
                                      {"pipeline", pipeline},
                                      {"workload", replay_at_seconds(dir, {1, 1, 1}, "p.txt")}}});
  return load_doc(dir, doc);
}

// Replica 0: s on the GPU (10 ms), for A; replica 1: m on the box.cpu
// (100 ms), for B, with `batcher_b`. Both batch one query at a time.
void place_chain(TestController& c, const BatcherSpec& batcher_b) {
  c.tick = Duration::infinite();
  c.on_start = [batcher_b](ClusterControl& control, const ClusterView& view) {
    control.load_replica(ReplicaRequest{variant(view, "s"), 0, {}, 1});
    control.load_replica(ReplicaRequest{variant(view, "m"), 1, batcher_b, 1});
  };
}

TEST(QueriesCsv, TheEnginesDeadlineDropAfterTheFirstStage) {
  // A serves the three at 1.000, 1.010, 1.020 s. B serves q0 1.010-1.110 (on
  // time) and q1 1.110-1.210 (it started before the 1.150 deadline: late);
  // q2 is dropped at 1.210 by serving.drop, after A served it.
  test::TempDir dir;
  const Scenario scenario = chain(dir, "expired");
  TestController c;
  place_chain(c, {});
  const auto rows = queries_csv(scenario, c);
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(fate_of(rows.at(0)), fate("completed", "m", "box.cpu", "1", "2", ""));
  EXPECT_EQ(rows.at(0).at("on_time"), "1");
  EXPECT_EQ(fate_of(rows.at(1)), fate("completed", "m", "box.cpu", "1", "2", ""));
  EXPECT_EQ(rows.at(1).at("on_time"), "0");
  EXPECT_EQ(fate_of(rows.at(2)), fate("dropped", "s", "gpu", "0", "1", "deadline"));
  EXPECT_EQ(rows.at(2).at("finish_s"), "1.21");
}

TEST(QueriesCsv, ABatcherShedsWhatTheEngineWouldServe) {
  // The same queries without the engine's drop, Nexus' early drop on B: at
  // 1.110 s a batch of one would end at 1.210, after q1's and q2's deadline,
  // so the batcher sheds both.
  test::TempDir dir;
  const Scenario scenario = chain(dir, "none");
  TestController c;
  place_chain(c, nexus_batcher(1));
  const auto rows = queries_csv(scenario, c);
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(fate_of(rows.at(0)), fate("completed", "m", "box.cpu", "1", "2", ""));
  EXPECT_EQ(fate_of(rows.at(1)), fate("dropped", "s", "gpu", "0", "1", "shed"));
  EXPECT_EQ(fate_of(rows.at(2)), fate("dropped", "s", "gpu", "0", "1", "shed"));
  EXPECT_EQ(rows.at(2).at("finish_s"), "1.11");
}

TEST(QueriesCsv, RefusalsSayWhoRefused) {
  // Lambda function f (m, 3 concurrent). q0 the router rejects; q1 it sends
  // by weights it never set; q2-q4 run on Lambda (no device, no replica); q5,
  // the fourth at 2 s, is throttled.
  test::TempDir dir;
  json doc = cloud_world();
  doc["duration_s"] = 10;
  const json f = {{"name", "f"}, {"variant", "m"}, {"memory_mb", 1024}, {"cold_start_ms", 2000}};
  doc["cloud"] = {{"lambda", {{"functions", json::array({f})}}}};
  doc["applications"] = json::array({app("a", "f", 5000, replay_at_seconds(dir, {1, 1, 2, 2, 2, 2}, "a.txt"))});
  const Scenario scenario = load_doc(dir, doc);
  TestController c;
  c.tick = Duration::infinite();
  c.router = [](const RouteRequest& req, const ClusterView&) {
    if (req.query == 0) return RouteDecision::reject();
    if (req.query == 1) return RouteDecision::by_weights();
    return RouteDecision::to_lambda(0);
  };
  const auto rows = queries_csv(scenario, c);
  ASSERT_EQ(rows.size(), 6u);
  EXPECT_EQ(fate_of(rows.at(0)), fate("rejected", "", "", "", "0", "rejected"));
  EXPECT_EQ(fate_of(rows.at(1)), fate("rejected", "", "", "", "0", "no_replica"));
  for (std::uint64_t id : {2, 3, 4}) EXPECT_EQ(fate_of(rows.at(id)), fate("completed", "m", "", "", "1", "")) << id;
  EXPECT_EQ(fate_of(rows.at(5)), fate("rejected", "", "", "", "0", "throttled"));
}

TEST(QueriesCsv, AnInstanceTakenBackWithTheQueriesOnIt) {
  // A spot c5.large taken back at 300 s with on_instance_loss "fail": q0
  // (100 s) was served on it; q1 runs and q2 waits on it at 300 s.
  test::TempDir dir;
  json doc = cloud_world();
  doc["duration_s"] = 400;
  doc["cluster"] = {{"instances", json::array({{{"type", "c5.large"}, {"market", "spot"}}})}};
  doc["cloud"] = {{"spot", {{"interruptions", {{"at", json::array({{{"at_s", 300}, {"count", 1}}})}}}}},
                  {"on_instance_loss", "fail"}};
  doc["applications"] = json::array({app("a", "f", 1000, replay_at_seconds(dir, {100, 299.95, 299.95}, "a.txt"))});
  const Scenario scenario = load_doc(dir, doc);
  TestController c;
  c.on_start = [](ClusterControl& control, const ClusterView& view) { load_on(control, view, 0, "m"); };
  const auto rows = queries_csv(scenario, c);
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(fate_of(rows.at(0)), fate("completed", "m", "box.cpu", "0", "1", ""));
  EXPECT_EQ(fate_of(rows.at(1)), fate("dropped", "", "", "", "0", "instance_lost"));
  EXPECT_EQ(fate_of(rows.at(2)), fate("dropped", "", "", "", "0", "instance_lost"));
}

TEST(QueriesCsv, ACentralQueueNoReplicaPullsFrom) {
  // Both queries go to their stage's central queue, which no replica pulls
  // from: q0 expires there when q1 joins at 2 s; q1 is still there when the
  // 1 s drain ends the run at 4 s.
  test::TempDir dir;
  json doc = cloud_world();
  doc["duration_s"] = 3;
  doc["serving"] = {{"drop", "expired"}, {"drain_s", 1}};
  doc["applications"] = json::array({app("a", "f", 500, replay_at_seconds(dir, {1, 2}, "a.txt"))});
  const Scenario scenario = load_doc(dir, doc);
  TestController c;
  c.tick = Duration::infinite();
  c.router = [](const RouteRequest&, const ClusterView&) { return RouteDecision::to_central_queue(); };
  const auto rows = queries_csv(scenario, c);
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(fate_of(rows.at(0)), fate("dropped", "", "", "", "0", "unpulled"));
  EXPECT_EQ(rows.at(0).at("finish_s"), "2");
  EXPECT_EQ(fate_of(rows.at(1)), fate("unfinished", "", "", "", "0", "unfinished"));
  EXPECT_EQ(rows.at(1).at("finish_s"), "4");
}

}  // namespace
}  // namespace servesim::cloudtest
