// The inferline policy through the engine: the plan is deployed on the
// cluster's devices behind central queues and serves its load; the Tuner
// adds replicas when the load doubles past the sample's envelope and the
// plan alone does not; "tuner": "autoscale" adds and removes whole plans;
// a plan the cluster cannot hold is an input error.
#include "policies/inferline/inferline_policy.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "sim/core/input_error.hpp"
#include "tests/unit/serving/engine_harness.hpp"

namespace servesim::inferline {
namespace {

using nlohmann::json;

struct Outcome {
  QueryCounts counts;
  InferlinePolicy::Stats stats;
  std::size_t replicas_at_end = 0;  // a_fast's, loading or active
};

Outcome run_inferline(const test::TempDir& dir, const json& doc) {
  const test::PolicyRun run = test::run_policy(dir, doc);
  return {run.counts, run.as<InferlinePolicy>().stats(), run.live_replicas("a_fast")};
}

// Family a with a_fast alone (GPU $1/h, 10 ms at batch 1 to 24 ms at 8; CPU
// $0.1/h, 50 ms, batch 1), SLO 100 ms, on 4 GPUs and `cpus` CPUs.
json world(json workload, json params, int cpus = 24, double duration_s = 40) {
  json doc = test::engine_world();
  // InferLine serves a stage's most accurate variant: keep a_fast alone.
  doc["catalogs"]["models"][0]["families"][0]["variants"].erase(1);
  doc["duration_s"] = duration_s;
  doc["cluster"]["devices"].push_back({{"type", "cpu"}, {"count", cpus}});
  doc["applications"] = test::single_stage_app("a", 100, std::move(workload));
  doc["policies"] = json::array({{{"name", "inferline"}, {"params", std::move(params)}}});
  return doc;
}

json doubling_load() { return test::poisson_steps({{15, 100}, {25, 200}}); }

TEST(InferlinePolicy, ThePlanIsDeployedAndServesItsLoad) {
  test::TempDir dir;
  const Outcome o = run_inferline(dir, world({{"kind", "poisson"}, {"rate", 100}}, {{"tuner", "none"}}));
  // CPU replicas (20 QPS each, $0.1) are cheaper than a GPU ($1) for 100 QPS.
  EXPECT_GT(o.stats.planned_cost_per_hour, 0.5);
  EXPECT_LT(o.stats.planned_cost_per_hour, 1.0);
  EXPECT_GT(o.stats.estimator_calls, 0u);
  EXPECT_EQ(o.counts.completed, o.counts.arrived);
  EXPECT_GE(static_cast<double>(o.counts.on_time), 0.98 * static_cast<double>(o.counts.arrived));
}

TEST(InferlinePolicy, TheTunerScalesUpWhenTheLoadBreaksTheEnvelope) {
  test::TempDir dir;
  // The sample is the workload from another stream: it doubles too. Plan
  // on the first 15 s only (1500 arrivals at 100 QPS), so the doubling is new.
  const Outcome tuned = run_inferline(dir, world(doubling_load(), {{"sample_size", 1400}}));
  const Outcome fixed = run_inferline(dir, world(doubling_load(), {{"sample_size", 1400}, {"tuner", "none"}}));
  EXPECT_GT(tuned.stats.scale_ups, 0u);
  EXPECT_GT(tuned.stats.replicas_added, 0u);
  EXPECT_EQ(fixed.stats.replicas_added, 0u);
  EXPECT_LT(tuned.counts.arrived - tuned.counts.on_time, (fixed.counts.arrived - fixed.counts.on_time) / 4);
}

TEST(InferlinePolicy, ScalingDownNeverAddsReplicas) {
  test::TempDir dir;
  // Planned on the live trace itself (oracle): no live window can hold more
  // arrivals than the envelope's, so the Tuner never scales up, and only its
  // scale-down step runs (every second after 15 s). At the planned rate it
  // would ask for more replicas than planned whenever the busiest 5-s window
  // is above the mean, which section 5's scale-down must not add.
  json doc = world({{"kind", "poisson"}, {"rate", 100}}, {{"planning", "oracle"}}, 24, 60);
  doc["policies"][0]["oracle"] = true;  // the scenario grants the live trace
  const Outcome o = run_inferline(dir, doc);
  EXPECT_EQ(o.stats.scale_ups, 0u);
  EXPECT_EQ(o.stats.replicas_added, 0u);
}

// The live trace is the run's future: a policy plans on it only where the
// scenario grants an oracle, and the error says how.
TEST(InferlinePolicy, PlanningOnTheLiveTraceNeedsTheScenariosGrant) {
  test::TempDir dir;
  const json doc = world({{"kind", "poisson"}, {"rate", 100}}, {{"planning", "oracle"}});
  try {
    test::run_policy(dir, doc);
    ADD_FAILURE() << "planned on the run's arrivals without the scenario's grant";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("policies[0].params.planning: reads the run's future arrivals (an oracle): "
                                         "allow it with \"oracle\": true in policies[0]"),
              std::string::npos)
        << e.what();
  }
}

// Issue 37: a burst about as wide as the plan's service time Ts, between
// two ticks. The sample (the history) is 50 QPS, one query every 20 ms, with
// one second at 110 QPS; the live trace is the same 50 QPS with 30 more
// queries within 44 ms at 10.3 s. Every window ending at a tick is inside
// the sample's envelope: those reaching back to the burst (0.66 s wide or
// more) hold at most 31 extra queries, where the sample's hold 39 or more;
// windows of Ts ending in the burst hold far more than the sample's.
TEST(InferlinePolicy, ABurstBetweenTwoTicksScalesUpOnlyWithTheContinuousCheck) {
  test::TempDir dir;
  std::vector<double> sample_ms;
  std::vector<double> live_ms;
  for (int i = 0; i < 3000; ++i) sample_ms.push_back(20.0 * i);  // 60 s
  for (int i = 0; i < 60; ++i) sample_ms.push_back(30'001.0 + 1000.0 * i / 60);  // 30-31 s
  std::sort(sample_ms.begin(), sample_ms.end());
  for (int i = 0; i < 1000; ++i) live_ms.push_back(20.0 * i);  // 20 s
  for (int i = 0; i < 30; ++i) live_ms.push_back(10'301.0 + 1.5 * i);  // 10.301-10.3445 s
  std::sort(live_ms.begin(), live_ms.end());
  const auto run = [&](json params) {
    json doc = world(test::replay_at(dir, live_ms), std::move(params), 24, 20);
    doc["applications"][0]["history"] = test::replay_at(dir, sample_ms, "sample.txt");
    doc["applications"][0]["history"]["duration_s"] = 60;
    return run_inferline(dir, doc);
  };
  const Outcome continuous = run(json::object());
  const Outcome tick = run({{"envelope_check", "tick"}});
  EXPECT_EQ(tick.stats.scale_ups, 0u);
  EXPECT_EQ(tick.stats.replicas_added, 0u);
  EXPECT_EQ(continuous.stats.scale_ups, 1u);
  EXPECT_GT(continuous.stats.replicas_added, 0u);
}

TEST(InferlinePolicy, TheEnvelopeCheckParamNamesItsValues) {
  try {
    parse_inferline_params(JsonNode(json{{"envelope_check", "sometimes"}}, "s.json", "policies[0].params"));
    FAIL() << "expected an InputError";
  } catch (const InputError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("policies[0].params.envelope_check"), std::string::npos) << what;
    for (const char* value : {"\"continuous\"", "\"tick\""}) EXPECT_NE(what.find(value), std::string::npos) << what;
  }
  EXPECT_EQ(parse_inferline_params(JsonNode(json::object(), "s.json", "p")).envelope_check, EnvelopeCheck::kContinuous);
  EXPECT_EQ(parse_inferline_params(JsonNode(json{{"envelope_check", "tick"}}, "s.json", "p")).envelope_check,
            EnvelopeCheck::kTick);
}

TEST(InferlinePolicy, ReplanningOnRecordedArrivalsCarriesADoubledLoad) {
  test::TempDir dir;
  // No Tuner: only the re-plans (at 20 s on the last 1400 recorded arrivals,
  // 200 QPS since 15 s) can add capacity for the doubled load; its new
  // replicas load before the old ones go, so the stage is never unserved.
  const json params = {{"tuner", "none"}, {"sample_size", 1400}};
  json replanned_params = params;
  replanned_params["replan_interval_s"] = 20;
  const Outcome fixed = run_inferline(dir, world(doubling_load(), params));
  const Outcome replanned = run_inferline(dir, world(doubling_load(), replanned_params));
  EXPECT_EQ(fixed.stats.replans, 0u);
  EXPECT_EQ(replanned.stats.replans, 2u);  // at 20 s and at 40 s, the last arrival's time
  EXPECT_EQ(replanned.stats.replans_failed, 0u);
  EXPECT_GT(replanned.replicas_at_end, fixed.replicas_at_end);
  EXPECT_LT(replanned.counts.arrived - replanned.counts.on_time, (fixed.counts.arrived - fixed.counts.on_time) / 2);
  EXPECT_EQ(replanned.counts.completed, replanned.counts.arrived);
}

TEST(InferlinePolicy, ReplanIntervalIsCheckedAsAField) {
  test::TempDir dir;
  try {
    run_inferline(dir, world({{"kind", "poisson"}, {"rate", 10}}, {{"replan_interval_s", 5}}));
    FAIL() << "expected an input error";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("replan_interval_s"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("[10, 315360000]"), std::string::npos) << e.what();
  }
}

TEST(InferlinePolicy, AGpuReplicaCanBeChargedItsVcpuWhenPlanning) {
  test::TempDir dir;
  // The 4 GPUs alone ($1/h each): charged the prototype's vCPU too, each
  // GPU replica of the same plan costs $1.0665.
  const auto gpus_only = [](json params) {
    json doc = world({{"kind", "poisson"}, {"rate", 150}}, std::move(params), 24, 10);
    doc["cluster"]["devices"].erase(doc["cluster"]["devices"].size() - 1);  // the CPUs
    return doc;
  };
  const Outcome plain = run_inferline(dir, gpus_only({{"tuner", "none"}}));
  const Outcome charged = run_inferline(dir, gpus_only({{"tuner", "none"}, {"gpu_replica_vcpu_price", 0.0665}}));
  const double gpus = (charged.stats.planned_cost_per_hour - plain.stats.planned_cost_per_hour) / 0.0665;
  EXPECT_GE(gpus, 0.999);
  EXPECT_NEAR(gpus, std::round(gpus), 1e-9);
  EXPECT_NEAR(plain.stats.planned_cost_per_hour, std::round(gpus), 1e-9);  // the GPUs alone, $1 each
}

// "tuner": "autoscale": the unit is the whole plan. Enough CPUs that every
// unit AutoScale asks for fits, so whole plans are added.
TEST(InferlinePolicy, AutoscaleAddsWholePlansWhenTheLoadDoubles) {
  test::TempDir dir;
  const json tuned_params = {{"sample_size", 1400}, {"tuner", "autoscale"}};
  const Outcome tuned = run_inferline(dir, world(doubling_load(), tuned_params, 100));
  const Outcome fixed = run_inferline(dir, world(doubling_load(), {{"sample_size", 1400}, {"tuner", "none"}}, 100));
  const std::size_t plan = fixed.replicas_at_end;  // the plan's k (one stage)
  ASSERT_GT(plan, 0u);
  EXPECT_GT(tuned.stats.scale_ups, 0u);
  EXPECT_GT(tuned.stats.replicas_added, 0u);
  EXPECT_EQ(tuned.stats.replicas_added % plan, 0u) << "added " << tuned.stats.replicas_added << ", plan " << plan;
  EXPECT_EQ(tuned.stats.no_free_device, 0u);
  EXPECT_EQ(tuned.replicas_at_end % plan, 0u);
  EXPECT_LT(tuned.counts.arrived - tuned.counts.on_time, (fixed.counts.arrived - fixed.counts.on_time) / 4);
}

// The load doubles for 10 s (AutoScale adds plans), then falls to 50 QPS,
// which one plan serves. A unit can go only after 120 s below the count,
// and units above one exist only from the first tick (1 s) on: none goes
// in a 120-s run; in a 175-s run exactly one plan goes (the next could go
// 120 s after that, past the end).
TEST(InferlinePolicy, AutoscaleRemovesOnePlanOnlyAfter120sBelow) {
  test::TempDir dir;
  const json load = test::poisson_steps({{15, 100}, {10, 200}, {150, 50}});
  const json params = {{"sample_size", 1400}, {"tuner", "autoscale"}};
  const Outcome plan_only = run_inferline(dir, world(load, {{"sample_size", 1400}, {"tuner", "none"}}, 100, 30));
  const Outcome short_run = run_inferline(dir, world(load, params, 100, 120));
  const Outcome long_run = run_inferline(dir, world(load, params, 100, 175));
  EXPECT_GT(short_run.stats.scale_ups, 0u);
  EXPECT_EQ(short_run.stats.scale_downs, 0u);
  EXPECT_EQ(short_run.stats.replicas_removed, 0u);
  EXPECT_EQ(long_run.stats.scale_downs, 1u);
  EXPECT_EQ(long_run.stats.replicas_removed, plan_only.replicas_at_end);
  EXPECT_EQ(long_run.replicas_at_end, short_run.replicas_at_end - plan_only.replicas_at_end);
}

TEST(InferlinePolicy, TheTunerParamNamesItsValues) {
  try {
    parse_inferline_params(JsonNode(json{{"tuner", "coarse"}}, "s.json", "policies[0].params"));
    FAIL() << "expected an InputError";
  } catch (const InputError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("policies[0].params.tuner"), std::string::npos) << what;
    for (const char* value : {"\"inferline\"", "\"autoscale\"", "\"none\""}) {
      EXPECT_NE(what.find(value), std::string::npos) << what;
    }
  }
  EXPECT_EQ(parse_inferline_params(JsonNode(json{{"tuner", "autoscale"}}, "s.json", "p")).tuner, TunerMode::kAutoscale);
}

TEST(InferlinePolicy, APlanTheClusterCannotHoldIsAnInputError) {
  test::TempDir dir;
  // No GPU and two CPUs: 100 QPS needs more than two 20-QPS replicas.
  json doc = world({{"kind", "poisson"}, {"rate", 100}}, json::object(), 2);
  doc["cluster"]["devices"] = json::array({{{"type", "cpu"}, {"count", 2}}});
  try {
    run_inferline(dir, doc);
    FAIL() << "expected an InputError";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("more than the cluster has free"), std::string::npos) << e.what();
  }
}

// "short_cluster": "serve_what_fits" places what fits instead: the two CPUs
// hold two replicas, and the plan's other replicas (100 QPS needs at least
// five 20-QPS ones) are counted as no_free_device.
TEST(InferlinePolicy, ServeWhatFitsPlacesTheReplicasThatFitAndCountsTheRest) {
  test::TempDir dir;
  json doc = world({{"kind", "poisson"}, {"rate", 100}}, {{"tuner", "none"}, {"short_cluster", "serve_what_fits"}}, 2);
  doc["cluster"]["devices"] = json::array({{{"type", "cpu"}, {"count", 2}}});
  const Outcome out = run_inferline(dir, doc);
  EXPECT_EQ(out.replicas_at_end, 2u);
  EXPECT_GE(out.stats.no_free_device, 3u);
  EXPECT_GT(out.counts.completed, 0u);
  EXPECT_EQ(parse_inferline_params(JsonNode(json::object(), "s.json", "p")).serve_what_fits, false);
}

}  // namespace
}  // namespace servesim::inferline
