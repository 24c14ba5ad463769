// The `mark` policy through the real engine, on the cloud harness's round
// numbers (cloud_harness.hpp): model m serves in 100 ms on c5.large's
// box.cpu and t.small's burst.cpu (one at a time: C = 600 requests per
// minute each, N_batch 1), in 250 ms on Lambda; c5.large costs $0.085/h and
// boots in 60 s.
#include <gtest/gtest.h>

#include <cmath>
#include <map>

#include "policies/mark/history_samples.hpp"
#include "policies/mark/lstm_model_cache.hpp"
#include "policies/mark/mark_policy.hpp"
#include "policies/policy_registry.hpp"
#include "policies/scenario_cache.hpp"
#include "sim/core/input_error.hpp"
#include "sim/scenario/policy_context.hpp"
#include "sim/scenario/scenario_runner.hpp"
#include "tests/unit/cloud/cloud_harness.hpp"

namespace servesim::mark::mark_policy_test {  // its own: unity builds join test files
namespace {

using cloudtest::json;

json mark_world(json params, double rate_qps = 20, double slo_ms = 1000) {
  json doc = cloudtest::cloud_world();
  doc["duration_s"] = 600;
  doc["cloud"] = {{"lambda", {{"functions", json::array({{{"name", "f"}, {"variant", "m"}, {"memory_mb", 1024},
                                                           {"cold_start_ms", 2000}}})}}}};
  json app = cloudtest::app("a", "f", slo_ms, {{"kind", "poisson"}, {"rate", rate_qps}});
  app["history"] = {{"kind", "poisson"}, {"rate", rate_qps}, {"duration_s", 3600}};
  doc["applications"] = json::array({app});
  params["instance_types"] = json::array({"c5.large"});
  params["slo_monitor_type"] = "c5.large";
  if (!params.contains("predictor")) params["predictor"] = "last_value";
  doc["policies"] = json::array({{{"name", "mark"}, {"params", params}}});
  return doc;
}

struct MarkRun {
  cloudtest::CloudRun run;
  std::map<std::string, double> counters;
  std::uint64_t instances_at_start = 0;
  std::uint64_t admitted_over_bound = 0;  // replica routes past the Bouncer's bound
  std::uint64_t to_lambda = 0;
  std::map<ReplicaId, std::uint64_t> routed;  // requests sent to each replica
};

MarkRun run_mark(const json& doc, std::uint64_t max_outstanding = ~0ULL) {
  servesim::test::TempDir dir;
  const Scenario scenario = cloudtest::load_doc(dir, doc);
  auto policy = cloudtest::first_policy(scenario);
  cloudtest::Forwarder forwarder(*policy);
  MarkRun out;
  forwarder.every_route = [&](const RouteDecision& d, const ClusterView& view) {
    if (out.instances_at_start == 0) out.instances_at_start = view.instance_count();
    if (d.kind == RouteDecision::Kind::kLambda) ++out.to_lambda;
    if (d.kind == RouteDecision::Kind::kReplica) ++out.routed[d.target];
    if (d.kind == RouteDecision::Kind::kReplica && view.outstanding(d.target) > max_outstanding) {
      ++out.admitted_over_bound;
    }
  };
  out.run = cloudtest::run(scenario, forwarder);
  PolicyCounters counters;
  policy->report(counters);
  for (const auto& [name, value] : counters.counters()) out.counters[name] = value;
  return out;
}

TEST(MarkPolicy, StartsWarmWithAlgorithmOnesPlanForTheHistorysLastSample) {
  const json doc = mark_world({});
  servesim::test::TempDir dir;
  const Scenario scenario = cloudtest::load_doc(dir, doc);
  PredictorSettings settings;
  const std::vector<double> history = history_samples(scenario.world, 0, settings);
  ASSERT_EQ(history.size(), 60u);  // an hour of one-minute units
  // last_value forecasts the last sample flat; c5.large serves 600 a minute.
  const auto expected = static_cast<std::uint64_t>(std::ceil(history.back() / 600.0));
  const MarkRun r = run_mark(doc);
  EXPECT_GE(expected, 2u);  // 20 QPS is at least 1200 a minute
  EXPECT_EQ(r.instances_at_start, expected);
  EXPECT_TRUE(cloudtest::conserved(r.run));
  EXPECT_EQ(r.counters.at("forecast_fallbacks"), 0.0);  // reported for every predictor; only the LSTM's is guarded
}

TEST(MarkPolicy, PerInstanceQueuesSendToLambdaWhatAnInstanceWouldServeAfterRtMax) {
  // front_end per_instance: RT_max 250 ms, T_1 100 ms, N 1, W 0: an
  // instance admits while ceil(q + 1) x 100 ms <= 250 ms, at most 1 outstanding.
  const MarkRun r = run_mark(mark_world({{"slo_monitor", false}, {"front_end", "per_instance"}}, 20, 250), 1);
  EXPECT_EQ(r.admitted_over_bound, 0u);
  EXPECT_GT(r.to_lambda, 0u);
  EXPECT_EQ(static_cast<std::uint64_t>(r.counters.at("lambda_routed")), r.to_lambda);
  EXPECT_GT(r.run.summary.cost.lambda, 0.0);

  const MarkRun without =
      run_mark(mark_world({{"slo_monitor", false}, {"lambda", false}, {"front_end", "per_instance"}}, 20, 250));
  EXPECT_EQ(without.to_lambda, 0u);
  EXPECT_EQ(without.run.summary.cost.lambda, 0.0);
}

// The Bouncer's bound against the engine: with nothing taken back and
// deterministic service, every request the Batch Manager keeps on an instance
// finishes within RT_max, while the load is high enough that some go to
// Lambda. RT_max 250 ms, c5.large serves one in 100 ms; the plan is for the
// last sample at full capacity, so queues form.
TEST(MarkPolicy, EveryRequestTheBouncerAdmitsFinishesWithinRtMax) {
  const json doc = mark_world({{"slo_monitor", false}}, 20, 250);
  servesim::test::TempDir dir;
  const Scenario scenario = cloudtest::load_doc(dir, doc);
  auto policy = cloudtest::first_policy(scenario);
  cloudtest::Forwarder forwarder(*policy);
  std::vector<std::uint64_t> admitted;
  std::uint64_t to_lambda = 0;
  forwarder.every_request = [&](const RouteRequest& request, const RouteDecision& d) {
    if (d.kind == RouteDecision::Kind::kReplica) admitted.push_back(request.query);
    if (d.kind == RouteDecision::Kind::kLambda) ++to_lambda;
  };
  const cloudtest::CloudRun run = cloudtest::run(scenario, forwarder);
  EXPECT_GT(to_lambda, 0u);
  ASSERT_GT(admitted.size(), 10000u);
  std::map<std::uint64_t, Duration> latency;
  for (const QueryOutcome& q : run.outcomes) latency[q.id] = q.latency();
  std::uint64_t late = 0;
  for (std::uint64_t id : admitted) {
    const auto it = latency.find(id);
    if (it != latency.end() && it->second > from_millis(250)) ++late;
  }
  EXPECT_EQ(late, 0u);
  EXPECT_TRUE(cloudtest::conserved(run));
}

TEST(MarkPolicy, ReplansEveryUnitAndFollowsALoadStepUpWithinTheBootTime) {
  json doc = mark_world({{"slo_monitor", false}, {"lambda", false}}, 5);
  // 5 QPS for 5 minutes, then 25 QPS: last_value sees the step one unit
  // later and launches what the new rate needs.
  doc["applications"][0]["workload"] = {
      {"kind", "segments"},
      {"segments", json::array({{{"duration_s", 300}, {"workload", {{"kind", "poisson"}, {"rate", 5}}}},
                                {{"duration_s", 300}, {"workload", {{"kind", "poisson"}, {"rate", 25}}}}})}};
  const MarkRun r = run_mark(doc);
  EXPECT_GE(r.counters.at("plans"), 11.0);  // the start's, then one per completed minute
  EXPECT_GE(r.counters.at("peak_instances"), 3.0);  // 25 QPS = 1500 a minute > 2 x 600
}

TEST(MarkPolicy, SpotNoticeReplansAtOnceResumesAStandbyAndStopsItOnceTheReplacementServes) {
  json doc = mark_world({{"market", "spot"}, {"standby_type", "t.small"}, {"standby_count", 3},
                         {"slo_monitor", false}}, 8);
  doc["cloud"]["spot"] = {{"discount", 0.7}, {"interruptions", {{"at", json::array({{{"at_s", 200}, {"count", 1}}})}}}};
  const MarkRun r = run_mark(doc);
  EXPECT_EQ(r.counters.at("interruption_notices"), 1.0);
  // One c5.large (600 a minute) lost; one t.small (600 a minute) covers it.
  EXPECT_EQ(r.counters.at("standbys_resumed"), 1.0);
  EXPECT_EQ(r.counters.at("standbys_stopped"), 1.0);
  EXPECT_EQ(r.counters.at("launched_t_small"), 1.0);
  // Lambda warmed for the lost 600 a minute at 250 ms: ceil(10 x 0.25) = 3.
  EXPECT_EQ(r.counters.at("lambda_prewarm_pings"), 3.0);
  EXPECT_TRUE(cloudtest::conserved(r.run));
}

TEST(MarkPolicy, TheSloMonitorLaunchesItsTypeWhenTooManyOfTheLastRequestsMiss) {
  // 30 QPS on instances planned for the history's 5 QPS, no Lambda: the
  // misses pile up before the next plans' instances boot.
  json doc = mark_world({{"lambda", false}, {"slo_monitor_requests", 100}}, 5);
  doc["applications"][0]["workload"] = {{"kind", "poisson"}, {"rate", 30}};
  const MarkRun r = run_mark(doc);
  EXPECT_GE(r.counters.at("slo_monitor_triggers"), 1.0);
}

// An explicit instance_types list is shared by the applications: each plans
// with the listed types its model runs on (a GPU-only model never gets a
// CPU box, a CPU-only one never a GPU box), as a pipeline served stage by
// stage needs.
TEST(MarkPolicy, EachApplicationPlansWithTheListedTypesItsModelRunsOn) {
  json doc = mark_world({{"slo_monitor", false}});
  doc["catalogs"]["hardware"][0]["instance_types"].push_back(
      {{"name", "g.box"}, {"vcpus", 4}, {"memory_mb", 4096}, {"price_per_hour", 0.5}, {"boot_latency_s", 60},
       {"devices", json::array({{{"type", "gpu"}, {"count", 1}}})}});
  json gpu_app = cloudtest::app("b", "fs", 1000, {{"kind", "poisson"}, {"rate", 20}});
  gpu_app["history"] = {{"kind", "poisson"}, {"rate", 20}, {"duration_s", 3600}};
  doc["applications"].push_back(gpu_app);
  doc["policies"][0]["params"]["instance_types"] = json::array({"c5.large", "g.box"});
  const MarkRun r = run_mark(doc);
  EXPECT_GT(r.counters.at("app0_launched_c5_large"), 0);
  EXPECT_EQ(r.counters.count("app0_launched_g_box"), 0u);
  EXPECT_GT(r.counters.at("app1_launched_g_box"), 0);
  EXPECT_EQ(r.counters.count("app1_launched_c5_large"), 0u);
  EXPECT_TRUE(cloudtest::conserved(r.run));
}

TEST(MarkPolicy, BadParametersNameTheirField) {
  servesim::test::TempDir dir;
  json doc = mark_world({{"slo_monitor_type", "hour.large"}});
  doc["policies"][0]["params"]["slo_monitor_type"] = "hour.large";
  auto expect_error = [&](const json& d, const std::string& field) {
    const Scenario scenario = cloudtest::load_doc(dir, d);
    try {
      cloudtest::first_policy(scenario);
      ADD_FAILURE() << "no error for " << field;
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find(field), std::string::npos) << e.what();
    }
  };
  expect_error(doc, "slo_monitor_type");
  json unknown_lambda = mark_world({{"lambda_function", "nope"}});
  expect_error(unknown_lambda, "lambda_function");
  json short_history = mark_world({{"predictor", "lstm"}});
  short_history["applications"][0]["history"]["duration_s"] = 600;  // 10 units < Pw + 2
  expect_error(short_history, ": applications[0].history: the LSTM predictor of policies[0].params needs");
}

// The oracle predictor plans on the run's own arrivals: only where the
// scenario grants the policy an oracle; granted, it builds and serves the run.
TEST(MarkPolicy, TheOraclePredictorNeedsTheScenariosGrant) {
  servesim::test::TempDir dir;
  json doc = mark_world({{"predictor", "oracle"}});
  try {
    cloudtest::first_policy(cloudtest::load_doc(dir, doc));
    ADD_FAILURE() << "the oracle predictor read the run's arrivals without the scenario's grant";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("policies[0].params.predictor: reads the run's future arrivals (an "
                                         "oracle): allow it with \"oracle\": true in policies[0]"),
              std::string::npos)
        << e.what();
  }
  doc["policies"][0]["oracle"] = true;
  const MarkRun granted = run_mark(doc);
  EXPECT_GT(granted.run.counts.arrived, 10000u);  // 20 QPS for 600 s
  EXPECT_GT(granted.run.counts.on_time, granted.run.counts.arrived * 9 / 10);
}

