// Figure 4's state machine from given monitor numbers.
#include <gtest/gtest.h>

#include "policies/infaas/variant_state.hpp"

namespace servesim::infaas {
namespace {

VariantObservation cpu_a() {  // Table 2's A: 200 ms, 5 QPS, one replica
  VariantObservation o;
  o.kind = DeviceKind::kCpu;
  o.replicas = 1;
  o.active_replicas = 1;
  o.saturation_qps = 5;
  o.profiled = from_millis(200);
  return o;
}

VariantObservation gpu_c() {  // a V100 variant at 30 ms, 800 QPS
  VariantObservation o;
  o.kind = DeviceKind::kGpu;
  o.replicas = 1;
  o.active_replicas = 1;
  o.saturation_qps = 800;
  o.profiled = from_millis(30);
  return o;
}

const StateThresholds kLimits;

TEST(InfaasVariantState, NoReplicaIsInactiveAndLoadingIsActive) {
  VariantObservation o = cpu_a();
  o.replicas = 0;
  o.active_replicas = 0;
  EXPECT_EQ(next_state(VariantState::kActive, o, kLimits), VariantState::kInactive);
  o.replicas = 1;
  EXPECT_EQ(next_state(VariantState::kInactive, o, kLimits), VariantState::kActive);
}

TEST(InfaasVariantState, AtPeakQpsIsOverloaded) {
  VariantObservation o = cpu_a();
  o.load_qps = 4.9;
  o.observed = from_millis(250);
  EXPECT_EQ(next_state(VariantState::kActive, o, kLimits), VariantState::kActive);
  o.load_qps = 5.0;  // Figure 4: QPS >= peak
  EXPECT_EQ(next_state(VariantState::kActive, o, kLimits), VariantState::kOverloaded);
  o.replicas = o.active_replicas = 2;  // the peak doubles
  EXPECT_EQ(next_state(VariantState::kActive, o, kLimits), VariantState::kActive);
}

TEST(InfaasVariantState, BacklogAboveEightTenthsOfASecondIsOverloaded) {
  VariantObservation o = gpu_c();
  o.load_qps = 100;
  o.outstanding = 640;  // 0.8 x 800
  EXPECT_EQ(next_state(VariantState::kActive, o, kLimits), VariantState::kActive);
  o.outstanding = 641;
  EXPECT_EQ(next_state(VariantState::kActive, o, kLimits), VariantState::kOverloaded);
}

TEST(InfaasVariantState, CpuLatencyRatiosTriggerAt2_5xAndClearBelow1_5x) {
  VariantObservation o = cpu_a();
  o.load_qps = 2;
  o.observed = from_millis(500);  // exactly 2.5x: not above
  EXPECT_EQ(next_state(VariantState::kActive, o, kLimits), VariantState::kActive);
  o.observed = from_millis(501);
  EXPECT_EQ(next_state(VariantState::kActive, o, kLimits), VariantState::kOverloaded);  // alone on its device
  o.observed = from_millis(400);  // 2x: between clear and trigger, stays
  EXPECT_EQ(next_state(VariantState::kOverloaded, o, kLimits), VariantState::kOverloaded);
  EXPECT_EQ(next_state(VariantState::kActive, o, kLimits), VariantState::kActive);
  o.observed = from_millis(299);  // below 1.5x: mitigated
  EXPECT_EQ(next_state(VariantState::kOverloaded, o, kLimits), VariantState::kActive);
}

TEST(InfaasVariantState, ContentionBelowPeakWithACoRunnerIsInterfered) {
  VariantObservation o = gpu_c();
  o.load_qps = 200;
  o.co_located = true;
  o.observed = from_millis(46);  // > 1.5 x 30
  EXPECT_EQ(next_state(VariantState::kActive, o, kLimits), VariantState::kInterfered);
  o.observed = from_millis(40);  // 1.33x: between 1.25 and 1.5, stays
  EXPECT_EQ(next_state(VariantState::kInterfered, o, kLimits), VariantState::kInterfered);
  o.observed = from_millis(37);  // 1.23x: mitigated
  EXPECT_EQ(next_state(VariantState::kInterfered, o, kLimits), VariantState::kActive);
  o.observed = from_millis(46);
  o.load_qps = 800;  // at its peak it is overloaded, whatever shares the device
  EXPECT_EQ(next_state(VariantState::kActive, o, kLimits), VariantState::kOverloaded);
}

TEST(InfaasVariantState, GpuLatencyRuleIgnoresProfilesUnder10Ms) {
  VariantObservation o = gpu_c();
  o.profiled = from_millis(5);
  o.observed = from_millis(50);  // 10x, but the public code only checks >= 10 ms
  o.co_located = true;
  o.load_qps = 10;
  EXPECT_EQ(next_state(VariantState::kActive, o, kLimits), VariantState::kActive);
  o.kind = DeviceKind::kCpu;  // the CPU rule has no floor
  EXPECT_EQ(next_state(VariantState::kActive, o, kLimits), VariantState::kInterfered);
}

TEST(InfaasVariantState, NoObservedLatencyClearsOnLoadAlone) {
  VariantObservation o = cpu_a();
  o.load_qps = 1;
  EXPECT_EQ(next_state(VariantState::kOverloaded, o, kLimits), VariantState::kActive);
}

}  // namespace
}  // namespace servesim::infaas
