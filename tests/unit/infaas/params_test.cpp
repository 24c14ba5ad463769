// The policy's JSON parameters: defaults, overrides, and bad input as one
// InputError naming the JSON path.
#include <gtest/gtest.h>

#include "policies/infaas/infaas_params.hpp"
#include "sim/core/input_error.hpp"
#include "tests/unit/infaas/policy_fixture.hpp"

namespace servesim::infaas::test {
namespace {

using nlohmann::json;

TEST(InfaasParams, DefaultsAreThePapersAndThePublicCodes) {
  const SimulationConfig world = table2_config();
  const InfaasParams p = parse_params(table2_params(), world);
  EXPECT_DOUBLE_EQ(p.slack_threshold, 1.05);
  EXPECT_EQ(p.monitor_interval, from_seconds(2));
  EXPECT_EQ(p.model_autoscaler_interval, from_seconds(1));
  EXPECT_EQ(p.vm_autoscaler_interval, from_seconds(2));
  EXPECT_DOUBLE_EQ(p.states.cpu_overload_ratio, 2.5);
  EXPECT_DOUBLE_EQ(p.states.accelerator_overload_ratio, 1.5);
  EXPECT_DOUBLE_EQ(p.vm.utilisation_threshold, 0.8);
  EXPECT_EQ(p.vm.low_utilisation_checks, 15u);
  EXPECT_DOUBLE_EQ(p.vm.low_utilisation[0], 0.05);
  EXPECT_DOUBLE_EQ(p.vm.low_utilisation[2], 0.25);
  EXPECT_EQ(p.profiles.batch_cap, 32u);
  EXPECT_EQ(p.scale_down_delay, ScaleDownDelay::kPublicCode);
  ASSERT_EQ(p.initial_workers.size(), 1u);  // one worker of the CPU type
  EXPECT_EQ(world.hardware->instance_type(p.initial_workers[0].first).name, "cpu.w");
  EXPECT_FALSE(p.queue_aware);
}

TEST(InfaasParams, OverridesAreRead) {
  const SimulationConfig world = table2_config();
  const InfaasParams p = parse_params(table2_params({{"slack_threshold", 1.1},
                                              {"lambda_per_s", 0.5},
                                              {"initial_workers", {{"gpu.w", 2}}},
                                              {"scale_down_delay", "load_latency"},
                                              {"vm_low_utilisation_checks", 30},
                                              {"vm_low_utilisation", {{"gpu", 0.1}}},
                                              {"cost_per_gb_second", {{"gpu", 1.0}}},
                                              {"unmet", "reject"}}),
                               world);
  EXPECT_DOUBLE_EQ(p.slack_threshold, 1.1);
  EXPECT_DOUBLE_EQ(p.lambda_per_s, 0.5);
  EXPECT_EQ(p.initial_workers[0].second, 2u);
  EXPECT_EQ(p.scale_down_delay, ScaleDownDelay::kLoadLatency);
  EXPECT_EQ(p.vm.low_utilisation_checks, 30u);
  EXPECT_DOUBLE_EQ(p.vm.low_utilisation[1], 0.1);
  EXPECT_DOUBLE_EQ(p.vm.low_utilisation[0], 0.05);
  EXPECT_DOUBLE_EQ(p.profiles.cost_per_gb_second[1], 1.0);
  EXPECT_DOUBLE_EQ(p.profiles.cost_per_gb_second[0], 0.031);
  EXPECT_EQ(p.unmet, UnmetQueries::kReject);
}

TEST(InfaasParams, BadInputNamesThePath) {
  SimulationConfig world = table2_config();
  EXPECT_NE(params_error(table2_params({{"slak", 1}}), world).find("slak"), std::string::npos);
  EXPECT_NE(params_error(table2_params({{"slack_threshold", 0.9}}), world).find("policies[0].params.slack_threshold"),
            std::string::npos);
  EXPECT_NE(params_error({{"worker_types", {{"gpu", "cpu.w"}}}}, world).find("has no gpu device"), std::string::npos);
  EXPECT_NE(params_error({{"worker_types", {{"gpu", "p9"}}}}, world).find("unknown instance type"), std::string::npos);
  EXPECT_NE(params_error(table2_params({{"cpu_clear_ratio", 3}}), world).find("cpu_clear_ratio"), std::string::npos);
  EXPECT_NE(params_error(table2_params({{"unmet", "drop"}}), world).find("unmet"), std::string::npos);
  world.cloud.instances.push_back({0, Market::kOnDemand, 1});
  EXPECT_NE(params_error(table2_params({{"initial_workers", {{"cpu.w", 1}}}}), world).find("cluster.instances"),
            std::string::npos);
}

TEST(InfaasParams, TheSloShareIsInfaasInItsModesAndProteusInTheProteusBaseline) {
  const SimulationConfig world = table2_config();
  EXPECT_DOUBLE_EQ(parse_params(table2_params(), world).profiles.slo_latency_share, 1.0);
  EXPECT_DOUBLE_EQ(parse_params(table2_params({{"mode", "infaas-accuracy"}}), world).profiles.slo_latency_share, 0.5);
  EXPECT_DOUBLE_EQ(
      parse_params(table2_params({{"mode", "infaas-accuracy"}, {"slo_latency_share", 1}}), world).profiles.slo_latency_share,
      1.0);
  EXPECT_DOUBLE_EQ(parse_params(table2_params({{"slo_latency_share", 0.25}}), world).profiles.slo_latency_share, 0.25);
  for (const json& bad : {json(0), json(-0.5), json(1.5), json("half")}) {
    const std::string error = params_error(table2_params({{"slo_latency_share", bad}}), world);
    EXPECT_NE(error.find("policies[0].params.slo_latency_share"), std::string::npos) << bad;
    EXPECT_EQ(error.find('\n'), std::string::npos) << error;  // one line
  }
}

TEST(InfaasParams, TheCpuCutOffIsInfaasAndNotInTheProteusBaseline) {
  const SimulationConfig world = table2_config();
  EXPECT_EQ(parse_params(table2_params(), world).profiles.cpu_min_slo, from_millis(50));
  EXPECT_EQ(parse_params(table2_params({{"mode", "infaas-accuracy"}}), world).profiles.cpu_min_slo, from_millis(0));
  EXPECT_EQ(parse_params(table2_params({{"mode", "infaas-accuracy"}, {"cpu_min_slo_ms", 50}}), world).profiles.cpu_min_slo,
            from_millis(50));
}

TEST(InfaasParams, InitialLoadIsByApplicationOrOneNumberForAll) {
  SimulationConfig world = table2_config();
  world.applications.push_back(single_model_app("b", 0, 300));
  EXPECT_TRUE(parse_params(table2_params(), world).initial_load.empty());  // a cold start
  EXPECT_EQ(parse_params(table2_params({{"initial_load_qps", {{"a", 30}, {"b", 2.5}}}}), world).initial_load,
            (std::vector<double>{30, 2.5}));
  EXPECT_EQ(parse_params(table2_params({{"initial_load_qps", 7}}), world).initial_load, (std::vector<double>{7, 7}));
  EXPECT_NE(params_error(table2_params({{"initial_load_qps", {{"a", 30}}}}), world).find("policies[0].params.initial_load_qps"),
            std::string::npos);  // b missing
  EXPECT_NE(params_error(table2_params({{"initial_load_qps", {{"a", 1}, {"b", 1}, {"c", 1}}}}), world)
                .find("no application named \"c\""),
            std::string::npos);
  EXPECT_NE(params_error(table2_params({{"initial_load_qps", {{"a", -1}, {"b", 1}}}}), world)
                .find("policies[0].params.initial_load_qps.a"),
            std::string::npos);
  EXPECT_NE(params_error(table2_params({{"initial_load_qps", "many"}}), world).find("initial_load_qps"), std::string::npos);
}

TEST(InfaasParams, AFamilyWithNoWorkerHardwareIsAnError) {
  PolicyFixture f;
  // Only GPU workers, and an application whose family only runs on a CPU.
  const FamilyId cpu_only = f.models->add_family("cpu_only");
  f.models->add_variant(linear_variant("X", cpu_only, "box.cpu", 0, 10, 100));
  EXPECT_THROW(f.build({{"worker_types", {{"gpu", "gpu.w"}}}, {"initial_workers", {{"gpu.w", 1}}}},
                       {single_model_app("x", cpu_only, 300)}),
               InputError);
}

TEST(InfaasParams, QueueAwareSelectionSkipsAReplicaWhoseQueueMissesTheBudget) {
  for (const bool queue_aware : {false, true}) {
    PolicyFixture f;
    f.build(table2_params({{"initial_workers", {{"cpu.w", 1}, {"gpu.w", 1}}},
                           {"queue_aware", queue_aware},
                           {"preload", json::array({{{"variant", "A"}, {"device_type", "box.cpu"}},
                                                    {{"variant", "C"}, {"device_type", "gpu"}}})}}),
            {single_model_app("a", 0, 300)});
    // One query ahead on A (200 ms each): a second would finish at ~400 ms > 300 ms.
    f.c().fake(0).outstanding = 1;
    EXPECT_EQ(f.variant_of(f.route()), queue_aware ? "C" : "A");
  }
}

}  // namespace
}  // namespace servesim::infaas::test