// servesim validate builds MArk to check, not compute: no LSTM is trained,
// the start is planned (on the history's last value), and a history too
// short for the LSTM is still refused. The same policy built to run trains.
TEST(MarkPolicy, BuiltToCheckItTrainsNoLstmButStillChecksItsHistory) {
  servesim::test::TempDir dir;
  json doc = mark_world({{"predictor", "lstm"}, {"lstm_units", 2}, {"lstm_epochs", 1}});
  doc["applications"][0]["history"]["duration_s"] = 7200;  // 120 units >= Pw + 2
  const Scenario scenario = cloudtest::load_doc(dir, doc);
  const PolicySpec& spec = scenario.policies.at(0);
  ScenarioCache cache;
  const auto build = [&](bool check_only) {
    return build_scenario_policy(scenario, spec, &cache, check_only);
  };
  build(/*check_only=*/true);
  EXPECT_EQ(cache.get<LstmModelCache>().trainings(), 0u);
  EXPECT_NO_THROW(validate_policies(scenario));
  build(/*check_only=*/false);
  EXPECT_EQ(cache.get<LstmModelCache>().trainings(), 1u);

  doc["applications"][0]["history"]["duration_s"] = 600;  // 10 units < Pw + 2
  const Scenario short_history = cloudtest::load_doc(dir, doc);
  try {
    validate_policies(short_history);
    ADD_FAILURE() << "validate accepted a history too short for the LSTM";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("the LSTM predictor of policies[0].params needs"), std::string::npos)
        << e.what();
  }
}

