// The parts between the MILP and the cluster, on hand-made options: device
// groups and the MILP's input, the plan on devices and its idle-device fill,
// routing weights, and Sommelier's heuristic.
#include <gtest/gtest.h>

#include <cmath>

#include "policies/proteus/device_groups.hpp"
#include "policies/proteus/device_plan.hpp"
#include "policies/proteus/routing_weights.hpp"
#include "policies/proteus/sommelier_heuristic.hpp"

namespace servesim::proteus {
namespace {

// An option of `app` with `qps` on each listed device type (0: not allowed).
VariantOption option(AppId app, VariantId variant, double accuracy, std::vector<double> qps) {
  VariantOption o{app, variant, accuracy, {}};
  for (double q : qps) {
    if (q > 0) {
      o.capacity.push_back(Capacity{4, from_millis(4000.0 / q), q});
    } else {
      o.capacity.emplace_back();
    }
  }
  return o;
}

DeviceTarget at(std::uint32_t option, double served = 0) { return DeviceTarget{option, served}; }

TEST(ProteusDeviceGroups, GroupByTypeOrByTypeAndPinnedApplication) {
  const std::vector<VariantOption> options = {option(0, 0, 1.0, {10, 20}), option(1, 1, 1.0, {30, 40})};
  const std::vector<DeviceTypeId> types = {1, 0, 1, 0, 1};
  const DeviceGroups by_type = group_devices(types, options);
  EXPECT_EQ(by_type.of_device, (std::vector<std::uint32_t>{0, 1, 0, 1, 0}));
  EXPECT_EQ(by_type.type, (std::vector<DeviceTypeId>{1, 0}));
  EXPECT_EQ(by_type.size, (std::vector<std::uint32_t>{3, 2}));
  const DeviceGroups pinned = group_devices(types, options, {AppId{0}, AppId{0}, AppId{1}, AppId{0}, AppId{0}});
  EXPECT_EQ(pinned.of_device, (std::vector<std::uint32_t>{0, 1, 2, 1, 0}));
  EXPECT_EQ(pinned.size, (std::vector<std::uint32_t>{2, 2, 1}));
  EXPECT_EQ(pinned.app[2], AppId{1});
}

// Types 0 and 2 have the same capacities for every option; type 1 does not.
std::vector<VariantOption> two_alike() {
  return {option(0, 0, 1.0, {10, 20, 10}), option(0, 1, 0.8, {30, 0, 30}), option(1, 2, 1.0, {5, 5, 5})};
}

TEST(ProteusDeviceGroups, TypesWithTheSameCapacitiesAreOneGroup) {
  const DeviceGroups g = group_devices({0, 1, 2, 1, 2}, two_alike());
  EXPECT_EQ(g.of_device, (std::vector<std::uint32_t>{0, 1, 0, 1, 0}));
  EXPECT_EQ(g.type, (std::vector<DeviceTypeId>{0, 1}));  // the first device's type stands for the group
  EXPECT_EQ(g.size, (std::vector<std::uint32_t>{3, 2}));
  // One MILP type of 3 devices, with type 0's (= type 2's) capacities.
  const MilpProblem p = milp_problem(g, two_alike(), {5, 6});
  EXPECT_EQ(p.devices_per_type, (std::vector<std::uint32_t>{3, 2}));
  EXPECT_EQ(p.capacity_qps, (std::vector<std::vector<double>>{{10, 30, 5}, {20, 0, 5}}));
}

TEST(ProteusDeviceGroups, AnyDifferenceInACapacityKeepsTypesApart) {
  // The same rate at another batch (B* differs, so the batcher would).
  std::vector<VariantOption> options = two_alike();
  options[0].capacity[2] = Capacity{8, from_millis(800.0), 10};
  EXPECT_EQ(group_devices({0, 2}, options).size, (std::vector<std::uint32_t>{1, 1}));
  // An option allowed on one of them only.
  options = two_alike();
  options[1].capacity[2].reset();
  EXPECT_EQ(group_devices({0, 2}, options).size, (std::vector<std::uint32_t>{1, 1}));
  // A rate one ulp apart.
  options = two_alike();
  options[2].capacity[2]->qps = std::nextafter(5.0, 6.0);
  EXPECT_EQ(group_devices({0, 2}, options).size, (std::vector<std::uint32_t>{1, 1}));
}

TEST(ProteusDeviceGroups, PinnedGroupsMergeAlikeTypesWithinOneApplication) {
  const DeviceGroups g = group_devices({0, 2, 0, 2, 1}, two_alike(), {AppId{0}, AppId{0}, AppId{1}, AppId{0}, AppId{0}});
  EXPECT_EQ(g.of_device, (std::vector<std::uint32_t>{0, 0, 1, 0, 2}));
  EXPECT_EQ(g.size, (std::vector<std::uint32_t>{3, 1, 1}));
  EXPECT_EQ(g.app, (std::vector<std::optional<AppId>>{AppId{0}, AppId{1}, AppId{0}}));
}

TEST(ProteusDeviceGroups, PinnedGroupsAllowOnlyTheirApplicationsVariants) {
  const std::vector<VariantOption> options = {option(0, 0, 1.0, {10, 20}), option(1, 1, 1.0, {30, 40})};
  const DeviceGroups g = group_devices({0, 1, 1}, options, {AppId{0}, AppId{0}, AppId{1}});
  const MilpProblem p = milp_problem(g, options, {5, 6});
  EXPECT_EQ(p.devices_per_type, (std::vector<std::uint32_t>{1, 1, 1}));
  EXPECT_EQ(p.variant_query_type, (std::vector<std::uint32_t>{0, 1}));
  EXPECT_EQ(p.capacity_qps, (std::vector<std::vector<double>>{{10, 0}, {20, 0}, {0, 40}}));
  EXPECT_EQ(p.demand_qps, (std::vector<double>{5, 6}));
  const MilpProblem free = milp_problem(group_devices({0, 1, 1}, options), options, {5, 6});
  EXPECT_EQ(free.capacity_qps, (std::vector<std::vector<double>>{{10, 30}, {20, 40}}));
}

TEST(ProteusDevicePlan, IdleDevicesGetTheMostAccurateVariantThatFits) {
  // app 0: o0 (1.0, type 0 only), o1 (0.8); app 1: o2 (1.0, type 1 only), o3 (0.9).
  const std::vector<VariantOption> options = {option(0, 0, 1.0, {10, 0}), option(0, 1, 0.8, {20, 20}),
                                              option(1, 2, 1.0, {0, 10}), option(1, 3, 0.9, {20, 20})};
  const std::vector<DeviceTypeId> types = {0, 1, 1, 0, 1};
  const DeviceGroups groups =
      group_devices(types, options, {std::nullopt, std::nullopt, std::nullopt, std::nullopt, AppId{0}});
  DevicePlan plan;
  plan.devices = {at(1, 0), DeviceTarget{}, DeviceTarget{}, at(1, 20), DeviceTarget{}};
  const std::vector<std::optional<std::uint32_t>> current = {std::nullopt, 3u, std::nullopt, 1u, std::nullopt};
  fill_idle_devices(plan, options, groups, current, {5, 50});
  EXPECT_EQ(plan.devices[0].option, 0u);  // its planned application's best on type 0
  EXPECT_EQ(plan.devices[1].option, 2u);  // the application it hosts now
  EXPECT_EQ(plan.devices[2].option, 2u);  // the busiest application
  EXPECT_EQ(plan.devices[3].option, 1u);  // has load: kept
  EXPECT_DOUBLE_EQ(plan.devices[3].served_qps, 20);
  EXPECT_EQ(plan.devices[4].option, 1u);  // its pinned application's best on type 1
  for (std::size_t d : {0u, 1u, 2u, 4u}) EXPECT_DOUBLE_EQ(plan.devices[d].served_qps, 0);
}

TEST(ProteusDevicePlan, CountsSplitEvenlyOverTheirDevices) {
  const DeviceGroups groups = group_devices({0, 0, 0}, {});
  MilpPlan milp;
  milp.hosts = {{2, 1}};
  milp.served_qps = {{30, 5}};
  milp.demand_qps = {35};
  const DevicePlan plan = plan_on_devices(milp, groups, {std::nullopt, std::nullopt, 1u});
  EXPECT_EQ(plan.devices[2].option, 1u);  // kept what it hosts
  EXPECT_DOUBLE_EQ(plan.devices[2].served_qps, 5);
  for (std::size_t d : {0u, 1u}) {
    EXPECT_EQ(plan.devices[d].option, 0u);
    EXPECT_DOUBLE_EQ(plan.devices[d].served_qps, 15);
  }
}

TEST(ProteusDevicePlan, ARoutedVariantsRateIsSharedWithFilledDevicesHostingIt) {
  // Group 0 (devices 0-2): the MILP hosts m0 on one device with 30/s; device
  // 1 is filled with m0 too, device 2 with m1 (no rate). Group 1: m1, 8/s.
  const DeviceGroups groups = group_devices({0, 0, 0, 1}, {option(0, 0, 1.0, {30, 0}), option(0, 1, 0.8, {10, 8})});
  MilpPlan milp;
  milp.hosts = {{1, 0}, {0, 1}};
  milp.served_qps = {{30, 0}, {0, 8}};
  DevicePlan plan;
  plan.devices = {at(0, 30), at(0, 0), at(1, 0), at(1, 8)};
  share_by_variant(plan, milp, groups);
  EXPECT_DOUBLE_EQ(plan.devices[0].served_qps, 15);
  EXPECT_DOUBLE_EQ(plan.devices[1].served_qps, 15);
  EXPECT_DOUBLE_EQ(plan.devices[2].served_qps, 0);  // m1's rate is group 1's
  EXPECT_DOUBLE_EQ(plan.devices[3].served_qps, 8);
}

class ProteusRouting : public ::testing::Test {
 protected:
  // o0: app 0; o1: app 1; o2: app 0's other variant.
  const std::vector<VariantOption> options = {option(0, 0, 1.0, {40}), option(1, 1, 1.0, {40}),
                                              option(0, 2, 0.8, {80})};
  const std::vector<DeviceTypeId> types = {0, 0, 0, 0};
  DevicePlan plan{{at(0, 30), at(0, 0), at(1, 10), at(0, 60)}, {}, 1};
  // Device 3 is still loading, with nothing serving in its place.
  std::vector<Serving> serving = {Serving{0, 7, 0}, Serving{1, 8, 0}, Serving{2, 9, 1}};

