// InfaasPolicy::report: the policy's counters under summary.json's names, in
// a fixed order, each carrying what the policy did in a hand-driven run.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "tests/unit/infaas/policy_fixture.hpp"

namespace servesim::infaas::test::report_test {  // its own: unity builds join test files
namespace {

using nlohmann::json;
using Entries = PolicyCounters::Entries;

Entries reported(const InfaasPolicy& policy) {
  PolicyCounters out;
  policy.report(out);
  EXPECT_TRUE(out.wall_seconds().empty());  // every figure is deterministic
  return out.counters();
}

// The ten counters in report()'s order: those given, the others zero.
Entries counters(const std::map<std::string, double>& given) {
  Entries out;
  for (const char* name : {"upgrades", "downgrades", "replications", "replica_removals", "migrations", "workers_added",
                           "workers_removed", "workers_replaced", "route_loads", "queries_unmet"}) {
    out.emplace_back(name, given.contains(name) ? given.at(name) : 0.0);
  }
  for (const auto& [name, value] : given) {
    EXPECT_TRUE(std::any_of(out.begin(), out.end(), [&](const auto& e) { return e.first == name; })) << name;
  }
  return out;
}

json preload(const char* variant, const char* device, int count = 1) {
  return json::array({{{"variant", variant}, {"device_type", device}, {"count", count}}});
}

TEST(InfaasReport, ReplicationsAndTheWorkerTheyNeeded) {
  PolicyFixture f;
  // Only CPU hardware: 18 QPS needs 4 A; the worker holds 2, a new one the other 2.
  f.build({{"worker_types", {{"cpu", "cpu.w"}}}, {"initial_workers", {{"cpu.w", 1}}}, {"preload", preload("A", "box.cpu")}},
          {single_model_app("a", 0, 300)});
  f.load_then_tick(1, 18);
  EXPECT_EQ(reported(f.p()), counters({{"replications", 3}, {"workers_added", 1}}));
}

TEST(InfaasReport, UpgradeDowngradeRemovalAndRouteLoad) {
  PolicyFixture f;
  f.build(table2_params({{"initial_workers", {{"cpu.w", 1}, {"gpu.w", 1}}}, {"preload", preload("A", "box.cpu")}}),
          {single_model_app("a", 0, 300)});
  f.load_then_tick(1, 700);  // 700 QPS on one A: up to C
  f.tick(2);                 // C serves: A goes; no scale-down before 4 (two periods)
  f.load_then_tick(3, 4);
  for (int t = 4; t <= 24; ++t) f.load_then_tick(t, 4);  // 4 QPS: a downgrade is possible from 4, T_v (GPU 20) later back down to A
  f.tick(25);                // A serves: C goes; no scale-down before 27
  for (int t = 27; t <= 37; ++t) f.tick(t);  // idle: a removal is possible from 27, T_v (CPU 10) later A is unloaded
  ASSERT_EQ(f.c().unloads.size(), 3u);
  f.route();                 // the next query loads it again (Algorithm 1, Inactive)
  EXPECT_EQ(reported(f.p()),
            counters({{"upgrades", 1}, {"downgrades", 1}, {"replica_removals", 1}, {"route_loads", 1}}));
}

TEST(InfaasReport, QueriesNoVariantMeets) {
  PolicyFixture f;
  // 2 ms: even C alone takes 3.5 ms. Each query goes to the closest variant,
  // the first one loading it.
  f.build(table2_params({{"initial_workers", {{"gpu.w", 1}}}}), {single_model_app("a", 0, 2)});
  for (int k = 0; k < 3; ++k) EXPECT_EQ(f.route().kind, RouteDecision::Kind::kReplica);
  EXPECT_EQ(reported(f.p()), counters({{"route_loads", 1}, {"queries_unmet", 3}}));
}

}  // namespace
}  // namespace servesim::infaas::test::report_test
