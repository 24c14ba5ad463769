// Algorithm 1 on hand-built situations: Active -> least-loaded worker;
// Inactive -> lowest load + inference latency on the lowest-utilisation worker
// (loaded on the query's path); else suggestVariant; never Overloaded or
// Interfered variants.
#include <gtest/gtest.h>

#include "policies/infaas/worker_placement.hpp"
#include "tests/unit/infaas/policy_fixture.hpp"

namespace servesim::infaas::test {
namespace {

using nlohmann::json;

TEST(InfaasSelection, ActiveVariantGoesToTheLeastLoadedWorker) {
  PolicyFixture f;
  // Three A replicas: two on worker 0 (its 2 CPU slots), one on worker 1.
  f.build(table2_params({{"initial_workers", {{"cpu.w", 2}}},
                         {"preload", json::array({{{"variant", "A"}, {"device_type", "box.cpu"}, {"count", 3}}})}}),
          {single_model_app("a", 0, 300)});
  ASSERT_EQ(f.c().replicas.size(), 3u);
  EXPECT_EQ(f.c().replicas[0].info.device, f.device_of_worker(0));
  EXPECT_EQ(f.c().replicas[2].info.device, f.device_of_worker(1));
  f.c().fake(0).outstanding = 3;
  f.c().fake(1).outstanding = 2;
  f.c().fake(2).outstanding = 1;
  EXPECT_EQ(f.route().target, 2u);
  f.c().fake(2).outstanding = 4;
  EXPECT_EQ(f.route().target, 1u);
  f.c().fake(1).accepts = false;  // going away between refreshes
  EXPECT_EQ(f.route().target, 0u);
  EXPECT_EQ(f.p().stats().unmet, 0u);
}

TEST(InfaasSelection, OverloadedInstancesAreNeverChosen) {
  PolicyFixture f;
  f.build(table2_params({{"initial_workers", {{"cpu.w", 2}}},
                         {"preload", json::array({{{"variant", "A"}, {"device_type", "box.cpu"}, {"count", 3}}})}}),
          {single_model_app("a", 0, 300)});
  // Worker 1's A holds a backlog of 5 > 0.8 x 5 QPS: Overloaded at the monitor's look.
  f.c().fake(2).outstanding = 5;
  f.c().fake(0).outstanding = 6;  // worker 0's two replicas: 10 QPS of peak, 8 outstanding: Active
  f.c().fake(1).outstanding = 2;
  f.tick(2);
  const auto& store = f.p().store();
  EXPECT_EQ(store.instance(*store.find_instance(0, 1)).state, VariantState::kOverloaded);
  EXPECT_EQ(store.instance(*store.find_instance(0, 0)).state, VariantState::kActive);
  EXPECT_EQ(f.route().target, 1u);  // not replica 2, the least loaded of all
}

TEST(InfaasSelection, InactiveVariantWithLowestLoadPlusInferenceIsLoadedOnTheQueryPath) {
  PolicyFixture f;
  f.build(table2_params({{"initial_workers", {{"cpu.w", 1}, {"gpu.w", 1}, {"inf.w", 1}}}}),
          {single_model_app("a", 0, 300)});
  // Nothing loaded: B (0.7 s + 10 ms) beats C (0.7 s + 31.7 ms) and A (0.7 s + 200 ms).
  f.c().loads_are_instant = false;
  const RouteDecision d = f.route();
  ASSERT_EQ(d.kind, RouteDecision::Kind::kReplica);
  EXPECT_EQ(f.variant_of(d), "B");
  EXPECT_EQ(f.c().replicas[d.target].info.state, ReplicaState::kLoading);  // the query waits for the load
  EXPECT_EQ(f.c().loads.size(), 1u);
  EXPECT_EQ(f.c().loads[0].batcher.max_batch, 1u);
  // The next query finds B Active (loading): no second load.
  EXPECT_EQ(f.route().target, d.target);
  EXPECT_EQ(f.c().loads.size(), 1u);
  EXPECT_EQ(f.p().stats().route_loads, 1u);
}

TEST(InfaasSelection, AccuracyFloorAndSloFilterTheCandidates) {
  auto models = table2_models();
  PolicyFixture f;
  // B at 0.9 of the best accuracy; a floor of 0.95 leaves A and C.
  const_cast<ModelVariant&>(models->variant(1)).accuracy = 0.9;
  f.models = models;
  f.build(table2_params({{"initial_workers", {{"cpu.w", 1}, {"gpu.w", 1}, {"inf.w", 1}}}}),
          {single_model_app("a", 0, 300, 0.95), single_model_app("strict", 0, 40)});
  // 40 ms: A is out (200 ms; and the public code skips CPUs at <= 50 ms); C
  // serves batch 15 (18.1 ms <= 20 ms); B (10 ms) is the fastest to load+run.
  EXPECT_EQ(f.variant_of(f.route(1)), "B");
  // The floor excludes the Active B: C (0.7 s + 18.1 ms) beats A (0.7 s + 200 ms).
  EXPECT_EQ(f.variant_of(f.route(0)), "C");
  // Now C is Active and meets the strict application too: Active before Inactive,
  // smallest slack first (C's 18.1 ms vs B's 10 ms: C).
  EXPECT_EQ(f.variant_of(f.route(1)), "C");
  EXPECT_EQ(f.c().loads.size(), 2u);
  EXPECT_EQ(f.p().stats().unmet, 0u);
}

TEST(InfaasSelection, ActiveBeatsInactiveAndSmallestSlackFirst) {
  PolicyFixture f;
  f.build(table2_params({{"initial_workers", {{"cpu.w", 1}, {"gpu.w", 1}}},
                         {"preload", json::array({{{"variant", "C"}, {"device_type", "gpu"}},
                                                  {{"variant", "A"}, {"device_type", "box.cpu"}}})}}),
          {single_model_app("a", 0, 300)});
  // Both run: A (200 ms) has less slack than C (31.7 ms) under 300 ms.
  EXPECT_EQ(f.variant_of(f.route()), "A");
  f.c().fake(1).outstanding = 4;  // still A: at the overload bound (0.8 x 5 QPS x 1 s), not above
  f.c().fake(0).outstanding = 50;
  EXPECT_EQ(f.variant_of(f.route()), "A");
  f.c().fake(1).outstanding = 5;  // above it: skipped at once, before the monitor's next look
  EXPECT_EQ(f.variant_of(f.route()), "C");
  f.c().fake(1).outstanding = 0;
  f.c().fake(1).accepts = false;
  EXPECT_EQ(f.variant_of(f.route()), "C");
  EXPECT_EQ(f.c().loads.size(), 2u);  // no load: an Active variant was there
}

TEST(InfaasSelection, SuggestVariantRoutesToTheClosestOrRejects) {
  // 150 ms: A (200 ms) does not meet it, and only a CPU worker exists.
  for (const char* unmet : {"route", "reject"}) {
    PolicyFixture f;
    f.build(table2_params({{"initial_workers", {{"cpu.w", 1}}}, {"unmet", unmet}}), {single_model_app("a", 0, 150)});
    const RouteDecision d = f.route();
    EXPECT_EQ(f.p().stats().unmet, 1u);
    if (std::string(unmet) == "route") {
      ASSERT_EQ(d.kind, RouteDecision::Kind::kReplica);
      EXPECT_EQ(f.variant_of(d), "A");  // loaded: the closest there is
      EXPECT_EQ(f.route().target, d.target);
      EXPECT_EQ(f.c().loads.size(), 1u);
    } else {
      EXPECT_EQ(d.kind, RouteDecision::Kind::kReject);
      EXPECT_TRUE(f.c().loads.empty());
    }
  }
}

TEST(InfaasSelection, AllActiveOverloadedAndNoRoomSuggestsTheLeastLoadedAnyway) {
  PolicyFixture f;
  // No CPU worker type: the VM autoscaler cannot add room for A.
  f.build({{"worker_types", {{"gpu", "gpu.w"}}}, {"initial_workers", {{"cpu.w", 1}}},
           {"preload", json::array({{{"variant", "A"}, {"device_type", "box.cpu"}, {"count", 2}}})}},
          {single_model_app("a", 0, 300)});
  f.c().fake(0).outstanding = 20;
  f.c().fake(1).outstanding = 12;
  f.tick(2);  // both Overloaded (backlog); no room for another A, no other hardware
  const RouteDecision d = f.route();
  EXPECT_EQ(d.target, 1u);
  EXPECT_EQ(f.p().stats().unmet, 1u);
}

TEST(InfaasSelection, InactiveGoesToTheLowestUtilisationWorker) {
  PolicyFixture f;
  f.build(table2_params({{"initial_workers", {{"gpu.w", 3}}}}), {single_model_app("a", 0, 300)});
  auto& store = const_cast<MetadataStore&>(f.p().store());
  store.worker(0).utilisation = 0.5;
  store.worker(1).utilisation = 0.2;
  store.worker(2).utilisation = 0.3;
  const std::uint32_t c = f.profile_of("C");
  const auto slot = lowest_utilisation(f.c(), store, c);
  ASSERT_TRUE(slot);
  EXPECT_EQ(slot->worker, 1u);
  EXPECT_EQ(lowest_utilisation(f.c(), store, c, 1u)->worker, 2u);
  EXPECT_FALSE(lowest_utilisation(f.c(), store, f.profile_of("A")));  // no CPU worker
  // Best fit (bin packing) prefers the fullest device that still fits.
  f.c().devices[f.device_of_worker(2)].memory_free_mb = 1000;
  EXPECT_EQ(best_fit(f.c(), store, c)->worker, 2u);
  EXPECT_EQ(best_fit(f.c(), store, c, 0u)->worker, 0u);  // its own worker first
  f.c().devices[f.device_of_worker(2)].memory_free_mb = 100;  // C needs 195 MB
  EXPECT_EQ(best_fit(f.c(), store, c)->worker, 0u);
}

}  // namespace
}  // namespace servesim::infaas::test