  std::vector<std::pair<ReplicaId, double>> weights(AppId app, RoutingRule rule) const {
    std::vector<std::pair<ReplicaId, double>> out;
    for (const auto& w : routing_weights(app, rule, plan, options, types, serving)) out.emplace_back(w.replica, w.weight);
    return out;
  }
};

using W = std::vector<std::pair<ReplicaId, double>>;

TEST_F(ProteusRouting, PlanSharesUniformAndCapacity) {
  EXPECT_EQ(weights(0, RoutingRule::kPlanShares), (W{{7, 30}}));
  EXPECT_EQ(weights(1, RoutingRule::kPlanShares), (W{{9, 10}}));
  EXPECT_EQ(weights(0, RoutingRule::kUniform), (W{{7, 1}, {8, 1}}));
  EXPECT_EQ(weights(0, RoutingRule::kCapacity), (W{{7, 40}, {8, 40}}));
}

TEST_F(ProteusRouting, WithoutAServingShareThePlanFallsBackToCapacity) {
  serving.erase(serving.begin());
  EXPECT_EQ(weights(0, RoutingRule::kPlanShares), (W{{8, 40}}));
}

TEST_F(ProteusRouting, AReplacedReplicaServesItsDevicesShareWhileTheNewOneLoads) {
  serving.push_back(Serving{3, 10, 2});  // app 0's other variant, until o0 is in
  EXPECT_EQ(weights(0, RoutingRule::kPlanShares), (W{{7, 30}, {10, 60}}));
  EXPECT_EQ(weights(0, RoutingRule::kCapacity), (W{{7, 40}, {8, 40}, {10, 80}}));
  serving.back() = Serving{3, 10, 1};  // another application's: it gets none of app 0's share, nor app 1's
  EXPECT_EQ(weights(0, RoutingRule::kPlanShares), (W{{7, 30}}));
  EXPECT_EQ(weights(1, RoutingRule::kPlanShares), (W{{9, 10}}));
  EXPECT_EQ(weights(1, RoutingRule::kUniform), (W{{9, 1}, {10, 1}}));
}

// app 0 on type 0: A (1.0, 100/s), B (0.9, 200/s), C (0.8, 150/s: beaten by
// B), D (0.7, 400/s); app 1: E. Devices 0 and 1 serve app 0, device 2 app 1.
class ProteusSommelier : public ::testing::Test {
 protected:
  const std::vector<VariantOption> options = {option(0, 0, 1.0, {100}), option(0, 1, 0.9, {200}),
                                              option(0, 2, 0.8, {150}), option(0, 3, 0.7, {400}),
                                              option(1, 4, 1.0, {50})};
  const std::vector<DeviceTypeId> types = {0, 0, 0};

