#pragma once
// One replica on one device behind the static policy, built through the public
// path a user takes (a scenario JSON with inline catalogs, load_scenario,
// make_policy, Simulation), with every finished query kept by id so that tests
// can read waits in arrival order.
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "policies/policy_registry.hpp"
#include "sim/metrics/query_sink.hpp"
#include "sim/metrics/run_metrics.hpp"
#include "sim/scenario/policy_context.hpp"
#include "sim/scenario/scenario_loader.hpp"
#include "sim/serving/simulation.hpp"

namespace servesim::fidelity {

struct StationSetup {
  std::string name;                 // names the temporary scenario file
  double rate = 1;                  // Poisson arrivals per second
  std::string service = "deterministic";  // or "exponential"
  nlohmann::json profile = nlohmann::json::array({nlohmann::json::array({1, 10.0})});  // [[batch, ms], ...]
  std::uint32_t variant_max_batch = 1;
  nlohmann::json batcher = {{"kind", "greedy"}, {"max_batch", 1}};
  std::uint32_t concurrency = 1;
  // Servers as separate replicas instead: `replicas` one-core devices, each
  // with one replica, routed by the static policy's `routing` (e.g.
  // "central_queue": one queue for all, an M/x/c station again).
  std::uint32_t replicas = 1;
  std::string routing = "least_loaded";
  double duration_s = 1;
  std::uint64_t seed = 1;
};

// What one query came to, indexed by query id (= arrival order: one stream).
struct QueryTimes {
  std::int64_t arrival_ns = 0;
  std::int64_t wait_ns = 0;
  std::int64_t finish_ns = -1;  // -1: did not finish before the end
  std::uint32_t kind = 0;       // OutcomeKind

  bool finished() const { return finish_ns >= 0; }
};

class QueryCollector final : public QuerySink {
 public:
  void on_query(const QueryOutcome& o) override {
    if (o.id >= queries.size()) queries.resize(o.id + 1);
    // A query the end of the run left unfinished did not finish.
    const std::int64_t finish = o.kind == OutcomeKind::kUnfinished ? -1 : o.finish.ns;
    queries[o.id] = QueryTimes{o.arrival.ns, o.queue_wait.ns, finish, static_cast<std::uint32_t>(o.kind)};
  }
  std::vector<QueryTimes> queries;
};

struct StationRun {
  std::vector<QueryTimes> queries;  // by id; unfinished ones have finish_ns == -1
  std::uint64_t arrived = 0;
  std::uint64_t in_flight = 0;
  double horizon_s = 0;
  double utilisation = -1;  // the run's busy fraction of the device, as the report gives it

  // The queries used for steady-state estimates: those that arrived before
  // `keep` of the horizon (so that in-flight ones at the end cannot bias the
  // sample), minus the first `warmup` of them (the start from empty).
  // Throws if one of them did not complete.
  std::span<const QueryTimes> steady(double warmup = 0.05, double keep = 0.95) const {
    const auto cut_ns = static_cast<std::int64_t>(keep * horizon_s * 1e9);
    // Ids follow arrival order, but the arrival of an unfinished query is not
    // known: the cut must fall between two finished queries, so every query
    // below it is known to have arrived before cut_ns.
    std::size_t cut = 0;
    while (cut < queries.size() && !(queries[cut].finished() && queries[cut].arrival_ns >= cut_ns)) {
      if (!queries[cut].finished()) throw std::runtime_error("query " + std::to_string(cut) + " arrived before the cut but never finished");
      ++cut;
    }
    if (cut == queries.size()) throw std::runtime_error("no query after the cut finished: the run is too short");
    const auto first = static_cast<std::size_t>(warmup * static_cast<double>(cut));
    for (std::size_t i = first; i < cut; ++i) {
      if (queries[i].kind != 0) throw std::runtime_error("query " + std::to_string(i) + " was not completed");
    }
    return std::span<const QueryTimes>(queries).subspan(first, cut - first);
  }
};

inline nlohmann::json station_scenario(const StationSetup& s) {
  using nlohmann::json;
  json variant = {{"name", "m1"},     {"accuracy", 1.0},           {"memory_mb", 1},
                  {"max_batch", s.variant_max_batch}, {"latency_ms", {{"srv", s.profile}}}};
  return json{
      {"name", "fidelity-" + s.name},
      {"seed", s.seed},
      {"duration_s", s.duration_s},
      {"catalogs",
       {{"hardware", json::array({{{"device_types", json::array({{{"name", "srv"}, {"kind", "cpu"}, {"cores", s.concurrency}, {"memory_mb", 1024}}})}}})},
        {"models", json::array({{{"families", json::array({{{"name", "m"}, {"variants", json::array({variant})}}})}}})}}},
      {"cluster", {{"devices", json::array({{{"type", "srv"}, {"count", s.replicas}}})}}},
      {"applications",
       json::array({{{"name", "app"}, {"family", "m"}, {"slo_ms", 1e9},
                     {"workload", {{"kind", "poisson"}, {"rate", s.rate}}}}})},
      // No drain: the estimates are of the steady state over [0, duration).
      {"serving", {{"drop", "none"}, {"drain_s", 0}, {"service_time", {{"distribution", s.service}}}}},
      {"policies",
       json::array({{{"name", "static"},
                     {"params",
                      {{"placement", json::array({{{"variant", "m1"}, {"device_type", "srv"}, {"count", s.replicas},
                                                   {"batcher", s.batcher}, {"concurrency", s.concurrency}}})},
                       {"routing", s.routing}}}}})},
      {"outputs", {{"window_s", s.duration_s}}},
  };
}

inline StationRun run_station(const StationSetup& setup) {
  namespace fs = std::filesystem;
  const fs::path file = fs::temp_directory_path() /
                        ("servesim_fidelity_" + std::to_string(::getpid()) + "_" + setup.name + ".json");
  {
    std::ofstream out(file);
    out << station_scenario(setup).dump(2);
    if (!out) throw std::runtime_error("cannot write " + file.string());
  }
  const Scenario scenario = load_scenario(file.string());
  fs::remove(file);

  QueryCollector collector;
  RunMetrics metrics(RunMetricsConfig{scenario.world.window, SimTime::zero() + scenario.world.duration, {"app"},
                                      nullptr, &collector});
  const auto policy = build_scenario_policy(scenario, scenario.policies.front());
  Simulation simulation(scenario.world, *policy, metrics);
  simulation.start();
  simulation.run();

  StationRun run;
  run.queries = std::move(collector.queries);
  run.arrived = metrics.total().counts().arrived;
  run.in_flight = metrics.total().counts().unfinished;
  run.horizon_s = scenario.world.duration.seconds();
  run.utilisation = metrics.cluster().utilisation(DeviceKind::kCpu).value_or(-1);
  return run;
}

}  // namespace servesim::fidelity
