// The artifact flavour's switches (proteus_params.hpp, docs/policies.md "The
// artifact flavour"): each behaves as the Proteus artifact decides, and the
// defaults stay the paper's reading. Expected numbers are worked out by hand
// from the artifact's rules (Proteus public code, run.py, core/simulator.py,
// core/executor.py).
#include <gtest/gtest.h>

#include <cmath>

#include "policies/proteus/allowed_variants.hpp"
#include "policies/proteus/routing_weights.hpp"
#include "policies/proteus/solve_trigger.hpp"
#include "tests/unit/proteus/proteus_world.hpp"

namespace servesim::proteus::test {
namespace {

VariantOption option_of(AppId app, VariantId variant, std::vector<double> qps) {
  VariantOption o{app, variant, 1.0, {}};
  for (double q : qps) o.capacity.push_back(q > 0 ? std::optional<Capacity>(Capacity{4, from_millis(4000.0 / q), q}) : std::nullopt);
  return o;
}

double weight_of(const std::vector<RoutingWeight>& weights, ReplicaId replica) {
  for (const auto& w : weights) {
    if (w.replica == replica) return w.weight;
  }
  return 0;
}

// Devices 0, 1, 3 of type 0 host option 0 (variant 7 of app 0); device 2 of
// type 1 hosts option 1 (variant 8). Plan shares: d0 0.3, d1 0.2, d2 0.5, d3 0
// (a device the artifact upgrades: no share, same key).
TEST(ProteusArtifactRouting, CanaryWeighsAKeyByItsLastDevicesShareSpreadOverItsReplicas) {
  const std::vector<VariantOption> options = {option_of(0, 7, {10, 10}), option_of(0, 8, {10, 10})};
  const std::vector<DeviceTypeId> type = {0, 0, 1, 0};
  DevicePlan plan;
  plan.devices = {{0, 0.3}, {0, 0.2}, {1, 0.5}, {0, 0.0}};
  const std::vector<Serving> serving = {{0, 10, 0}, {1, 11, 0}, {2, 12, 1}, {3, 13, 0}};
  const auto canary = routing_weights(0, RoutingRule::kCanary, plan, options, type, serving);
  // Key (type 0, variant 7): d1's 0.2 (the last of d0, d1), over its three replicas.
  EXPECT_NEAR(weight_of(canary, 10), 0.2 / 3, 1e-12);
  EXPECT_NEAR(weight_of(canary, 11), 0.2 / 3, 1e-12);
  EXPECT_NEAR(weight_of(canary, 13), 0.2 / 3, 1e-12);
  EXPECT_NEAR(weight_of(canary, 12), 0.5, 1e-12);
  // The paper's reading (the default): each device its own share; d3 none.
  const auto shares = routing_weights(0, RoutingRule::kPlanShares, plan, options, type, serving);
  EXPECT_NEAR(weight_of(shares, 10), 0.3, 1e-12);
  EXPECT_NEAR(weight_of(shares, 11), 0.2, 1e-12);
  EXPECT_EQ(weight_of(shares, 13), 0.0);
  // The artifact's Proteus: every replica of the application alike.
  const auto uniform = routing_weights(0, RoutingRule::kUniform, plan, options, type, serving);
  EXPECT_EQ(uniform.size(), 4u);
  EXPECT_EQ(weight_of(uniform, 13), 1.0);
}

DemandEstimator totals(const std::vector<int>& per_second) {
  DemandEstimator d(1, 1.6, 20, 20);
  for (std::size_t k = 0; k < per_second.size(); ++k) {
    for (int i = 0; i < per_second[k]; ++i) d.count(0, at_seconds(static_cast<double>(k) + 0.5));
  }
  d.advance(at_seconds(static_cast<double>(per_second.size())));
  return d;
}

// run.py: i % period == 0, the period 10 s, 5 s from 60 to 100 s, 2 s while
// any of the last 10 seconds had more than 200 arrivals.
TEST(ProteusArtifactSchedule, SolvesAtMultiplesOfTheIntervalInEffect) {
  ArtifactSchedule schedule;
  schedule.windows.push_back({from_seconds(60), from_seconds(100), from_seconds(5)});
  schedule.busy = BusyRule{200, 10, from_seconds(2)};
  SolveTrigger t(from_seconds(10), {}, BurstRule{}, schedule);
  const DemandEstimator calm = totals(std::vector<int>(12, 150));
  const std::vector<double> planned = {1};  // a burst rule would fire at 150 / 1
  EXPECT_EQ(t.check(at_seconds(30), calm, planned), SolveReason::kPeriodic);
  t.solved(at_seconds(30));
  EXPECT_EQ(t.check(at_seconds(35), calm, planned), SolveReason::kNone);
  EXPECT_EQ(t.check(at_seconds(65), calm, planned), SolveReason::kPeriodic);
  EXPECT_EQ(t.check(at_seconds(100), calm, planned), SolveReason::kPeriodic);
  EXPECT_EQ(t.check(at_seconds(105), calm, planned), SolveReason::kNone);
  EXPECT_EQ(t.check(at_seconds(110), calm, planned), SolveReason::kPeriodic);
  std::vector<int> one_busy_second(12, 150);
  one_busy_second[3] = 201;
  const DemandEstimator busy = totals(one_busy_second);
  EXPECT_EQ(t.check(at_seconds(112), busy, planned), SolveReason::kPeriodic);
  EXPECT_EQ(t.check(at_seconds(113), busy, planned), SolveReason::kNone);
  // The default trigger counts from the last solve instead.
  SolveTrigger paper(from_seconds(10), {}, BurstRule{});
  paper.solved(at_seconds(33));
  const std::vector<double> as_planned = {150};
  EXPECT_EQ(paper.check(at_seconds(40), calm, as_planned), SolveReason::kNone);
  EXPECT_EQ(paper.check(at_seconds(43), calm, as_planned), SolveReason::kPeriodic);
}

std::string allocation_text(const std::string& canary, const std::string& hosts) {
  return "required_predictors:\n{}\ncanary_dict:\n" + canary + "\nilp_x:\n" + hosts + "\n";
}

json from_file(const std::string& policy, const servesim::test::TempDir& dir, const std::string& text) {
  dir.write("alloc.txt", text);
  json params = {{"start_allocation",
                  {{"file", (dir.path() / "alloc.txt").string()}, {"device_map", {{"CPU", "cpu"}, {"GPU", "gpu"}}}}}};
  // No solve in the run: the artifact's schedule (no burst rule) at 3600 s.
  if (policy == "proteus") {
    params.update({{"solve_interval_s", 3600}, {"warmup_solves_s", json::array()}, {"artifact_schedule", json::object()}});
  }
  return with_policy(world(steps({{20, 100}}), steps({{20, 20}}), 20), policy, params);
}

// img only on GPU-0 (img-hi, share 1); txt on GPU-1 (0.6) and CPU-1 (0.4);
// CPU-0 hosts img-lo with no share: it is upgraded to img's most accurate
// variant allowed on a CPU, img-lo itself (img-hi takes 60 ms > 50 ms).
TEST(ProteusArtifactStart, TheFilesVariantsServeAndOnlyRoutedDevicesGetQueries) {
  servesim::test::TempDir dir;
  const Outcome o = run_policy(from_file(
      "proteus", dir,
      allocation_text("{('GPU-0', 0): 1.0, ('GPU-1', 1): 0.6, ('CPU-1', 1): 0.4}",
                      "{('img-lo', 'CPU-0'): 1, ('txt-lo', 'CPU-1'): 1, ('img-hi', 'GPU-0'): 1, ('txt-hi', 'GPU-1'): 1}")));
  EXPECT_TRUE(cloudtest::conserved(o.run));
  EXPECT_EQ(o.device_family, (std::vector<std::string>{"img", "txt", "img", "txt"}));
  EXPECT_EQ(o.stats.solves, 0u);
  // Every img query went to img-hi (accuracy 1) on GPU-0, none to CPU-0's img-lo.
  EXPECT_DOUBLE_EQ(effective_accuracy(o.arrived(0, 0, 20)), 1.0);
  // txt: 60 % to txt-hi (1.0), 40 % to txt-lo (0.9): about 0.96.
  EXPECT_NEAR(effective_accuracy(o.arrived(1, 0, 20)), 0.96, 0.02);
  EXPECT_EQ(o.stats.stray_shares, 0u);
  EXPECT_EQ(o.stats.infeasible_hosts, 0u);
}

// img-hi on a CPU (60 ms, beyond half the 100 ms SLO) is placed as the
// artifact places it, and counted; a share for txt on img's device routes nothing.
TEST(ProteusArtifactStart, InfeasibleHostsAndStraySharesAreCounted) {
  servesim::test::TempDir dir;
  const Outcome o = run_policy(from_file(
      "clipper-ha", dir,
      allocation_text("{('GPU-0', 0): 1.0, ('GPU-1', 1): 1.0, ('GPU-0', 1): 0.0}",
                      "{('img-hi', 'CPU-0'): 1, ('txt-hi', 'CPU-1'): 1, ('img-hi', 'GPU-0'): 1, ('txt-hi', 'GPU-1'): 1}")));
  EXPECT_EQ(o.stats.infeasible_hosts, 1u);
  EXPECT_EQ(o.device_family[0], "img");  // kept, as the artifact keeps it
  EXPECT_EQ(o.stats.stray_shares, 1u);
}

// "batching": "artifact" gives the Clippers the artifact's aimd and Proteus
// its accscale; on a host with no batch within half the SLO (img-hi on a CPU,
// 60 ms > 50 ms), aimd drops every query it gets (its enqueue_request fails
// them) and accscale keeps them queued, never served (so never counted by
// the artifact: unfinished here).
TEST(ProteusArtifactBatching, AnInfeasibleHostDropsUnderAimdAndHoldsUnderAccscale) {
  const std::string text = allocation_text("{('CPU-0', 0): 1.0, ('GPU-1', 1): 1.0}",
                                           "{('img-hi', 'CPU-0'): 1, ('txt-hi', 'GPU-1'): 1}");
  for (const std::string policy : {"clipper-ha", "proteus"}) {
    servesim::test::TempDir dir;
    json doc = from_file(policy, dir, text);
    doc["policies"][0]["params"]["batching"] = "artifact";
    doc["policies"][0]["params"]["routing"] = "canary";
    doc["serving"]["drop"] = "none";
    const Outcome o = run_policy(doc);
    EXPECT_TRUE(cloudtest::conserved(o.run));
    const auto img = o.arrived(0, 0, 20);
    ASSERT_GT(img.size(), 1000u);
    const OutcomeKind expected = policy == "clipper-ha" ? OutcomeKind::kDropped : OutcomeKind::kUnfinished;
    for (const auto& q : img) EXPECT_EQ(q.kind, expected) << policy;
    EXPECT_GT(effective_accuracy(o.arrived(1, 0, 20)), 0.99) << policy;  // txt-hi serves
  }
}

TEST(ProteusArtifactVariants, APolicysOwnListRestrictsItsOptions) {
  servesim::test::TempDir dir;
  std::filesystem::create_directories(dir.path() / "lists");
  dir.write("lists/img", "img-lo,80\n");
  dir.write("lists/txt", "txt-hi,100\n");
  json doc = with_policy(world(steps({{10, 50}}), steps({{10, 10}}), 10), "proteus",
                         {{"allowed_variants", (dir.path() / "lists").string()}});
  const Outcome o = run_policy(doc);
  for (const auto& q : o.run.outcomes) {
    if (q.kind != OutcomeKind::kCompleted) continue;
    EXPECT_DOUBLE_EQ(q.accuracy, q.app == 0 ? 0.8 : 1.0);
  }
  // A name the catalog lacks is an error naming the list's file and line.
  dir.write("lists/txt", "txt-hi,100\ntxt-xl,100\n");
  servesim::test::TempDir run_dir;
  EXPECT_THROW(run_policy(doc), InputError);
}

// The artifact's Sommelier (algorithms/ilp.py, static "spec_acc") is the
// MILP with each device's model family fixed to its start allocation's.
TEST(ProteusArtifactSommelier, ThePinnedMilpSwapsVariantsButNeverMovesADevice) {
  const json doc = with_policy(world(steps({{60, 500}, {90, 10}}), steps({{60, 10}, {90, 500}}), 150), "sommelier",
                               {{"initial_load_qps", {{"img", 500}, {"txt", 10}}}, {"variant_swaps", "milp"}});
  const Outcome s = run_policy(doc);
  EXPECT_TRUE(cloudtest::conserved(s.run));
  expect_devices_keep_their_family(s);
  EXPECT_GT(s.stats.solves, 0u);
  EXPECT_GT(s.stats.milp.solves, s.stats.solves);  // the start plan's and one or more per decision
  // 1.5 x 500 img queries/s need img-lo (470.6/s) on both GPUs; img-hi serves 177.8/s.
  EXPECT_LT(effective_accuracy(s.arrived(0, 20, 60)), 0.85);
  EXPECT_GT(effective_accuracy(s.arrived(0, 100, 150)), 0.95);
}

}  // namespace
}  // namespace servesim::proteus::test
