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
  o.load_qps = 3;  // above half its peak: the latency rule counts
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
  o.load_qps = 300;  // above 0.3 of its peak, below the peak
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

// INFaaS public code, src/worker/query_executor.cc (qpsMonitor): on a GPU the
// latency multiple is 1.5x from 10 ms up and min(5, 15 ms / profiled) below
// ("Only change if the latency is small"); the check is never skipped.
TEST(InfaasVariantState, GpuLatencyRuleUnder10MsTriggersAt15Ms) {
  VariantObservation o = gpu_c();
  o.saturation_qps = 200;  // 5 ms per query
  o.profiled = from_millis(5);
  o.load_qps = 100;  // above 0.3 of the peak
  o.observed = from_millis(15);  // 3x = 15 ms / 5 ms: not above
  EXPECT_EQ(next_state(VariantState::kActive, o, kLimits), VariantState::kActive);
  o.observed = from_millis(16);
  EXPECT_EQ(next_state(VariantState::kActive, o, kLimits), VariantState::kOverloaded);
  o.co_located = true;
  EXPECT_EQ(next_state(VariantState::kActive, o, kLimits), VariantState::kInterfered);
  o.observed = from_millis(7);  // 1.4x: above the 1.25x clear ratio, stays
  EXPECT_EQ(next_state(VariantState::kInterfered, o, kLimits), VariantState::kInterfered);
  o.observed = from_millis(6);  // 1.2x: mitigated
  EXPECT_EQ(next_state(VariantState::kInterfered, o, kLimits), VariantState::kActive);
  o.profiled = from_millis(2);  // 15 / 2 = 7.5x, capped at 5x
  o.observed = from_millis(11);
  EXPECT_EQ(next_state(VariantState::kActive, o, kLimits), VariantState::kInterfered);
}

// Inferentia variants get qpsMonitor's defaults, as CPU ones: 2.5x to set,
// 1.5x to clear (only "GPU" and single-replica "CPU" have other heuristics).
TEST(InfaasVariantState, InferentiaUsesTheDefaultRatios) {
  VariantObservation o = gpu_c();
  o.kind = DeviceKind::kInferentia;
  o.saturation_qps = 134;
  o.profiled = from_millis(7.45);
  o.load_qps = 100;
  o.observed = from_millis(18);  // 2.4x: above the GPU's ratios, below 2.5x
  EXPECT_EQ(next_state(VariantState::kActive, o, kLimits), VariantState::kActive);
  o.observed = from_millis(19);  // 2.55x
  EXPECT_EQ(next_state(VariantState::kActive, o, kLimits), VariantState::kOverloaded);
  o.observed = from_millis(10.5);  // 1.41x: below 1.5x, mitigated
  EXPECT_EQ(next_state(VariantState::kOverloaded, o, kLimits), VariantState::kActive);
}

// qpsMonitor sets its flag on latency only while a replica serves more than
// 0.3 (GPU) or 0.5 (elsewhere) of its peak; the backlog rule needs no load.
TEST(InfaasVariantState, LatencyCountsOnlyAboveAShareOfThePeak) {
  VariantObservation o = gpu_c();  // 30 ms, 800 QPS
  o.observed = from_millis(100);
  o.load_qps = 240;  // 0.3 x 800: not above
  EXPECT_EQ(next_state(VariantState::kActive, o, kLimits), VariantState::kActive);
  o.load_qps = 241;
  EXPECT_EQ(next_state(VariantState::kActive, o, kLimits), VariantState::kOverloaded);
  VariantObservation c = cpu_a();  // 5 QPS
  c.observed = from_millis(600);
  c.load_qps = 2.5;  // 0.5 x 5
  EXPECT_EQ(next_state(VariantState::kActive, c, kLimits), VariantState::kActive);
  c.load_qps = 2.6;
  EXPECT_EQ(next_state(VariantState::kActive, c, kLimits), VariantState::kOverloaded);
  c.load_qps = 0;
  c.outstanding = 5;  // 0.8 x 5 = 4: the backlog rule
  EXPECT_EQ(next_state(VariantState::kActive, c, kLimits), VariantState::kOverloaded);
}

TEST(InfaasVariantState, NoObservedLatencyClearsOnLoadAlone) {
  VariantObservation o = cpu_a();
  o.load_qps = 1;
  EXPECT_EQ(next_state(VariantState::kOverloaded, o, kLimits), VariantState::kActive);
}

}  // namespace
}  // namespace servesim::infaas
