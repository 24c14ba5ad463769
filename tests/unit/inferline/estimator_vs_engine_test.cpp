// The estimator against the full engine: the same arrivals through the same
// plan (the static policy's "central_queue" routing, greedy batchers capped at
// b, deterministic service times, no drops, one replica per GPU) give every
// query the same latency to the nanosecond, hence the same exact P99 and the
// same late count. Traces in whole milliseconds make arrivals coincide with
// batch completions (all latencies here are whole milliseconds), so the
// engine's tie order is checked too.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>

#include "policies/inferline/estimator.hpp"
#include "sim/core/random_stream.hpp"
#include "sim/metrics/nearest_rank.hpp"
#include "tests/unit/serving/engine_harness.hpp"

namespace servesim::inferline {
namespace {

using nlohmann::json;
using test::EngineRun;
using test::TempDir;

json greedy(int max_batch) { return {{"kind", "greedy"}, {"max_batch", max_batch}}; }
json stage(const std::string& name, const std::string& family) { return {{"name", name}, {"family", family}}; }
json edge(const std::string& from, const std::string& to, double p = 1.0) {
  json e = {{"from", from}, {"to", to}};
  if (p < 1.0) e["probability"] = p;
  return e;
}

// Poisson arrivals at `rate` for `active_s`, in ms, rounded to `grain_ms`,
// with a burst of five at once every 100th arrival.
std::vector<double> trace_ms(double rate, double active_s, double grain_ms, const char* name) {
  RandomStream rng(5, name);
  std::vector<double> out;
  double t = 0;
  while (true) {
    t += rng.exponential(1000.0 / rate);
    if (t >= active_s * 1000) break;
    const double at = std::round(t / grain_ms) * grain_ms;
    const int copies = out.size() % 100 == 99 ? 5 : 1;
    for (int i = 0; i < copies; ++i) out.push_back(at);
  }
  return out;
}

struct Placed {
  std::string variant;
  int batch;
  int replicas;
};

struct Comparison {
  EngineRun engine;
  std::vector<Duration> engine_latency;  // by query id
  Estimate estimate;
  std::vector<Duration> estimate_latency;
};

// Runs the engine (scenario and trace in `dir`) on `applications` with one placement per stage, then the
// estimator on the arrivals the engine recorded and the plan the placements
// name (T(b) from the scenario's catalog).
Comparison compare(const TempDir& dir, const json& applications, const std::vector<Placed>& placed, int gpus) {
  json doc = test::engine_world(gpus);
  doc["duration_s"] = 30;
  doc["serving"] = {{"drop", "none"}, {"service_time", {{"distribution", "deterministic"}}}};
  doc["applications"] = applications;
  json placements = json::array();
  for (const Placed& p : placed) placements.push_back(test::place(p.variant, p.replicas, greedy(p.batch)));
  doc["policies"] = test::static_policy(placements, "central_queue");

  Comparison out;
  out.engine = test::run_engine(dir, doc);
  const std::size_t n = out.engine.outcomes.size();
  EXPECT_EQ(out.engine.counts.completed, n);
  std::set<DeviceId> devices;
  for (const ReplicaInfo& r : out.engine.replicas) devices.insert(r.device);
  EXPECT_EQ(devices.size(), out.engine.replicas.size()) << "replicas share a device: the estimator does not model that";

  std::vector<SimTime> arrivals(n);
  out.engine_latency.assign(n, Duration::infinite());
  for (const QueryOutcome& q : out.engine.outcomes) {
    EXPECT_LT(q.id, n);
    arrivals.at(q.id) = q.arrival;
    out.engine_latency.at(q.id) = q.latency();
  }

  const Scenario scenario = test::load_doc(dir, doc);
  const SimulationConfig& world = scenario.world;
  const Application& app = world.applications.at(0);
  PipelineConfig config;
  for (const Placed& p : placed) {
    config.push_back(StageConfig{*world.models->find_variant(p.variant), *world.hardware->find("gpu"),
                                 static_cast<std::uint32_t>(p.batch), static_cast<std::uint32_t>(p.replicas)});
  }
  const std::vector<StageService> services = stage_services(app.pipeline, config, *world.models, *world.hardware);
  Estimator estimator(app.pipeline, world.seed);
  out.estimate = estimator.run(services, arrivals, app.slo);
  out.estimate_latency.assign(estimator.latencies().begin(), estimator.latencies().end());
  return out;
}

void expect_same(const Comparison& c, Duration slo) {
  const std::size_t n = c.engine_latency.size();
  ASSERT_EQ(c.estimate_latency.size(), n);
  std::size_t differ = 0;
  for (std::size_t i = 0; i < n; ++i) {
    if (c.estimate_latency[i] != c.engine_latency[i] && differ++ < 10) {
      ADD_FAILURE() << "query " << i << ": estimator " << c.estimate_latency[i].ns << " ns, engine "
                    << c.engine_latency[i].ns << " ns";
    }
  }
  EXPECT_EQ(differ, 0u) << "of " << n;
  std::vector<Duration> sorted = c.engine_latency;
  std::sort(sorted.begin(), sorted.end());
  const Duration engine_p99 = sorted[nearest_rank(0.99, n)];
  EXPECT_EQ(c.estimate.p99, engine_p99);
  std::uint64_t late = 0;
  for (const QueryOutcome& q : c.engine.outcomes) late += !q.on_time();
  EXPECT_EQ(c.estimate.late, late);
  EXPECT_EQ(c.estimate.feasible, engine_p99 <= slo);
}

json pipeline_app(json stages, json edges, double slo_ms, json workload) {
  return json::array({{{"name", "app"},
                       {"slo_ms", slo_ms},
                       {"pipeline", {{"stages", stages}, {"edges", edges}}},
                       {"workload", workload}}});
}

class EstimatorVsEngine : public testing::TestWithParam<double> {};  // the trace's grain, ms

TEST_P(EstimatorVsEngine, OneStageTwoReplicas) {
  // a_fast on GPUs: T(b) = 10, 12, 14, 16 ms for b = 1..4; two replicas of 250
  // QPS at batch 4 under 300 QPS (plus bursts): batches of every size form.
  TempDir dir;
  const json apps = test::single_stage_app("a", 40, test::replay_at(dir, trace_ms(300, 4, GetParam(), "one")));
  const Comparison c = compare(dir, apps, {{"a_fast", 4, 2}}, 4);
  EXPECT_GT(c.engine_latency.size(), 1000u);
  expect_same(c, from_millis(40));
}

TEST_P(EstimatorVsEngine, TwoStageChain) {
  // A: a_fast, two replicas at batch 4; B: b1 (T(b) = 20 + 2 (b - 1) ms), one
  // replica at batch 8 (235 QPS): at 200 QPS B's queue builds and batches.
  TempDir dir;
  const json apps = pipeline_app({stage("A", "a"), stage("B", "b")}, {edge("A", "B")}, 80,
                                 test::replay_at(dir, trace_ms(200, 4, GetParam(), "two")));
  const Comparison c = compare(dir, apps, {{"a_fast", 4, 2}, {"b1", 8, 1}}, 4);
  EXPECT_GT(c.engine_latency.size(), 700u);
  expect_same(c, from_millis(80));
}

TEST_P(EstimatorVsEngine, ConditionalBranchesAndAJoin) {
  // A -> B (0.5), A -> C (0.7), B -> D, C -> D (a join, skipped when neither
  // branch is taken): every rule of the engine's pipelines at once.
  TempDir dir;
  const json apps = pipeline_app({stage("A", "a"), stage("B", "b"), stage("C", "c"), stage("D", "d")},
                                 {edge("A", "B", 0.5), edge("A", "C", 0.7), edge("B", "D"), edge("C", "D")}, 60,
                                 test::replay_at(dir, trace_ms(250, 4, GetParam(), "diamond")));
  const Comparison c = compare(dir, apps, {{"a_fast", 4, 2}, {"b1", 8, 1}, {"c1", 4, 1}, {"d1", 8, 1}}, 6);
  EXPECT_GT(c.engine_latency.size(), 900u);
  expect_same(c, from_millis(60));
}

INSTANTIATE_TEST_SUITE_P(Grains, EstimatorVsEngine, testing::Values(1.0, 1e-6),
                         [](const testing::TestParamInfo<double>& info) {
                           return info.param >= 1 ? std::string("WholeMs") : std::string("Ns");
                         });

}  // namespace
}  // namespace servesim::inferline
