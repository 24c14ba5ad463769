#pragma once
// Runs the engine on a hand-made one-GPU world with offline jobs: the scenario
// is loaded by the real loader and run with its first policy (static); the
// run keeps every online outcome, every time-series row and the jobs' results.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "policies/policy_registry.hpp"
#include "sim/metrics/query_sink.hpp"
#include "sim/metrics/run_metrics.hpp"
#include "sim/scenario/policy_context.hpp"
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
// `at_end` sees the simulation after the run, before it is destroyed.
inline void run_engine(const Scenario& scenario, Controller& controller, OfflineRunResult& out,
                       const std::function<void(const Simulation&)>& at_end = {}) {
  Collect collect(out);
  RunMetrics metrics(RunMetricsConfig{scenario.world.window, SimTime::zero() + scenario.world.duration, {"app"},
                                      &collect, &collect, scenario.world.warmup});
  Simulation simulation(scenario.world, controller, metrics);
  simulation.start();
  simulation.run();
  out.jobs = metrics.offline_jobs();
  out.offline_done = metrics.offline_done();
  out.counts = metrics.total().counts();
  if (at_end) at_end(simulation);
}

inline OfflineRunResult run_offline(const Scenario& scenario, Controller& controller) {
  OfflineRunResult out;
  run_engine(scenario, controller, out);
  return out;
}

inline Scenario load_offline_scenario(const TempDir& dir, const nlohmann::json& doc) {
  return load_scenario(dir.write("scenario.json", doc.dump(2)).string());
}

// The same, with the scenario's first policy (static).
inline OfflineRunResult run_offline(const TempDir& dir, const nlohmann::json& doc) {
  const Scenario scenario = load_offline_scenario(dir, doc);
  const auto policy = build_scenario_policy(scenario, scenario.policies.at(0));
  return run_offline(scenario, *policy);
}

inline nlohmann::json job(double submit_s, int inputs) { return {{"submit_s", submit_s}, {"inputs", inputs}}; }

// Cloud instances (offline_instance_loss_test.cpp). The world of
// offline_world with its GPU moved onto instances: instance type "g1" holds
// one "gpu" ($1/h, boot 60 s); one warm instance per entry of `markets`
// ("spot" or "on_demand"), instance i holding device i. The static placement
// is given `replicas` replicas, each on the roomiest GPU: replica i on device i.
inline nlohmann::json on_instances(nlohmann::json doc, const std::vector<std::string>& markets, int replicas) {
  doc["catalogs"]["hardware"][0]["instance_types"] = nlohmann::json::array(
      {{{"name", "g1"},
        {"vcpus", 4},
        {"memory_mb", 16000},
        {"devices", nlohmann::json::array({{{"type", "gpu"}, {"count", 1}}})},
        {"price_per_hour", 1.0},
        {"boot_latency_s", 60}}});
  nlohmann::json instances = nlohmann::json::array();
  for (const std::string& market : markets) instances.push_back({{"type", "g1"}, {"market", market}});
  doc["cluster"] = {{"instances", std::move(instances)}};
  doc["policies"][0]["params"]["placement"][0]["count"] = replicas;
  return doc;
}

// The cloud takes back the oldest running spot instance at `at_s`; the
// policy hears of it `notice_s` before.
inline nlohmann::json interrupt_spot_at(nlohmann::json doc, double at_s, double notice_s) {
  doc["cloud"] = {{"spot", {{"interruptions", {{"at", nlohmann::json::array({{{"at_s", at_s}, {"count", 1}}})}}},
                            {"notice_s", notice_s}}}};
  return doc;
}

// What a policy may see of the offline books at one instant.
struct OfflineSnapshot {
  SimTime at;
  std::vector<std::uint64_t> backlog;         // per job
  std::vector<ReplicaState> state;            // per replica id
  std::vector<std::uint64_t> offline_queued;  // per replica id
};

inline OfflineSnapshot offline_snapshot(const ClusterView& view) {
  OfflineSnapshot s;
  s.at = view.now();
  for (OfflineJobId j = 0; j < view.offline_jobs().size(); ++j) s.backlog.push_back(view.offline_backlog(j));
  for (ReplicaId r = 0; r < view.replica_count(); ++r) {
    const ReplicaInfo info = view.replica(r);
    s.state.push_back(info.state);
    s.offline_queued.push_back(info.offline_queued);
  }
  return s;
}

// Forwards everything to the policy, and looks at the offline books right
// after the policy has heard that an instance is gone (and re-dispatched).
class OfflineWatch final : public Controller {
 public:
  explicit OfflineWatch(Controller& inner) : inner_(inner) {}
  std::vector<OfflineSnapshot> after_gone;

  void start(ClusterControl& control, const ClusterView& view) override { inner_.start(control, view); }
  RouteDecision route(const RouteRequest& request, ClusterControl& control, const ClusterView& view) override {
    return inner_.route(request, control, view);
  }
  Duration tick_interval() const override { return inner_.tick_interval(); }
  void on_tick(ClusterControl& control, const ClusterView& view) override { inner_.on_tick(control, view); }
  void on_replica_ready(ReplicaId id, ClusterControl& control, const ClusterView& view) override {
    inner_.on_replica_ready(id, control, view);
  }
  void on_instance_ready(InstanceId id, ClusterControl& control, const ClusterView& view) override {
    inner_.on_instance_ready(id, control, view);
  }
  void on_interruption_notice(InstanceId id, SimTime at, ClusterControl& control, const ClusterView& view) override {
    inner_.on_interruption_notice(id, at, control, view);
  }
  void on_instance_gone(InstanceId id, ClusterControl& control, const ClusterView& view) override {
    inner_.on_instance_gone(id, control, view);
    after_gone.push_back(offline_snapshot(view));
  }
  void on_offline_submitted(OfflineJobId job, ClusterControl& control, const ClusterView& view) override {
    inner_.on_offline_submitted(job, control, view);
  }
  void report(PolicyCounters& out) const override { inner_.report(out); }

 private:
  Controller& inner_;
};

struct WatchedOfflineRun : OfflineRunResult {
  std::vector<OfflineSnapshot> after_gone;  // one per instance gone, in order
  OfflineSnapshot at_end;                   // after the run's end-of-run checks
  std::vector<InstanceInfo> instances;      // at the end
};

// run_offline, with the policy behind an OfflineWatch, and the books kept at
// the end (where the engine has checked offline conservation, I5).
inline WatchedOfflineRun run_offline_watched(const TempDir& dir, const nlohmann::json& doc) {
  const auto file = dir.write("scenario.json", doc.dump(2));
  const Scenario scenario = load_scenario(file.string());
  const auto policy = build_scenario_policy(scenario, scenario.policies.at(0));
  OfflineWatch watch(*policy);
  WatchedOfflineRun out;
  run_engine(scenario, watch, out, [&](const Simulation& simulation) {
    const ClusterView& view = simulation.view();
    out.at_end = offline_snapshot(view);
    for (InstanceId i = 0; i < view.instance_count(); ++i) out.instances.push_back(view.instance(i));
  });
  out.after_gone = watch.after_gone;
  return out;
}

}  // namespace servesim::test
