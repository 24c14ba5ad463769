#pragma once
// Engine-level tests of the cloud world: a scenario JSON with an inline
// catalog (round numbers, so every expected value can be worked out by hand)
// is written to a temp dir, loaded by the real loader, and run by one
// Simulation with a small hand-written Controller (or the static policy
// behind a recording forwarder). Outcomes, window rows and totals are kept.
#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "policies/policy_registry.hpp"
#include "sim/metrics/query_sink.hpp"
#include "sim/metrics/run_metrics.hpp"
#include "sim/metrics/run_summary.hpp"
#include "sim/scenario/policy_context.hpp"
#include "sim/scenario/scenario_loader.hpp"
#include "sim/serving/simulation.hpp"
#include "tests/support/scenario_doc.hpp"
#include "tests/support/temp_dir.hpp"

namespace servesim::cloudtest {

using nlohmann::json;

// The world. Device types: "box.cpu" (cpu, 4096 MB), "burst.cpu" (cpu, 1024
// MB), "gpu" (1000 MB, interference threshold 0.5, slope 0.5, weight 2).
// Instance types (all 1 device):
//   c5.large   2 vCPU, box.cpu,   $0.085/h, boot 60 s, per second (60 s min)
//   c5.b       2 vCPU, box.cpu,   $0.17/h,  boot 60 s, per second
//   hour.large 2 vCPU, box.cpu,   $1.00/h,  boot 60 s, per started hour
//   t.small    1 vCPU, burst.cpu, $0.01/h,  boot 30 s, burstable: baseline
//              0.2 vCPU (12 credits/h), 1 launch credit, 10 max
// Lambda: $1e-5 per GB-s, $2e-7 per request, 100 ms granularity, keep-alive
// 60 s, 3 concurrent, 1000 MB per vCPU.
// Models:
//   f:  m  (100 MB, load 5 s, max batch 1): box.cpu 100 ms, burst.cpu 100 ms, lambda 250 ms
//   fs: s  (100 MB, max batch 1): gpu 10 ms       fl: L (400 MB): gpu 20 ms
//   w:  w1 (acc 100) / w2 (acc 90) / w3 (acc 80), 100 MB, gpu 10 ms
inline json cloud_world() {
  return R"({
    "name": "cloud-test",
    "seed": 5,
    "duration_s": 200,
    "catalogs": {
      "hardware": [{
        "device_types": [
          {"name": "box.cpu", "kind": "cpu", "cores": 2, "memory_mb": 4096, "price_per_hour": 0.085},
          {"name": "burst.cpu", "kind": "cpu", "cores": 1, "memory_mb": 1024},
          {"name": "gpu", "kind": "gpu", "memory_mb": 1000,
           "interference": {"threshold": 0.5, "slope": 0.5, "smaller_model_weight": 2.0}}],
        "instance_types": [
          {"name": "c5.large", "vcpus": 2, "memory_mb": 4096, "devices": [{"type": "box.cpu", "count": 1}],
           "price_per_hour": 0.085, "boot_latency_s": 60},
          {"name": "c5.b", "vcpus": 2, "memory_mb": 4096, "devices": [{"type": "box.cpu", "count": 1}],
           "price_per_hour": 0.17, "boot_latency_s": 60},
          {"name": "hour.large", "vcpus": 2, "memory_mb": 4096, "devices": [{"type": "box.cpu", "count": 1}],
           "price_per_hour": 1.0, "boot_latency_s": 60, "billing": {"kind": "per_started_hour"}},
          {"name": "t.small", "vcpus": 1, "memory_mb": 1024, "devices": [{"type": "burst.cpu", "count": 1}],
           "price_per_hour": 0.01, "boot_latency_s": 30,
           "burstable": {"baseline_share": 0.2, "credits_per_hour": 12, "max_credits": 10, "launch_credits": 1}}],
        "lambda": {"price_per_gb_second": 0.00001, "price_per_request": 0.0000002, "granularity_ms": 100,
                   "keep_alive_s": 60, "concurrency_limit": 3, "mb_per_vcpu": 1000}
      }],
      "models": [{"families": [
        {"name": "f", "variants": [
          {"name": "m", "accuracy": 1, "memory_mb": 100, "load_latency_ms": 5000, "max_batch": 1,
           "latency_ms": {"box.cpu": [[1, 100]], "burst.cpu": [[1, 100]], "lambda": [[1, 250]]}}]},
        {"name": "fs", "variants": [
          {"name": "s", "accuracy": 1, "memory_mb": 100, "max_batch": 1, "latency_ms": {"gpu": [[1, 10]]}}]},
        {"name": "fl", "variants": [
          {"name": "L", "accuracy": 1, "memory_mb": 400, "max_batch": 1, "latency_ms": {"gpu": [[1, 20]]}}]},
        {"name": "w", "variants": [
          {"name": "w1", "accuracy": 100, "memory_mb": 100, "max_batch": 1, "latency_ms": {"gpu": [[1, 10]]}},
          {"name": "w2", "accuracy": 90, "memory_mb": 100, "max_batch": 1, "latency_ms": {"gpu": [[1, 10]]}},
          {"name": "w3", "accuracy": 80, "memory_mb": 100, "max_batch": 1, "latency_ms": {"gpu": [[1, 10]]}}]}
      ]}]
    },
    "cluster": {},
    "serving": {"drop": "none"},
    "policies": [{"name": "static", "params": {"placement": []}}],
    "outputs": {"window_s": 10}
  })"_json;
}

