// "hardware_cost": "instance_share": the ILP's C of a replica from the world's
// own prices, which on Table 2's workers gives Table 2's costs.
#include <gtest/gtest.h>

#include "policies/infaas/replica_price.hpp"
#include "policies/infaas/scenario_profiles.hpp"
#include "tests/unit/infaas/policy_fixture.hpp"

namespace servesim::infaas::test {
namespace {

using nlohmann::json;

DeviceTypeId type_of(const SimulationConfig& world, const char* name) { return *world.hardware->find(name); }

double per_hour(const std::vector<double>& per_second, DeviceTypeId t) { return per_second.at(t) * 3600.0; }

// Table 2: A holds 4 CPUs (half an m5.2xlarge, $0.192/h), C a whole V100
// (a p3.2xlarge, $3.06/h): 1 : 16 as the table's. A replica on the
// Inferentia worker holds one of its four NeuronCores.
TEST(InfaasReplicaPrice, TableTwosWorkersGiveTheirShareOfTheInstance) {
  const SimulationConfig world = table2_config();
  const InfaasParams p = parse_params(table2_params(), world);
  const DeviceTypeId cpu = type_of(world, "box.cpu"), gpu = type_of(world, "gpu"), nc = type_of(world, "nc");
  const auto c = replica_cost_per_second(world, p, {cpu, gpu, nc});
  EXPECT_NEAR(per_hour(c, cpu), 0.192, 1e-12);
  EXPECT_NEAR(per_hour(c, gpu), 3.06, 1e-12);
  EXPECT_NEAR(per_hour(c, nc), 0.146, 1e-12);
  EXPECT_NEAR(per_hour(c, gpu) / per_hour(c, cpu), 16.0, 0.1);
}

TEST(InfaasReplicaPrice, CoresPerReplicaSetTheCpuShare) {
  const SimulationConfig world = table2_config();
  const DeviceTypeId cpu = type_of(world, "box.cpu");
  // Eight cores a replica: the whole m5.2xlarge.
  EXPECT_NEAR(per_hour(replica_cost_per_second(world, parse_params(table2_params({{"cpu_cores_per_replica", 8}}), world), {cpu}), cpu),
              0.384, 1e-12);
  // More cores than the instance has: still one replica, the whole instance.
  EXPECT_NEAR(per_hour(replica_cost_per_second(world, parse_params(table2_params({{"cpu_cores_per_replica", 16}}), world), {cpu}), cpu),
              0.384, 1e-12);
}

TEST(InfaasReplicaPrice, AFixedDeviceCostsItsOwnPriceAndAnOwnedOneNothing) {
  SimulationConfig world = table2_config();
  const DeviceTypeId gpu = type_of(world, "gpu");
  world.devices = {gpu};
  EXPECT_NEAR(per_hour(replica_cost_per_second(world, parse_params(json::object(), world), {gpu}), gpu), 3.06, 1e-12);
  auto owned = std::make_shared<HardwareCatalog>(*world.hardware);
  const DeviceTypeId free_gpu = owned->add(DeviceType{"owned-gpu", DeviceKind::kGpu, 16384, 0.0, std::nullopt});
  world.hardware = owned;
  world.devices = {free_gpu};
  EXPECT_EQ(replica_cost_per_second(world, parse_params(json::object(), world), {free_gpu}).at(free_gpu), 0.0);
}

// The profiles the Metadata Store holds: C by memory (section 6.2, the
// default) or by the share of the instance.
TEST(InfaasReplicaPrice, ProfilesTakeTheRuleTheParamsName) {
  const SimulationConfig world = table2_config();
  const auto cost_of = [&](const json& params, const char* variant) {
    const InfaasParams p = parse_params(params, world);
    for (const VariantProfile& v : build_profiles(world, p, stage_requirements(world))) {
      if (world.models->variant(v.variant).name == variant) return v.cost_per_second;
    }
    ADD_FAILURE() << "no profile of " << variant;
    return 0.0;
  };
  EXPECT_NEAR(cost_of(table2_params(), "A"), 0.196 * 0.031, 1e-12);
  EXPECT_NEAR(cost_of(table2_params({{"hardware_cost", "instance_share"}}), "A"), 0.192 / 3600, 1e-15);
  EXPECT_NEAR(cost_of(table2_params({{"hardware_cost", "instance_share"}}), "C"), 3.06 / 3600, 1e-15);
}

TEST(InfaasReplicaPrice, AnUnknownRuleIsRefusedByName) {
  const SimulationConfig world = table2_config();
  const std::string error = params_error(table2_params({{"hardware_cost", "dollars"}}), world);
  EXPECT_NE(error.find("policies[0].params.hardware_cost"), std::string::npos) << error;
}

}  // namespace
}  // namespace servesim::infaas::test