// q4.box: four serving devices, as an inf1.xlarge has four neuroncores, at
// `price` $/h, where m serves one request in 100 ms. MArk serves on the
// whole instance (section 4.1): one replica per core, C = 4 x 600 = 2400
// requests a minute. MArk plans with it alone.
json with_four_core_box(json doc, double price) {
  cloudtest::add_four_core_type(doc, "q4.box", price, 100);
  doc["policies"][0]["params"]["instance_types"] = json::array({"q4.box"});
  doc["policies"][0]["params"]["slo_monitor_type"] = "q4.box";
  return doc;
}

// 20 QPS (1200 a minute) fits one q4.box (2400), not two of one core's 600:
// one instance, its four replicas on its four cores, each a quarter of the
// requests (equal weights, C / 4 each).
TEST(MarkPolicy, AnInstanceServesOnEachOfItsServingDevices) {
  const MarkRun r = run_mark(with_four_core_box(mark_world({{"slo_monitor", false}, {"lambda", false}}), 0.3));
  EXPECT_EQ(r.instances_at_start, 1u);
  ASSERT_EQ(r.run.instances.size(), 1u);
  EXPECT_EQ(r.run.replicas.size(), 4u);
  EXPECT_TRUE(cloudtest::one_replica_per_device(r.run, 0));
  ASSERT_EQ(r.routed.size(), 4u);
  std::uint64_t total = 0;
  for (const auto& [replica, n] : r.routed) total += n;
  for (const auto& [replica, n] : r.routed) EXPECT_NEAR(static_cast<double>(n) / total, 0.25, 0.01) << replica;
  EXPECT_TRUE(cloudtest::conserved(r.run));
}