inline json& lambda_block(json& doc) { return doc["catalogs"]["hardware"][0]["lambda"]; }

// Adds to a world of an inline catalog (cloud_world's, sagemaker_world.hpp's)
// an instance type with four serving devices, as an inf1.xlarge has four
// neuroncores: `name`, 4 vCPU, four "q.core" (inferentia, 2048 MB) at
// `price` $/h, boot 60 s, where the first family's first variant (m in
// both worlds) serves one query in `latency_ms`.
inline void add_four_core_type(json& doc, const std::string& name, double price, double latency_ms) {
  json& hw = doc["catalogs"]["hardware"][0];
  hw["device_types"].push_back({{"name", "q.core"}, {"kind", "inferentia"}, {"memory_mb", 2048}});
  hw["instance_types"].push_back({{"name", name},
                                  {"vcpus", 4},
                                  {"memory_mb", 8192},
                                  {"devices", json::array({{{"type", "q.core"}, {"count", 4}}})},
                                  {"price_per_hour", price},
                                  {"boot_latency_s", 60}});
  doc["catalogs"]["models"][0]["families"][0]["variants"][0]["latency_ms"]["q.core"] = json::array({{1, latency_ms}});
}

// One request per time (seconds), replayed from a file written into `dir`.
inline json replay_at_seconds(const test::TempDir& dir, const std::vector<double>& times_s, const std::string& name) {
  std::string text;
  char buf[64];
  for (double t : times_s) {
    std::snprintf(buf, sizeof buf, "%.6f\n", t * 1000.0);
    text += buf;
  }
  dir.write(name, text);
  return {{"kind", "request_replay"}, {"file", name}, {"time_unit", "ms"}};
}

inline json app(const std::string& name, const std::string& family, double slo_ms, json workload) {
  return {{"name", name}, {"family", family}, {"slo_ms", slo_ms}, {"workload", std::move(workload)}};
}

// The cloud world serving one query, at 1 s: for tests of instances and
// billing, where the load is beside the point.
inline json one_query_world(const test::TempDir& dir) {
  json doc = cloud_world();
  doc["applications"] = json::array({app("a", "f", 1000, replay_at_seconds(dir, {1}, "a.txt"))});
  return doc;
}

using test::load_doc;

// one_query_world as it is, run for `duration_s`.
inline Scenario one_query_scenario(const test::TempDir& dir, double duration_s) {
  json doc = one_query_world(dir);
  doc["duration_s"] = duration_s;
  return load_doc(dir, doc);
}

// A controller made of parts: timed actions run on a tick, a router (by
// default: the first accepting replica of the stage's family, else reject),
// and a record of every notice the engine sends.
class TestController : public Controller {
 public:
  using Action = std::function<void(ClusterControl&, const ClusterView&)>;

  struct Notice {
    InstanceId id;
    SimTime when;  // when the policy heard it
    SimTime at;    // the announced termination
    InstanceInfo info;
  };

  std::function<void(ClusterControl&, const ClusterView&)> on_start;
  std::function<RouteDecision(const RouteRequest&, const ClusterView&)> router;
  Duration tick = from_millis(50);
  std::function<void(InstanceId, ClusterControl&, const ClusterView&)> on_ready_hook;
  std::function<void(InstanceId, SimTime, ClusterControl&, const ClusterView&)> on_notice_hook;
  std::function<void(InstanceId, ClusterControl&, const ClusterView&)> on_gone_hook;
  std::function<void(const ClusterView&)> every_tick;

