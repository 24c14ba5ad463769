#pragma once
// Runs the engine on a hand-made one-GPU world with offline jobs: the scenario
// is loaded by the real loader and run with its first policy (static); the
// run keeps every online outcome, every time-series row and the jobs' results.
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "policies/policy_registry.hpp"
#include "sim/metrics/query_sink.hpp"
#include "sim/metrics/run_metrics.hpp"
#include "sim/scenario/scenario_loader.hpp"
#include "sim/serving/simulation.hpp"
#include "tests/support/temp_dir.hpp"

namespace servesim::test {

// One GPU, family "a": a_fast (accuracy 60 -> 0.75, gpu 1:10 2:12 8:24 ms)
// and a_best (accuracy 80 -> 1.0, gpu 1:20 8:48 ms). One replica of
// `variant` with a greedy batcher of at most `max_batch`. Online queries
// arrive at `online_ms` (a replay; none: a Poisson stream of 1e-6 QPS, which
// the seed makes arrive long after the run); `jobs` are the application's
// offline jobs.
inline nlohmann::json offline_world(const TempDir& dir, const std::vector<double>& online_ms, nlohmann::json jobs,
                                    int max_batch = 1, const std::string& variant = "a_fast") {
  std::string trace;
  for (double t : online_ms) trace += std::to_string(t) + "\n";
  dir.write("trace.txt", trace);
  nlohmann::json doc = R"({
    "name": "offline-test", "seed": 5, "duration_s": 1,
    "catalogs": {
      "hardware": [{"device_types": [{"name": "gpu", "kind": "gpu", "memory_mb": 1000, "price_per_hour": 1.0}]}],
      "models": [{"families": [{"name": "a", "variants": [
        {"name": "a_fast", "accuracy": 60, "memory_mb": 100, "max_batch": 8,
         "latency_ms": {"gpu": [[1, 10], [2, 12], [8, 24]]}},
        {"name": "a_best", "accuracy": 80, "memory_mb": 400, "max_batch": 8,
         "latency_ms": {"gpu": [[1, 20], [8, 48]]}}]}]}]},
    "cluster": {"devices": [{"type": "gpu", "count": 1}]},
    "serving": {"drop": "none"},
    "outputs": {"window_s": 0.1}
  })"_json;
  doc["applications"] = nlohmann::json::array(
      {{{"name", "app"}, {"family", "a"}, {"slo_ms", 1000},
        {"workload", {{"kind", "request_replay"}, {"file", "trace.txt"}, {"time_unit", "ms"}}},
        {"offline_jobs", std::move(jobs)}}});
  if (online_ms.empty()) doc["applications"][0]["workload"] = {{"kind", "poisson"}, {"rate", 1e-6}};
  doc["policies"] = nlohmann::json::array(
      {{{"name", "static"},
        {"params",
         {{"placement", nlohmann::json::array({{{"variant", variant},
                                                {"device_type", "gpu"},
                                                {"batcher", {{"kind", "greedy"}, {"max_batch", max_batch}}}}})}}}}});
  return doc;
}

struct OfflineRunResult {
  std::vector<QueryOutcome> online;  // in finish order
  std::vector<WindowRow> rows;
  std::vector<OfflineJobResult> jobs;
  std::uint64_t offline_done = 0;
  QueryCounts counts;  // the online summary's
};

class Collect final : public QuerySink, public WindowSink {
 public:
  explicit Collect(OfflineRunResult& out) : out_(out) {}
  void on_query(const QueryOutcome& outcome) override { out_.online.push_back(outcome); }
  void on_window(const WindowRow& row) override { out_.rows.push_back(row); }

 private:
  OfflineRunResult& out_;
};

// Runs the whole engine with `controller` as the policy; its end-of-run
// checks (online and offline conservation among them) throw InvariantError if
// they fail.
inline OfflineRunResult run_offline(const Scenario& scenario, Controller& controller) {
  OfflineRunResult out;
  Collect collect(out);
  RunMetrics metrics(RunMetricsConfig{scenario.world.window, SimTime::zero() + scenario.world.duration, {"app"},
                                      &collect, &collect, scenario.world.warmup});
  Simulation simulation(scenario.world, controller, metrics);
  simulation.start();
  simulation.run();
  out.jobs = metrics.offline_jobs();
  out.offline_done = metrics.offline_done();
  out.counts = metrics.total().counts();
  return out;
}

inline Scenario load_offline_scenario(const TempDir& dir, const nlohmann::json& doc) {
  return load_scenario(dir.write("scenario.json", doc.dump(2)).string());
}

// The same, with the scenario's first policy (static).
inline OfflineRunResult run_offline(const TempDir& dir, const nlohmann::json& doc) {
  const Scenario scenario = load_offline_scenario(dir, doc);
  const PolicySpec& spec = scenario.policies.at(0);
  const PolicyContext context{scenario.world, scenario.world.seed, spec.label, dir.path()};
  const auto policy = make_policy(spec.name_node(scenario.file), spec.params_node(scenario.file), context);
  return run_offline(scenario, *policy);
}

inline nlohmann::json job(double submit_s, int inputs) { return {{"submit_s", submit_s}, {"inputs", inputs}}; }

}  // namespace servesim::test
