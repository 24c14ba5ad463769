// The infaas policy set up as the Proteus paper's experiments need it
// (issue 10, "Fair set-ups"):
// - "initial_load_qps": a warm start, provisioned by the model autoscaler for
//   that load before the first query (infaas_params.hpp);
// - "slo_latency_share": what meeting the SLO means, INFaaS' rule (the
//   variant's latency within the SLO, share 1) or the Proteus paper's (within
//   half of it, share 0.5, the default of "infaas-accuracy").
// One family on fixed GPUs, with a greedy batcher of batch 1:
//   hi: accuracy 100, 20 ms (50 QPS per replica)
//   lo: accuracy  80,  5 ms (200 QPS per replica)
// A GPU takes one replica of each variant (worker_placement.cpp).
#include <gtest/gtest.h>

#include "policies/infaas/variant_profile.hpp"
#include "tests/unit/infaas/engine_harness.hpp"

namespace servesim::infaas::test {
namespace {

json gpu_variant(const char* name, double accuracy, double memory_mb, double latency_ms) {
  return {{"name", name}, {"accuracy", accuracy}, {"memory_mb", memory_mb}, {"load_latency_ms", 500}, {"max_batch", 1},
          {"latency_ms", {{"gpu", {{1, latency_ms}}}}}};
}

// `gpus` fixed GPUs, one application "a" (SLO 100 ms) at a Poisson `qps`,
// hi taking `hi_latency_ms`; the policy: infaas-accuracy with `params` added.
json gpu_world(int gpus, double qps, double hi_latency_ms, const json& params) {
  json policy = {{"worker_types", {{"gpu", "gpu.w"}}}, {"mode", "infaas-accuracy"}};
  for (const auto& [k, v] : params.items()) policy[k] = v;
  const json gpu_worker = {{"name", "gpu.w"}, {"vcpus", 8}, {"memory_mb", 62464},
                           {"devices", {{{"type", "gpu"}, {"count", 1}}}}, {"price_per_hour", 3.06},
                           {"boot_latency_s", 10}};
  const json family = {{"name", "f"},
                       {"variants", {gpu_variant("hi", 100, 500, hi_latency_ms), gpu_variant("lo", 80, 200, 5)}}};
  return {{"name", "infaas-proteus-setup"}, {"seed", 5}, {"duration_s", 30},
          {"catalogs", {{"hardware", {{{"device_types", {{{"name", "gpu"}, {"kind", "gpu"}, {"memory_mb", 16384}}}},
                                       {"instance_types", {gpu_worker}}}}},
                        {"models", {{{"families", {family}}}}}}},
          {"cluster", {{"devices", {{{"type", "gpu"}, {"count", gpus}}}}}},
          {"applications", {{{"name", "a"}, {"family", "f"}, {"slo_ms", 100},
                             {"workload", {{"kind", "poisson"}, {"rate", qps}}}}}},
          {"serving", {{"drop", "expired"}}},
          {"policies", {{{"name", "infaas"}, {"params", policy}}}},
          {"outputs", {{"window_s", 10}}}};
}

// What the policy had when it routed its first query.
struct FirstRoute {
  std::map<std::string, int> active;  // replicas serving, by variant
  int loading = 0;                    // replicas still loading
  bool target_active = false;
  std::uint64_t route_loads = 0;      // the policy's count of loads on a query's path, then
};

FirstRoute first_route(const json& doc) {
  FirstRoute first;
  bool seen = false;
  run_infaas(doc, [&](const RouteDecision& d, const ClusterView& view, const InfaasPolicy& infaas) {
    if (seen || d.kind != RouteDecision::Kind::kReplica) return;
    seen = true;
    for (ReplicaId r = 0; r < view.replica_count(); ++r) {
      const ReplicaInfo info = view.replica(r);
      if (info.state == ReplicaState::kActive) ++first.active[view.models().variant(info.variant).name];
      if (info.state == ReplicaState::kLoading) ++first.loading;
    }
    first.target_active = view.replica(d.target).state == ReplicaState::kActive;
    first.route_loads = infaas.stats().route_loads;
  });
  EXPECT_TRUE(seen);
  return first;
}

TEST(InfaasProteusSetup, ColdStartLoadsTheFirstQuerysVariantOnItsPath) {
  const FirstRoute f = first_route(gpu_world(3, 80, 20, json::object()));
  EXPECT_TRUE(f.active.empty());
  EXPECT_EQ(f.loading, 1);
  EXPECT_FALSE(f.target_active);
  EXPECT_EQ(f.route_loads, 1u);
}

TEST(InfaasProteusSetup, WarmStartHasTheAutoscalersReplicasForTheLoadAtTimeZero) {
  // 80 QPS x slack 1.05 = 84 QPS: two replicas of hi (50 QPS each), the most
  // accurate variant, which the cluster has room for (one per GPU).
  const FirstRoute f = first_route(gpu_world(3, 80, 20, {{"initial_load_qps", {{"a", 80}}}}));
  EXPECT_EQ(f.active, (std::map<std::string, int>{{"hi", 2}}));
  EXPECT_EQ(f.loading, 0);
  EXPECT_TRUE(f.target_active);
  EXPECT_EQ(f.route_loads, 0u);
}

TEST(InfaasProteusSetup, WarmStartBeyondTheMostAccurateVariantsRoomUpgrades) {
  // 200 QPS x 1.05 needs five replicas of hi; two GPUs take two. The
  // autoscaler's cheaper action that fits is the upgrade to lo: two replicas
  // of it (400 QPS), in place of hi.
  const FirstRoute f = first_route(gpu_world(2, 200, 20, {{"initial_load_qps", 200}}));
  EXPECT_EQ(f.active, (std::map<std::string, int>{{"lo", 2}}));
  EXPECT_EQ(f.loading, 0);
  EXPECT_EQ(f.route_loads, 0u);
}

TEST(InfaasProteusSetup, TheSloShareIsOfTheBudgetTheServingLatencyMayTake) {
  ProfileRules rules;
  VariantProfile v;
  v.kind = DeviceKind::kGpu;
  v.inference = from_millis(60);  // 0.6 x a 100 ms budget
  EXPECT_TRUE(meets(v, from_millis(100), 0.0, rules));
  rules.slo_latency_share = 0.5;
  EXPECT_FALSE(meets(v, from_millis(100), 0.0, rules));
  EXPECT_TRUE(meets(v, from_millis(120), 0.0, rules));  // exactly half: "cannot exceed half"
  EXPECT_FALSE(meets(v, from_millis(119), 0.0, rules));
}

TEST(InfaasProteusSetup, AVariantAtSixTenthsOfTheBudgetIsChosenWithShareOneAndRefusedWithHalf) {
  // hi takes 60 ms, 0.6 x the 100 ms SLO; lo 5 ms. At 5 QPS either carries the load.
  const auto run = [](json params) {
    params["initial_load_qps"] = 5;
    return run_infaas(gpu_world(2, 5, 60, params));
  };
  const Outcome infaas_rule = run({{"slo_latency_share", 1}});
  ASSERT_GT(infaas_rule.total_routed, 50u);
  EXPECT_DOUBLE_EQ(infaas_rule.share("hi"), 1.0);
  EXPECT_EQ(infaas_rule.stats.unmet, 0u);
  for (const Outcome& o : {run({{"slo_latency_share", 0.5}}), run(json::object())}) {  // the mode's default: 0.5
    ASSERT_GT(o.total_routed, 50u);
    EXPECT_DOUBLE_EQ(o.share("lo"), 1.0);
    EXPECT_EQ(o.stats.unmet, 0u);
  }
}

}  // namespace
}  // namespace servesim::infaas::test