  // Runs `action` at the first tick at or after `t`.
  void at(double t_s, Action action) { timed_.push_back({at_seconds(t_s), std::move(action), false}); }

  std::map<InstanceId, SimTime> instance_ready;
  std::map<InstanceId, SimTime> instance_gone;
  std::map<ReplicaId, SimTime> replica_ready;
  std::vector<Notice> notices;

  void start(ClusterControl& control, const ClusterView& view) override {
    if (on_start) on_start(control, view);
  }
  RouteDecision route(const RouteRequest& request, ClusterControl&, const ClusterView& view) override {
    if (router) return router(request, view);
    return first_accepting(request, view);
  }
  static RouteDecision first_accepting(const RouteRequest& request, const ClusterView& view) {
    for (ReplicaId r = 0; r < view.replica_count(); ++r) {
      if (view.accepts(r) && view.models().variant(view.replica(r).variant).family == request.family) {
        return RouteDecision::to(r);
      }
    }
    return RouteDecision::reject();
  }
  Duration tick_interval() const override { return tick; }
  void on_tick(ClusterControl& control, const ClusterView& view) override {
    for (auto& t : timed_) {
      if (!t.done && t.when <= view.now()) {
        t.done = true;
        t.action(control, view);
      }
    }
    if (every_tick) every_tick(view);
  }
  void on_replica_ready(ReplicaId id, ClusterControl&, const ClusterView& view) override {
    replica_ready[id] = view.now();
  }
  void on_instance_ready(InstanceId id, ClusterControl& control, const ClusterView& view) override {
    instance_ready[id] = view.now();
    if (on_ready_hook) on_ready_hook(id, control, view);
  }
  void on_interruption_notice(InstanceId id, SimTime at, ClusterControl& control, const ClusterView& view) override {
    notices.push_back({id, view.now(), at, view.instance(id)});
    if (on_notice_hook) on_notice_hook(id, at, control, view);
  }
  void on_instance_gone(InstanceId id, ClusterControl& control, const ClusterView& view) override {
    instance_gone[id] = view.now();
    if (on_gone_hook) on_gone_hook(id, control, view);
  }

 private:
  struct Timed {
    SimTime when;
    Action action;
    bool done;
  };
  std::vector<Timed> timed_;
};

// Forwards everything to a real policy and records the notices it got;
// every_route, if set, sees each of its routing decisions; every_request
// sees the request with it.
class Forwarder final : public TestController {
 public:
  explicit Forwarder(Controller& inner) : inner_(inner) {}
  std::function<void(const RouteDecision&, const ClusterView&)> every_route;
  std::function<void(const RouteRequest&, const RouteDecision&)> every_request;

  void start(ClusterControl& control, const ClusterView& view) override { inner_.start(control, view); }
  RouteDecision route(const RouteRequest& request, ClusterControl& control, const ClusterView& view) override {
    const RouteDecision decision = inner_.route(request, control, view);
    if (every_route) every_route(decision, view);
    if (every_request) every_request(request, decision);
    return decision;
  }
  Duration tick_interval() const override { return inner_.tick_interval(); }
  void on_tick(ClusterControl& control, const ClusterView& view) override {
    inner_.on_tick(control, view);
    TestController::on_tick(control, view);
  }
  void on_replica_ready(ReplicaId id, ClusterControl& control, const ClusterView& view) override {
    TestController::on_replica_ready(id, control, view);
    inner_.on_replica_ready(id, control, view);
  }
  void on_instance_ready(InstanceId id, ClusterControl& control, const ClusterView& view) override {
    TestController::on_instance_ready(id, control, view);
    inner_.on_instance_ready(id, control, view);
  }
  void on_interruption_notice(InstanceId id, SimTime at, ClusterControl& control, const ClusterView& view) override {
    inner_.on_interruption_notice(id, at, control, view);
    TestController::on_interruption_notice(id, at, control, view);
  }
  void on_instance_gone(InstanceId id, ClusterControl& control, const ClusterView& view) override {
    inner_.on_instance_gone(id, control, view);
    TestController::on_instance_gone(id, control, view);
  }

 private:
  Controller& inner_;
};

struct CloudRun {
  std::vector<QueryOutcome> outcomes;  // in finish order
  std::vector<WindowRow> rows;         // the "all" rows, in time order
  QueryCounts counts;
  ClusterTotals cluster;
  RunSummary summary;
  std::vector<InstanceInfo> instances;  // at the end
  std::vector<ReplicaInfo> replicas;    // at the end
  std::vector<FinishedQueries> finished;  // by application, at the end

