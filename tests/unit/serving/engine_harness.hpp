#pragma once
// Runs the engine on a tiny scenario: the scenario JSON is written to a temp
// file and loaded by the real loader, then one Simulation runs with the
// scenario's first policy (StaticPolicy) behind a recorder that notes every
// routing decision, and a sink that keeps every query outcome.
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "policies/policy_registry.hpp"
#include "sim/metrics/query_sink.hpp"
#include "sim/metrics/run_metrics.hpp"
#include "sim/scenario/policy_context.hpp"
#include "sim/scenario/scenario_loader.hpp"
#include "sim/serving/simulation.hpp"
#include "tests/support/scenario_doc.hpp"
#include "tests/support/temp_dir.hpp"

namespace servesim::test {


// The world of the engine tests: GPUs of 1000 MB and CPUs, and four families.
//   a: a_fast (accuracy 60 -> 0.75, 100 MB, max batch 8; gpu 1:10 2:12 8:24 ms, cpu 1:50 ms)
//      a_best (accuracy 80 -> 1.0, 400 MB, max batch 8; gpu 1:20 8:48 ms)
//   b: b1 (100 MB, max batch 8; gpu 1:20 8:34 ms)
//   c: c1 (100 MB, max batch 32, but measured only to 4; gpu 1:5 4:8 ms)
//      c_lin (100 MB, max batch 16, "linear" fit of gpu 2:12 4:16 ms -> 8 + 2 b ms)
//   d: d1 (100 MB, max batch 8; gpu 1:7 8:14 ms)
// Tests add "applications" and "policies"; "cluster" defaults to 4 GPUs.
inline nlohmann::json engine_world(int gpus = 4) {
  nlohmann::json doc = R"({
    "name": "engine-test",
    "seed": 11,
    "duration_s": 10,
    "catalogs": {
      "hardware": [{"device_types": [
        {"name": "gpu", "kind": "gpu", "memory_mb": 1000, "price_per_hour": 1.0},
        {"name": "cpu", "kind": "cpu", "cores": 4, "memory_mb": 1000, "price_per_hour": 0.1}]}],
      "models": [{"families": [
        {"name": "a", "variants": [
          {"name": "a_fast", "accuracy": 60, "memory_mb": 100, "max_batch": 8,
           "latency_ms": {"gpu": [[1, 10], [2, 12], [8, 24]], "cpu": [[1, 50]]}},
          {"name": "a_best", "accuracy": 80, "memory_mb": 400, "max_batch": 8,
           "latency_ms": {"gpu": [[1, 20], [8, 48]]}}]},
        {"name": "b", "variants": [
          {"name": "b1", "accuracy": 1, "memory_mb": 100, "max_batch": 8, "latency_ms": {"gpu": [[1, 20], [8, 34]]}}]},
        {"name": "c", "variants": [
          {"name": "c1", "accuracy": 1, "memory_mb": 100, "max_batch": 32, "latency_ms": {"gpu": [[1, 5], [4, 8]]}},
          {"name": "c_lin", "accuracy": 1, "memory_mb": 100, "max_batch": 16, "latency_fit": "linear",
           "latency_ms": {"gpu": [[2, 12], [4, 16]]}}]},
        {"name": "d", "variants": [
          {"name": "d1", "accuracy": 1, "memory_mb": 100, "max_batch": 8, "latency_ms": {"gpu": [[1, 7], [8, 14]]}}]}
      ]}]
    },
    "serving": {"drop": "none"}
  })"_json;
  doc["cluster"] = {{"devices", nlohmann::json::array({{{"type", "gpu"}, {"count", gpus}}})}};
  return doc;
}

// One placement entry of the static policy.
inline nlohmann::json place(const std::string& variant, int count = 1, nlohmann::json batcher = nullptr,
                            double weight = 0) {
  nlohmann::json p = {{"variant", variant}, {"device_type", "gpu"}, {"count", count}};
  if (!batcher.is_null()) p["batcher"] = batcher;
  if (weight > 0) p["weight"] = weight;
  return p;
}

