#pragma once
// A small fixed cluster for the Proteus family of policies, run through the
// engine: 2 CPUs (devices 0, 1) and 2 GPUs (devices 2, 3); two applications,
// "img" and "txt" (SLO 100 ms, so B* is the largest batch within 50 ms), each
// with a high- and a low-accuracy variant:
//
//   variant  acc   gpu latency (B*, P)           cpu latency (B*, P)
//   img-hi   1.0   5 + 5 ms/b to 8 (8, 177.8/s)  60 ms: not allowed
//   img-lo   0.8   2 + 2 ms/b (16, 470.6/s)       20 ms/b (2, 50/s)
//   txt-hi   1.0   as img-hi (8, 177.8/s)         40 ms/b (1, 25/s)
//   txt-lo   0.9   as img-lo (16, 470.6/s)        20 ms/b (2, 50/s)
//
// Variants load in 500 ms. Loads are given per application as segments of
// Poisson arrivals.
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "policies/proteus/proteus_policy.hpp"
#include "tests/unit/cloud/cloud_harness.hpp"

namespace servesim::proteus::test {

using nlohmann::json;

inline json variant(const std::string& name, double accuracy, json latency) {
  return {{"name", name}, {"accuracy", accuracy}, {"memory_mb", 100}, {"load_latency_ms", 500},
          {"max_batch", 16}, {"latency_ms", std::move(latency)}};
}

inline json hi_gpu() { return json::array({{1, 10}, {8, 45}, {16, 90}}); }
inline json lo_gpu() { return json::array({{1, 4}, {16, 34}}); }
inline json lo_cpu() { return json::array({{1, 20}, {2, 40}, {4, 80}}); }

// A Poisson load stepping through (seconds, rate) segments.
inline json steps(const std::vector<std::pair<double, double>>& segments) {
  json s = json::array();
  for (const auto& [duration, rate] : segments) {
    s.push_back({{"duration_s", duration}, {"workload", {{"kind", "poisson"}, {"rate", rate}}}});
  }
  return {{"kind", "segments"}, {"segments", s}};
}

inline json world(const json& img_load, const json& txt_load, double duration_s) {
  json doc = {
      {"name", "proteus-test"},
      {"seed", 11},
      {"duration_s", duration_s},
      {"catalogs",
       {{"hardware", json::array({{{"device_types", json::array({
                                      {{"name", "cpu"}, {"kind", "cpu"}, {"cores", 4}, {"memory_mb", 8192}},
                                      {{"name", "gpu"}, {"kind", "gpu"}, {"memory_mb", 8192}}})}}})},
        {"models",
         json::array({{{"families",
                        json::array({{{"name", "img"},
                                      {"variants", json::array({variant("img-hi", 100, {{"gpu", hi_gpu()},
                                                                                        {"cpu", {{1, 60}}}}),
                                                                variant("img-lo", 80, {{"gpu", lo_gpu()},
                                                                                       {"cpu", lo_cpu()}})})}},
                                     {{"name", "txt"},
                                      {"variants", json::array({variant("txt-hi", 100, {{"gpu", hi_gpu()},
                                                                                        {"cpu", {{1, 40}, {2, 80}}}}),
                                                                variant("txt-lo", 90, {{"gpu", lo_gpu()},
                                                                                       {"cpu", lo_cpu()}})})}}})}}})}}},
      {"cluster", {{"devices", json::array({{{"type", "cpu"}, {"count", 2}}, {{"type", "gpu"}, {"count", 2}}})}}},
      {"applications", json::array({{{"name", "img"}, {"family", "img"}, {"slo_ms", 100}, {"workload", img_load}},
                                    {{"name", "txt"}, {"family", "txt"}, {"slo_ms", 100}, {"workload", txt_load}}})},
      {"serving", {{"drop", "expired"}}},
      {"policies", json::array({{{"name", "proteus"}, {"params", json::object()}}})},
      {"outputs", {{"window_s", 10}}}};
  return doc;
}

inline json with_policy(json doc, const std::string& name, const json& params) {
  doc["policies"][0] = {{"name", name}, {"params", params}};
  return doc;
}

// What the tests look at: every outcome, and each device's family at every
// policy tick (Clipper, which never ticks, has none).
struct Outcome {
  cloudtest::CloudRun run;
  ProteusPolicy::Stats stats;
  PolicyCounters counters;                         // what the policy reports at the end
  std::vector<std::vector<std::string>> families;  // per tick: family of each device's live replicas ("" if none)
  std::map<ReplicaId, SimTime> ready;              // replicas loaded after start: when they became active
  std::vector<std::string> device_family;          // at the end: family planned on each device

  // Outcomes of `app` that arrived in [from, to) seconds.
  std::vector<QueryOutcome> arrived(std::uint32_t app, double from, double to) const {
    std::vector<QueryOutcome> out;
    for (const auto& o : run.outcomes) {
      if (o.app == app && o.arrival >= at_seconds(from) && o.arrival < at_seconds(to)) out.push_back(o);
    }
    return out;
  }
};

// Late, dropped or rejected over all of them.
inline double violation_ratio(const std::vector<QueryOutcome>& outcomes) {
  if (outcomes.empty()) return 0;
  std::size_t bad = 0;
  for (const auto& o : outcomes) bad += !o.on_time();
  return static_cast<double>(bad) / static_cast<double>(outcomes.size());
}

// Mean normalized accuracy of the completed ones.
inline double effective_accuracy(const std::vector<QueryOutcome>& outcomes) {
  double sum = 0;
  std::size_t n = 0;
  for (const auto& o : outcomes) {
    if (o.kind != OutcomeKind::kCompleted) continue;
    sum += o.accuracy;
    ++n;
  }
  return n == 0 ? 0.0 : sum / static_cast<double>(n);
}

// Each device serves one family all run long (whatever the variant).
inline void expect_devices_keep_their_family(const Outcome& o) {
  const std::size_t devices = o.families.empty() ? 0 : o.families.front().size();
  for (std::size_t d = 0; d < devices; ++d) {
    std::string first;
    for (const auto& row : o.families) {
      if (row[d].empty()) continue;
      if (first.empty()) first = row[d];
      EXPECT_EQ(row[d], first) << "device " << d;
    }
  }
}

inline Outcome run_policy(const json& doc) {
  servesim::test::TempDir dir;
  const Scenario scenario = cloudtest::load_doc(dir, doc);
  auto policy = cloudtest::first_policy(scenario);
  auto& proteus = dynamic_cast<ProteusPolicy&>(*policy);
  cloudtest::Forwarder forward(proteus);
  Outcome out;
  const ModelCatalog& models = *scenario.world.models;
  forward.every_tick = [&](const ClusterView& view) {
    std::vector<std::string> row;
    for (DeviceId d = 0; d < view.device_count(); ++d) {
      std::string family;
      for (ReplicaId r : view.device(d).replicas) {
        const ReplicaInfo info = view.replica(r);
        if (info.state == ReplicaState::kLoading || info.state == ReplicaState::kActive) {
          family = models.family(models.variant(info.variant).family).name;
        }
      }
      row.push_back(family);
    }
    out.families.push_back(std::move(row));
  };
  out.run = cloudtest::run(scenario, forward);
  out.stats = proteus.stats();
  proteus.report(out.counters);
  out.ready = forward.replica_ready;
  for (const auto& target : proteus.plan().devices) {
    out.device_family.push_back(
        target.option ? models.family(models.variant(proteus.options()[*target.option].variant).family).name : "");
  }
  return out;
}

}  // namespace servesim::proteus::test