  DevicePlan step(std::vector<std::uint32_t> hosted, double estimate) const {
    DevicePlan current;
    for (std::uint32_t o : hosted) current.devices.push_back(at(o, 0));
    return sommelier_step(current, options, types, {estimate, 10}, 1.5);
  }
  static std::vector<std::uint32_t> hosted(const DevicePlan& plan) {
    std::vector<std::uint32_t> out;
    for (const auto& d : plan.devices) out.push_back(*d.option);
    return out;
  }
};

TEST_F(ProteusSommelier, FrontierDropsDominatedVariants) {
  EXPECT_EQ(accuracy_frontier(options, 0, 0), (std::vector<std::uint32_t>{0, 1, 3}));
}

TEST_F(ProteusSommelier, StepsDownTheMostAccurateDeviceUntilCapacityCoversTheHeadroom) {
  // 1.5 x 150 = 225 > 200: one device steps down to B (300).
  const DevicePlan one = step({0, 0, 4}, 150);
  EXPECT_EQ(hosted(one), (std::vector<std::uint32_t>{1, 0, 4}));
  EXPECT_DOUBLE_EQ(one.devices[0].served_qps, 100);  // 150 x 200 / 300
  EXPECT_DOUBLE_EQ(one.devices[1].served_qps, 50);
  // 450: B, B (400), then the first again to D (600).
  EXPECT_EQ(hosted(step({0, 0, 4}, 300)), (std::vector<std::uint32_t>{3, 1, 4}));
}

TEST_F(ProteusSommelier, StepsUpTheLeastAccurateDeviceWhileCapacityStaysCovered) {
  EXPECT_EQ(hosted(step({3, 1, 4}, 50)), (std::vector<std::uint32_t>{0, 0, 4}));
  // 210: A + B = 300 is enough, A + A = 200 is not.
  EXPECT_EQ(hosted(step({1, 1, 4}, 140)), (std::vector<std::uint32_t>{0, 1, 4}));
}

TEST_F(ProteusSommelier, NeverChangesADevicesApplication) {
  for (double estimate : {0.0, 100.0, 1000.0, 1e6}) {
    const DevicePlan plan = step({0, 3, 4}, estimate);
    for (std::size_t d = 0; d < 3; ++d) EXPECT_EQ(options[*plan.devices[d].option].app, d < 2 ? 0u : 1u);
  }
  // Overloaded beyond every variant: all at the fastest, nothing else.
  EXPECT_EQ(hosted(step({0, 0, 4}, 1e6)), (std::vector<std::uint32_t>{3, 3, 4}));
}

}  // namespace
}  // namespace servesim::proteus