inline nlohmann::json static_policy(nlohmann::json placements, const std::string& routing = "") {
  nlohmann::json params = {{"placement", placements}};
  if (!routing.empty()) params["routing"] = routing;
  return nlohmann::json::array({{{"name", "static"}, {"params", params}}});
}

// Poisson arrivals for `active_s` seconds, then none: with a longer
// duration_s the system drains.
inline nlohmann::json poisson_for(double rate, double active_s) {
  return {{"kind", "segments"},
          {"segments", nlohmann::json::array({{{"duration_s", active_s},
                                               {"workload", {{"kind", "poisson"}, {"rate", rate}}}}})}};
}

// Poisson arrivals in steps, each {duration_s, rate}, one after the other.
inline nlohmann::json poisson_steps(const std::vector<std::pair<double, double>>& steps) {
  nlohmann::json segments = nlohmann::json::array();
  for (const auto& [duration_s, rate] : steps) {
    segments.push_back({{"duration_s", duration_s}, {"workload", {{"kind", "poisson"}, {"rate", rate}}}});
  }
  return {{"kind", "segments"}, {"segments", segments}};
}

// One request per time (milliseconds) from a trace file written into `dir`.
inline nlohmann::json replay_at(const TempDir& dir, const std::vector<double>& times_ms,
                                const std::string& name = "trace.txt") {
  std::string text;
  for (double t : times_ms) text += std::to_string(t) + "\n";
  dir.write(name, text);
  return {{"kind", "request_replay"}, {"file", name}, {"time_unit", "ms"}};
}

inline nlohmann::json single_stage_app(const std::string& family, double slo_ms, nlohmann::json workload) {
  return nlohmann::json::array(
      {{{"name", "app"}, {"family", family}, {"slo_ms", slo_ms}, {"workload", std::move(workload)}}});
}

struct EngineRun {
  std::vector<QueryOutcome> outcomes;                      // in finish order
  std::map<std::uint64_t, std::vector<StageId>> stages;    // query id -> stages routed, in order
  std::vector<ReplicaId> route_sequence;                   // every routed visit's replica
  std::vector<std::uint64_t> routed_to;                    // visits per replica id
  std::vector<ReplicaBacklog> backlog_seen;                // each routed replica's backlog as the route saw it
  QueryCounts counts;
  Duration drain;                     // from the last arrival's end to the run's end
  std::vector<ReplicaInfo> replicas;  // at the end of the run
  std::vector<DeviceInfo> devices;    // at the end of the run

  std::size_t visited(StageId stage) const {
    std::size_t n = 0;
    for (const auto& [id, s] : stages) n += std::count(s.begin(), s.end(), stage) > 0;
    return n;
  }
};

class Recorder final : public Controller, public QuerySink {
 public:
  Recorder(Controller& inner, EngineRun& out) : inner_(inner), out_(out) {}
  void start(ClusterControl& control, const ClusterView& view) override { inner_.start(control, view); }
  RouteDecision route(const RouteRequest& request, ClusterControl& control, const ClusterView& view) override {
    const RouteDecision d = inner_.route(request, control, view);
    out_.stages[request.query].push_back(request.stage);
    if (d.kind == RouteDecision::Kind::kReplica) {
      out_.route_sequence.push_back(d.target);
      out_.backlog_seen.push_back(view.backlog(d.target));
      if (out_.routed_to.size() <= d.target) out_.routed_to.resize(d.target + 1, 0);
      ++out_.routed_to[d.target];
    }
    return d;
  }
  Duration tick_interval() const override { return inner_.tick_interval(); }
  void on_tick(ClusterControl& control, const ClusterView& view) override { inner_.on_tick(control, view); }
  void on_replica_ready(ReplicaId id, ClusterControl& control, const ClusterView& view) override {
    inner_.on_replica_ready(id, control, view);
  }
  void on_query(const QueryOutcome& outcome) override { out_.outcomes.push_back(outcome); }

 private:
  Controller& inner_;
  EngineRun& out_;
};