  const QueryOutcome& by_id(std::uint64_t id) const {
    for (const auto& o : outcomes) {
      if (o.id == id) return o;
    }
    throw std::runtime_error("no outcome for query " + std::to_string(id));
  }
  std::vector<QueryOutcome> of_app(std::uint32_t a) const {
    std::vector<QueryOutcome> out;
    for (const auto& o : outcomes) {
      if (o.app == a) out.push_back(o);
    }
    return out;
  }
};

class Collect final : public QuerySink, public WindowSink {
 public:
  explicit Collect(CloudRun& run) : run_(run) {}
  void on_query(const QueryOutcome& outcome) override { run_.outcomes.push_back(outcome); }
  void on_window(const WindowRow& row) override {
    if (row.app == RunMetrics::kAllApps) run_.rows.push_back(row);
  }

 private:
  CloudRun& run_;
};

// Runs the scenario to its end with `controller`. Simulation::run checks
// conservation per application and throws if it fails.
inline CloudRun run(const Scenario& scenario, Controller& controller) {
  CloudRun out;
  Collect collect(out);
  std::vector<std::string> apps;
  for (const auto& a : scenario.world.applications) apps.push_back(a.name);
  RunMetrics metrics(RunMetricsConfig{scenario.world.window, SimTime::zero() + scenario.world.duration, apps, &collect,
                                      &collect});
  Simulation sim(scenario.world, controller, metrics);
  sim.start();
  sim.run();
  out.counts = metrics.total().counts();
  out.cluster = metrics.cluster();
  out.summary = make_run_summary(metrics, RunIdentity{scenario.name, "test", "test", scenario.world.seed,
                                                      scenario.world.duration.seconds()});
  const ClusterView& view = sim.view();
  for (InstanceId i = 0; i < view.instance_count(); ++i) out.instances.push_back(view.instance(i));
  for (ReplicaId r = 0; r < view.replica_count(); ++r) out.replicas.push_back(view.replica(r));
  for (AppId a = 0; a < scenario.world.applications.size(); ++a) out.finished.push_back(view.finished_queries(a));
  return out;
}

// The scenario's first policy, built by the registry.
inline std::unique_ptr<Policy> first_policy(const Scenario& scenario) {
  return build_scenario_policy(scenario, scenario.policies.at(0));
}

inline InstanceTypeId itype(const ClusterView& view, const char* name) { return *view.hardware().find_instance_type(name); }
inline VariantId variant(const ClusterView& view, const char* name) { return *view.models().find_variant(name); }

// Loads `variant` on the first device of instance `id` (it loads once the instance runs).
inline ReplicaId load_on(ClusterControl& control, const ClusterView& view, InstanceId id, const char* variant_name,
                         std::uint32_t concurrency = 1) {
  const LoadResult r = control.load_replica(
      ReplicaRequest{variant(view, variant_name), view.instance(id).devices.at(0), {}, concurrency});
  if (!r.replica) throw std::runtime_error("load refused: " + r.refusal);
  return *r.replica;
}

inline bool conserved(const CloudRun& r) {
  return r.counts.arrived == r.counts.completed + r.counts.dropped + r.counts.rejected + r.counts.unfinished;
}

// Every device of the run's instance `i` holds exactly one of its replicas, as
// a policy serving on each of an instance's devices leaves it.
inline bool one_replica_per_device(const CloudRun& r, std::size_t i) {
  const auto on = [&](DeviceId d) {
    return std::count_if(r.replicas.begin(), r.replicas.end(), [&](const ReplicaInfo& rep) { return rep.device == d; });
  };
  const std::vector<DeviceId>& devices = r.instances.at(i).devices;
  return std::all_of(devices.begin(), devices.end(), [&](DeviceId d) { return on(d) == 1; });
}

// |observed fraction - p| within z standard errors of a binomial proportion.
inline bool within_binomial(std::size_t hits, std::size_t n, double p, double z = 4.5) {
  if (n == 0) return false;
  const double f = static_cast<double>(hits) / static_cast<double>(n);
  return std::abs(f - p) <= z * std::sqrt(p * (1 - p) / static_cast<double>(n));
}

inline double per_second_bill(double price, double seconds, double minimum = 60) {
  return price * std::ceil(std::max(seconds, minimum) - 1e-9) / 3600.0;
}

}  // namespace servesim::cloudtest
