// The coarse-grained baselines cg-mean and cg-peak (InferLine, SoCC'20,
// section 6) through the engine: plans worked out by hand on replayed
// traces, CG-Peak's units growing with burstiness alone, AutoScale adding
// units when the load doubles and removing one only after 120 s, and the
// input errors.
#include "policies/coarse/coarse_grained_policy.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <ostream>
#include <string>
#include <vector>

#include "policies/coarse/coarse_params.hpp"
#include "sim/core/input_error.hpp"
#include "tests/unit/serving/engine_harness.hpp"

namespace servesim::coarse {
namespace {

using nlohmann::json;
using Stats = CoarseGrainedPolicy::Stats;

// A run's unit counts, compared whole.
struct Units {
  std::uint64_t planned = 0, added = 0, removed = 0, peak = 0;
  bool operator==(const Units&) const = default;
  friend void PrintTo(const Units& u, std::ostream* os) {
    *os << "{planned " << u.planned << ", added " << u.added << ", removed " << u.removed << ", peak " << u.peak << "}";
  }
};

Units units_of(const test::PolicyRun& run) {
  const Stats& s = run.as<CoarseGrainedPolicy>().stats();
  return {s.units_planned, s.units_added, s.units_removed, s.peak_units};
}

// Family a with a_fast alone (InferLine serves the most accurate variant;
// a_best is dropped unless asked for): GPU $1/h, T(1) 10 ms, T(2) 12 ms,
// T(8) 24 ms, linear between; CPU $0.1/h, 50 ms. On `gpus` GPUs and 24 CPUs.
json world(const std::string& policy, json workload, json params, double slo_ms, int gpus, double duration_s,
           bool keep_a_best = false) {
  json doc = test::engine_world(gpus);
  if (!keep_a_best) doc["catalogs"]["models"][0]["families"][0]["variants"].erase(1);
  doc["duration_s"] = duration_s;
  doc["cluster"]["devices"].push_back({{"type", "cpu"}, {"count", 24}});
  doc["applications"] = test::single_stage_app("a", slo_ms, std::move(workload));
  doc["policies"] = json::array({{{"name", policy}, {"params", std::move(params)}}});
  return doc;
}

// a -> b: a_fast then b1 (GPU only, T(1) 20 ms, T(8) 34 ms, linear).
json chain_world(const std::string& policy, json workload, double slo_ms, int gpus, double duration_s) {
  json doc = world(policy, std::move(workload), {{"tuner", "none"}}, slo_ms, gpus, duration_s);
  doc["applications"][0].erase("family");
  doc["applications"][0]["pipeline"] = {
      {"stages", json::array({{{"name", "first"}, {"family", "a"}}, {{"name", "second"}, {"family", "b"}}})},
      {"edges", json::array({{{"from", "first"}, {"to", "second"}}})}};
  return doc;
}

// One arrival every 4 ms for 10 s (2500) and a burst of 80 within 8 ms at
// 5 s. Mean: 2579 gaps over 9.996 s = 258.0 QPS. Peak over 100 ms: a window
// from 4912 ms holds 25 regular arrivals and the whole burst, 105, and none
// holds more: 1050 QPS.
std::vector<double> burst_trace() {
  std::vector<double> ms;
  for (int i = 0; i < 2500; ++i) ms.push_back(4.0 * i);
  for (int i = 0; i < 80; ++i) ms.push_back(5000.5 + 0.1 * i);
  std::sort(ms.begin(), ms.end());
  return ms;
}

TEST(CoarseGrainedPolicy, OneStageUnitsByHand) {
  test::TempDir dir;
  // SLO 100 ms: B = 8 (T(8) = 24 ms; 8 is a_fast's largest batch); a unit
  // does 8 / 24 ms = 333.3 QPS. CG-Mean: ceil(258.0 / 333.3) = 1 unit;
  // CG-Peak: ceil(1050 / 333.3) = ceil(3.15) = 4 units, one GPU ($1/h) each.
  const auto mean = test::run_policy(dir, world("cg-mean", test::replay_at(dir, burst_trace()), {{"tuner", "none"}},
                                                100, 4, 12));
  const auto peak = test::run_policy(dir, world("cg-peak", test::replay_at(dir, burst_trace()), {{"tuner", "none"}},
                                                100, 4, 12));
  const Stats& m = mean.as<CoarseGrainedPolicy>().stats();
  const Stats& p = peak.as<CoarseGrainedPolicy>().stats();
  EXPECT_EQ(m.batch, 8u);
  EXPECT_EQ(p.batch, 8u);
  EXPECT_EQ(m.units_planned, 1u);
  EXPECT_EQ(p.units_planned, 4u);
  EXPECT_DOUBLE_EQ(m.planned_cost_per_hour, 1.0);
  EXPECT_DOUBLE_EQ(p.planned_cost_per_hour, 4.0);
  EXPECT_EQ(mean.live_replicas("a_fast"), 1u);
  EXPECT_EQ(peak.live_replicas("a_fast"), 4u);
  EXPECT_EQ(p.units_added + p.units_removed + p.no_free_device, 0u);  // no tuner
  // Every query is served (central queue) and the burst is what CG-Mean
  // misses: 80 at once take 10 batches of 24 ms on one GPU.
  EXPECT_EQ(mean.counts.completed, mean.counts.arrived);
  EXPECT_EQ(peak.counts.completed, peak.counts.arrived);
  EXPECT_GT(mean.counts.arrived - mean.counts.on_time, peak.counts.arrived - peak.counts.on_time);
}

TEST(CoarseGrainedPolicy, OneBatchForAllStagesAndAReplicaOfEachPerUnit) {
  test::TempDir dir;
  // SLO 50 ms on a -> b: path T_a(B) + T_b(B) = 30, 34, 42 ms at B = 1, 2,
  // 4 (T_a(4) = 16, T_b(4) = 26) and 58 ms at 8: B = 4. A unit does
  // min(4 / 16 ms, 4 / 26 ms) = 153.8 QPS. CG-Mean: ceil(258.0 / 153.8) = 2
  // units. CG-Peak's window is the SLO, 50 ms: at most 13 regular arrivals
  // (4 ms apart) and the burst, 93 from 4960 ms: 1860 QPS, ceil(12.09) = 13
  // units. Two GPUs a unit.
  const auto mean = test::run_policy(dir, chain_world("cg-mean", test::replay_at(dir, burst_trace()), 50, 26, 12));
  const auto peak = test::run_policy(dir, chain_world("cg-peak", test::replay_at(dir, burst_trace()), 50, 26, 12));
  const Stats& m = mean.as<CoarseGrainedPolicy>().stats();
  const Stats& p = peak.as<CoarseGrainedPolicy>().stats();
  EXPECT_EQ(m.batch, 4u);
  EXPECT_EQ(m.units_planned, 2u);
  EXPECT_DOUBLE_EQ(m.planned_cost_per_hour, 4.0);
  EXPECT_EQ(mean.live_replicas("a_fast"), 2u);
  EXPECT_EQ(mean.live_replicas("b1"), 2u);
  EXPECT_EQ(p.batch, 4u);
  EXPECT_EQ(p.units_planned, 13u);
  EXPECT_DOUBLE_EQ(p.planned_cost_per_hour, 26.0);
  EXPECT_EQ(peak.live_replicas("a_fast"), 13u);
  EXPECT_EQ(peak.live_replicas("b1"), 13u);
  EXPECT_EQ(mean.counts.completed, mean.counts.arrived);
}

// At 100 QPS a unit (333.3 QPS) needs 34 arrivals in a 100-ms window
// before CG-Peak plans a second one. Poisson windows hold 10 on average
// (34 or more: about one in 10^9); Gamma arrivals of InferLine's CV 4
// (cv2 4: cv 2) bunch far more. CG-Mean plans one unit on both.
TEST(CoarseGrainedPolicy, PeakPlansMoreUnitsOnABurstyLoadOnly) {
  test::TempDir dir;
  const json poisson = {{"kind", "poisson"}, {"rate", 100}};
  const json bursty = {{"kind", "gamma"}, {"rate", 100}, {"cv2", 4}};
  const json none = {{"tuner", "none"}};
  const auto run = [&](const std::string& policy, const json& load) {
    return test::run_policy(dir, world(policy, load, none, 100, 16, 30));
  };
  const auto mean_bursty = run("cg-mean", bursty);
  const auto peak_bursty = run("cg-peak", bursty);
  const auto peak_poisson = run("cg-peak", poisson);
  EXPECT_EQ(run("cg-mean", poisson).as<CoarseGrainedPolicy>().stats().units_planned, 1u);
  EXPECT_EQ(peak_poisson.as<CoarseGrainedPolicy>().stats().units_planned, 1u);
  EXPECT_EQ(mean_bursty.as<CoarseGrainedPolicy>().stats().units_planned, 1u);
  EXPECT_GT(peak_bursty.as<CoarseGrainedPolicy>().stats().units_planned, 1u);
}

// The paper's Figure 5: CG-Mean is not provisioned for the bursts. At 250
// QPS of InferLine's CV 4 a single unit (CG-Mean's, 75 % busy on average)
// falls behind in the bursts; CG-Peak's units absorb them.
TEST(CoarseGrainedPolicy, MeanMissesTheBurstsPeakServes) {
  test::TempDir dir;
  const json bursty = {{"kind", "gamma"}, {"rate", 250}, {"cv2", 4}};
  const auto mean = test::run_policy(dir, world("cg-mean", bursty, {{"tuner", "none"}}, 100, 16, 60));
  const auto peak = test::run_policy(dir, world("cg-peak", bursty, {{"tuner", "none"}}, 100, 16, 60));
  EXPECT_EQ(mean.as<CoarseGrainedPolicy>().stats().units_planned, 1u);
  EXPECT_GT(peak.as<CoarseGrainedPolicy>().stats().units_planned, 1u);
  EXPECT_GT(mean.counts.arrived - mean.counts.on_time, peak.counts.arrived - peak.counts.on_time);
  EXPECT_EQ(mean.counts.completed, mean.counts.arrived);
}

json doubling_load() { return test::poisson_steps({{15, 250}, {25, 500}}); }

// Planned on the first 14 s at 250 QPS: one unit (333.3 QPS). At 500 QPS
// the queue grows and AutoScale (p = 333.3 x 0.1 s = 33 visits a unit)
// adds units at once.
TEST(CoarseGrainedPolicy, AutoscaleAddsUnitsWhenTheLoadDoubles) {
  test::TempDir dir;
  const auto tuned = test::run_policy(dir, world("cg-mean", doubling_load(), {{"sample_size", 3500}}, 100, 16, 40));
  const auto fixed = test::run_policy(
      dir, world("cg-mean", doubling_load(), {{"sample_size", 3500}, {"tuner", "none"}}, 100, 16, 40));
  const Stats& t = tuned.as<CoarseGrainedPolicy>().stats();
  EXPECT_EQ(t.units_planned, 1u);
  EXPECT_GT(t.units_added, 0u);
  EXPECT_GE(t.peak_units, 2u);
  EXPECT_EQ(t.no_free_device, 0u);
  EXPECT_EQ(fixed.as<CoarseGrainedPolicy>().stats().units_added, 0u);
  EXPECT_LT(tuned.counts.arrived - tuned.counts.on_time, (fixed.counts.arrived - fixed.counts.on_time) / 4);
}

// Two parallel branches, each the single stage's a_fast: a unit is two
// GPUs, and every query is in both branches at once. AutoScale counts
// requests in the black box, so the fork's unit counts are the single
// stage's exactly (each branch sees the same visits at the same times);
// counting the visits of its stages would see each query twice and add
// units the load does not need.
TEST(CoarseGrainedPolicy, AutoscaleCountsAQueryInTwoBranchesOnce) {
  test::TempDir dir;
  const json params = {{"sample_size", 3500}};
  const auto single = test::run_policy(dir, world("cg-mean", doubling_load(), params, 100, 16, 40));
  json fork = world("cg-mean", doubling_load(), params, 100, 32, 40);
  fork["applications"][0].erase("family");
  fork["applications"][0]["pipeline"] = {
      {"stages", json::array({{{"name", "left"}, {"family", "a"}}, {{"name", "right"}, {"family", "a"}}})},
      {"edges", json::array()}};
  const auto forked = test::run_policy(dir, fork);
  ASSERT_GE(units_of(single).peak, 2u);
  EXPECT_EQ(units_of(forked), units_of(single));
  EXPECT_EQ(forked.live_replicas("a_fast"), 2 * single.live_replicas("a_fast"));
}

// The same on two GPUs: one unit more fits; what AutoScale wants beyond it
// is counted, and the run goes on.
TEST(CoarseGrainedPolicy, UnitsWithoutAFreeDeviceAreCountedNotAnError) {
  test::TempDir dir;
  const auto run = test::run_policy(dir, world("cg-mean", doubling_load(), {{"sample_size", 3500}}, 100, 2, 40));
  EXPECT_EQ(units_of(run), (Units{1, 1, 0, 2}));
  EXPECT_GT(run.as<CoarseGrainedPolicy>().stats().no_free_device, 0u);
  EXPECT_EQ(run.live_replicas("a_fast"), 2u);
}

// One arrival every 20 ms for 200 s and a burst of 150 at 1 s: the peak
// window holds 155, 1550 QPS, ceil(4.65) = 5 units. The live load needs
// one, so AutoScale is below the count from its first tick; a unit goes
// after 120 s below, the next 120 s later.
TEST(CoarseGrainedPolicy, AutoscaleRemovesOneUnitOnlyAfter120sBelow) {
  test::TempDir dir;
  std::vector<double> ms;
  for (int i = 0; i < 10000; ++i) ms.push_back(20.0 * i);
  for (int i = 0; i < 150; ++i) ms.push_back(1000.5 + 0.1 * i);
  std::sort(ms.begin(), ms.end());
  const auto run = [&](double duration_s) {
    return test::run_policy(dir, world("cg-peak", test::replay_at(dir, ms), json::object(), 100, 8, duration_s));
  };
  const auto short_run = run(115);
  const auto long_run = run(200);
  EXPECT_EQ(units_of(short_run), (Units{5, 0, 0, 5}));
  EXPECT_EQ(short_run.live_replicas("a_fast"), 5u);
  EXPECT_EQ(units_of(long_run), (Units{5, 0, 1, 5}));
  EXPECT_EQ(long_run.live_replicas("a_fast"), 4u);
}

// Two applications: each is planned on its own, and report() names each
// one's counters app<i>_, as mark's do.
TEST(CoarseGrainedPolicy, EachApplicationIsPlannedAndReportedOnItsOwn) {
  test::TempDir dir;
  json doc = world("cg-mean", test::replay_at(dir, burst_trace()), {{"tuner", "none"}}, 100, 4, 12);
  // d1: T(8) = 14 ms; SLO 10 ms: the path at B = 1 (7 ms) meets it, B = 2
  // (8 ms, linear) too, B = 4 (10 ms) just, B = 8 (14 ms) not: B = 4.
  doc["applications"].push_back(
      {{"name", "other"}, {"family", "d"}, {"slo_ms", 10}, {"workload", {{"kind", "poisson"}, {"rate", 50}}}});
  const auto run = test::run_policy(dir, doc);
  const auto& policy = run.as<CoarseGrainedPolicy>();
  EXPECT_EQ(policy.stats(0).batch, 8u);
  EXPECT_EQ(policy.stats(1).batch, 4u);
  EXPECT_EQ(policy.stats(1).units_planned, 1u);
  PolicyCounters counters;
  policy.report(counters);
  std::map<std::string, double> named(counters.counters().begin(), counters.counters().end());
  EXPECT_EQ(named.size(), 14u);
  EXPECT_DOUBLE_EQ(named.at("app0_batch"), 8);
  EXPECT_DOUBLE_EQ(named.at("app1_batch"), 4);
  EXPECT_DOUBLE_EQ(named.at("app1_planned_cost_per_hour"), 1);
}

std::string error_of(const test::TempDir& dir, const json& doc) {
  try {
    test::run_policy(dir, doc);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(CoarseGrainedPolicy, BadParamsAreInputErrorsNamingTheField) {
  const auto parse_error = [](const json& params) -> std::string {
    try {
      parse_coarse_params(JsonNode(params, "s.json", "policies[0].params"));
    } catch (const InputError& e) {
      return e.what();
    }
    return "";
  };
  const std::string tuner = parse_error({{"tuner", "inferline"}});
  EXPECT_NE(tuner.find("policies[0].params.tuner"), std::string::npos) << tuner;
  EXPECT_NE(tuner.find("\"autoscale\""), std::string::npos) << tuner;
  EXPECT_NE(tuner.find("\"none\""), std::string::npos) << tuner;
  const std::string unknown = parse_error({{"max_replicas_per_stage", 3}});
  EXPECT_NE(unknown.find("max_replicas_per_stage"), std::string::npos) << unknown;
  EXPECT_NE(parse_error({{"planning", "future"}}).find("\"oracle\""), std::string::npos);
  EXPECT_NE(parse_error({{"sample_size", 1}}).find("sample_size"), std::string::npos);
  EXPECT_NE(parse_error({{"short_cluster", "grow"}}).find("\"serve_what_fits\""), std::string::npos);
  const CoarseParams defaults = parse_coarse_params(JsonNode(json::object(), "s.json", "p"));
  EXPECT_EQ(defaults.tuner, CoarseTuner::kAutoscale);
  EXPECT_EQ(defaults.planning.trace, inferline::PlanningTrace::kSample);
  EXPECT_EQ(defaults.planning.sample_size, 50'000u);
}

TEST(CoarseGrainedPolicy, NoHardwareMeetingTheSloIsAnInputErrorNamingTheApplication) {
  test::TempDir dir;
  // a_best, the most accurate, takes 20 ms at batch 1 on its one device
  // type; the scenario accepts a 15-ms SLO (a_fast makes it in 10 ms).
  const std::string what =
      error_of(dir, world("cg-mean", {{"kind", "poisson"}, {"rate", 10}}, json::object(), 15, 4, 5, true));
  EXPECT_NE(what.find("policies[0].params"), std::string::npos) << what;
  EXPECT_NE(what.find("application \"app\""), std::string::npos) << what;
  EXPECT_NE(what.find("even at batch 1"), std::string::npos) << what;
}

TEST(CoarseGrainedPolicy, APlanNeedingMoreDevicesThanTheClusterHasIsAnInputError) {
  test::TempDir dir;
  // CG-Peak's 4 units of the burst trace on 3 GPUs.
  const std::string what =
      error_of(dir, world("cg-peak", test::replay_at(dir, burst_trace()), {{"tuner", "none"}}, 100, 3, 12));
  EXPECT_NE(what.find("application \"app\""), std::string::npos) << what;
  EXPECT_NE(what.find("4 devices of type \"gpu\" for stage"), std::string::npos) << what;
  EXPECT_NE(what.find("more than the cluster has free"), std::string::npos) << what;
}

// "short_cluster": "serve_what_fits" places the units that fit and counts
// the rest, for a cluster not sized for the baseline (side-by-side).
TEST(CoarseGrainedPolicy, ServeWhatFitsPlacesTheUnitsThatFitAndCountsTheRest) {
  test::TempDir dir;
  // CG-Peak's 4 units of the burst trace on 3 GPUs, as above.
  const auto run = test::run_policy(dir, world("cg-peak", test::replay_at(dir, burst_trace()),
                                               {{"tuner", "none"}, {"short_cluster", "serve_what_fits"}}, 100, 3, 12));
  EXPECT_EQ(run.as<CoarseGrainedPolicy>().stats().units_planned, 4u);
  EXPECT_EQ(run.as<CoarseGrainedPolicy>().stats().no_free_device, 1u);
  EXPECT_EQ(run.live_replicas("a_fast"), 3u);
}

// On one GPU a unit of a -> b does not fit: the first stage takes the GPU
// and the second has no replica, so its visits wait in a central queue no
// replica pulls from. Under "drop": "expired" a visit there goes once it has
// expired and the next joins; only the last 100 ms of arrivals (SLO 100 ms)
// are still queued at the end. Under "none" every query stays unfinished.
TEST(CoarseGrainedPolicy, VisitsWhereNoReplicaServesTheStageExpireUnderDropExpired) {
  test::TempDir dir;
  std::vector<double> every_10ms;
  for (int i = 0; i < 1000; ++i) every_10ms.push_back(10.0 * i);
  json doc = chain_world("cg-mean", test::replay_at(dir, every_10ms), 100, 1, 12);
  doc["policies"][0]["params"]["short_cluster"] = "serve_what_fits";
  const auto kept = test::run_policy(dir, doc);
  EXPECT_EQ(kept.counts.arrived, 1000u);
  EXPECT_EQ(kept.counts.unfinished, 1000u);
  doc["serving"]["drop"] = "expired";
  const auto expired = test::run_policy(dir, doc);
  EXPECT_EQ(expired.counts.arrived, 1000u);
  EXPECT_EQ(expired.counts.completed, 0u);
  EXPECT_GE(expired.counts.unfinished, 9u);
  EXPECT_LE(expired.counts.unfinished, 11u);
  EXPECT_EQ(expired.counts.dropped + expired.counts.unfinished, 1000u);
}

}  // namespace
}  // namespace servesim::coarse