// The scenario's first policy, built as the runner builds it.
inline std::unique_ptr<Policy> first_policy(const Scenario& scenario) {
  return build_scenario_policy(scenario, scenario.policies.at(0));
}

// A policy's run kept for inspection: the policy itself (its own counters),
// the totals, and the replicas at the end of the run.
struct PolicyRun {
  std::unique_ptr<const Scenario> scenario;  // the policy refers to its world: kept in place
  std::unique_ptr<Policy> policy;
  QueryCounts counts;
  std::vector<ReplicaInfo> replicas;

  template <class P>
  const P& as() const {
    return dynamic_cast<const P&>(*policy);
  }
  // Replicas of the named variant serving at the end (loading or active).
  std::size_t live_replicas(const std::string& variant) const {
    std::size_t n = 0;
    for (const ReplicaInfo& r : replicas) {
      const bool live = r.state == ReplicaState::kLoading || r.state == ReplicaState::kActive;
      n += live && scenario->world.models->variant(r.variant).name == variant;
    }
    return n;
  }
};

// Loads `doc` and runs its first policy to the end, without a recorder.
inline PolicyRun run_policy(const TempDir& dir, const nlohmann::json& doc) {
  PolicyRun run{std::make_unique<const Scenario>(load_doc(dir, doc)), nullptr, {}, {}};
  run.policy = first_policy(*run.scenario);
  const SimulationConfig& world = run.scenario->world;
  std::vector<std::string> apps;
  for (const auto& a : world.applications) apps.push_back(a.name);
  RunMetrics metrics(
      RunMetricsConfig{world.window, SimTime::zero() + world.duration, apps, nullptr, nullptr, world.warmup});
  Simulation simulation(world, *run.policy, metrics);
  simulation.start();
  simulation.run();
  run.counts = metrics.total().counts();
  const ClusterView& view = simulation.view();
  for (ReplicaId r = 0; r < view.replica_count(); ++r) run.replicas.push_back(view.replica(r));
  return run;
}

// Loads `doc` (written into `dir`, so relative trace files resolve there) and
// runs its first policy to the end. Throws what the loader or the policy throw.
inline EngineRun run_engine(const TempDir& dir, const nlohmann::json& doc) {
  const Scenario scenario = load_doc(dir, doc);
  const auto policy = first_policy(scenario);
  EngineRun run;
  Recorder recorder(*policy, run);
  std::vector<std::string> apps;
  for (const auto& a : scenario.world.applications) apps.push_back(a.name);
  RunMetrics metrics(RunMetricsConfig{scenario.world.window, SimTime::zero() + scenario.world.duration, apps,
                                      nullptr, &recorder, scenario.world.warmup});
  Simulation simulation(scenario.world, recorder, metrics);
  simulation.start();
  simulation.run();  // checks conservation (arrived = finished + in flight) and throws if it fails
  run.counts = metrics.total().counts();
  run.drain = metrics.drain();
  const ClusterView& view = simulation.view();
  for (ReplicaId r = 0; r < view.replica_count(); ++r) run.replicas.push_back(view.replica(r));
  for (DeviceId d = 0; d < view.device_count(); ++d) run.devices.push_back(view.device(d));
  return run;
}

// Family a's one-stage application (SLO 1 s) under `workload`, served by the
// static policy with these placements and routing.
inline EngineRun run_static_on_a(const TempDir& dir, nlohmann::json placements, const std::string& routing,
                                 nlohmann::json workload, double duration_s = 10) {
  nlohmann::json doc = engine_world();
  doc["duration_s"] = duration_s;
  doc["applications"] = single_stage_app("a", 1000, std::move(workload));
  doc["policies"] = static_policy(std::move(placements), routing);
  return run_engine(dir, doc);
}

// |observed fraction - p| within z standard errors of a binomial proportion.
inline bool within_binomial(std::size_t hits, std::size_t n, double p, double z = 4.5) {
  if (n == 0) return false;
  const double f = static_cast<double>(hits) / static_cast<double>(n);
  return std::abs(f - p) <= z * std::sqrt(p * (1 - p) / static_cast<double>(n));
}

}  // namespace servesim::test