// Per request a full q4.box at $0.3/h (2400 a minute) is cheaper than a
// c5.large at $0.085/h (600): 0.3 / 2400 < 0.085 / 600. Counted at one
// core's 600 it would cost 0.3 / 600 and Algorithm 1 would never pick it.
TEST(MarkPolicy, TheFourCoreInstancesCapacityMakesItTheCheapestPerRequest) {
  json doc = with_four_core_box(mark_world({{"slo_monitor", false}}, 40), 0.3);
  doc["policies"][0]["params"]["instance_types"] = json::array({"c5.large", "q4.box"});
  const MarkRun r = run_mark(doc);
  EXPECT_GE(r.counters.at("launched_q4_box"), 1.0);
}

// A noticed q4.box takes its four replicas' 2400 a minute: ceil(2400 / 600)
// = 4 t.small standbys resume (one for one core's capacity would leave 1800
// uncovered), and stop once the replacement's four replicas serve the plan's
// 2400 again.
TEST(MarkPolicy, ANoticeOnAFourCoreInstanceResumesStandbysForAllItsCores) {
  json doc = with_four_core_box(mark_world({{"market", "spot"}, {"standby_type", "t.small"}, {"standby_count", 5},
                                            {"slo_monitor", false}}, 8), 0.3);
  doc["cloud"]["spot"] = {{"discount", 0.7}, {"interruptions", {{"at", json::array({{{"at_s", 200}, {"count", 1}}})}}}};
  const MarkRun r = run_mark(doc);
  EXPECT_EQ(r.counters.at("interruption_notices"), 1.0);
  EXPECT_EQ(r.counters.at("launched_q4_box"), 2.0);  // the first and its replacement
  EXPECT_EQ(r.counters.at("standbys_resumed"), 4.0);
  EXPECT_EQ(r.counters.at("standbys_stopped"), 4.0);
  EXPECT_TRUE(cloudtest::conserved(r.run));
}

}  // namespace
}  // namespace servesim::mark::mark_policy_test
