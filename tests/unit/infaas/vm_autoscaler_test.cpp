// The VM autoscaler's three triggers, its wait after a launch, and the
// scale-down after 15 low-utilisation checks, never below a type's initial
// count.
#include <gtest/gtest.h>

#include <vector>

#include "policies/infaas/vm_autoscaler.hpp"

namespace servesim::infaas {
namespace {

WorkerCheck worker(std::uint32_t id, DeviceKind kind, double utilisation, std::uint32_t type = 0) {
  WorkerCheck w;
  w.worker = id;
  w.type_key = type;
  w.kind = kind;
  w.utilisation = utilisation;
  w.hosts_variants = true;
  return w;
}

const std::vector<std::uint32_t> kNoMinimum;

TEST(InfaasVmAutoscaler, UtilisationAbove80PercentOnEveryWorkerAddsThatHardware) {
  VmAutoscaler vm{VmRules{}};
  std::vector<WorkerCheck> w{worker(0, DeviceKind::kGpu, 0.9), worker(1, DeviceKind::kGpu, 0.79),
                             worker(2, DeviceKind::kCpu, 0.5)};
  EXPECT_TRUE(vm.check(w, kNoMinimum).launch.empty());  // one GPU worker is below 80 %
  w[1].utilisation = 0.81;
  EXPECT_EQ(vm.check(w, kNoMinimum).launch, std::vector<DeviceKind>{DeviceKind::kGpu});
}

TEST(InfaasVmAutoscaler, InferentiaUsesThePublicCodes70Percent) {
  VmAutoscaler vm{VmRules{}};
  const std::vector<WorkerCheck> w{worker(0, DeviceKind::kInferentia, 0.75)};
  EXPECT_EQ(vm.check(w, kNoMinimum).launch, std::vector<DeviceKind>{DeviceKind::kInferentia});
}

TEST(InfaasVmAutoscaler, InterferedOnEveryWorkerOfAHardwareAddsOne) {
  VmAutoscaler vm{VmRules{}};
  std::vector<WorkerCheck> w{worker(0, DeviceKind::kGpu, 0.3), worker(1, DeviceKind::kGpu, 0.3),
                             worker(2, DeviceKind::kGpu, 0.0)};
  w[2].hosts_variants = false;  // an empty worker does not count
  w[0].interfered = true;
  EXPECT_TRUE(vm.check(w, kNoMinimum).launch.empty());
  w[1].interfered = true;
  EXPECT_EQ(vm.check(w, kNoMinimum).launch, std::vector<DeviceKind>{DeviceKind::kGpu});
}

TEST(InfaasVmAutoscaler, MoreThan80PercentOverloadedAddsTheMostOverloadedHardware) {
  VmAutoscaler vm{VmRules{}};
  std::vector<WorkerCheck> w;
  for (std::uint32_t i = 0; i < 5; ++i) w.push_back(worker(i, i < 3 ? DeviceKind::kCpu : DeviceKind::kGpu, 0.5));
  for (std::uint32_t i = 0; i < 4; ++i) w[i].overloaded = true;  // 4 of 5 = 80 %: not more
  EXPECT_TRUE(vm.check(w, kNoMinimum).launch.empty());
  w[4].overloaded = true;
  EXPECT_EQ(vm.check(w, kNoMinimum).launch, std::vector<DeviceKind>{DeviceKind::kCpu});  // 3 CPU vs 2 GPU
}

TEST(InfaasVmAutoscaler, WaitsFifteenChecksAndForABootingWorker) {
  VmAutoscaler vm{VmRules{}};
  std::vector<WorkerCheck> w{worker(0, DeviceKind::kCpu, 0.95)};
  EXPECT_EQ(vm.check(w, kNoMinimum).launch.size(), 1u);
  w.push_back(worker(1, DeviceKind::kCpu, 0));
  w[1].running = false;  // booting: blocks another CPU launch
  for (int k = 1; k < 15; ++k) EXPECT_TRUE(vm.check(w, kNoMinimum).launch.empty()) << k;
  w[1].running = true;
  w[1].utilisation = 0.95;
  EXPECT_EQ(vm.check(w, kNoMinimum).launch.size(), 1u);  // 15 checks after the first
  vm.note_launch(DeviceKind::kGpu);                      // the model autoscaler asked for one
  const std::vector<WorkerCheck> gpu{worker(2, DeviceKind::kGpu, 0.99)};
  EXPECT_TRUE(vm.check(gpu, kNoMinimum).launch.empty());
}

TEST(InfaasVmAutoscaler, LowUtilisationWorkersGoAfterFifteenChecksNewestFirstAboveTheMinimum) {
  VmAutoscaler vm{VmRules{}};
  // Serving, but at or below the CPU's 5 %: low.
  std::vector<WorkerCheck> w{worker(0, DeviceKind::kCpu, 0.05, 7), worker(1, DeviceKind::kCpu, 0.02, 7),
                             worker(2, DeviceKind::kCpu, 0, 7)};
  const std::vector<std::uint32_t> minimum{0, 0, 0, 0, 0, 0, 0, 1};  // type 7 started with one
  for (int k = 1; k < 15; ++k) EXPECT_TRUE(vm.check(w, minimum).stop.empty()) << k;
  EXPECT_EQ(vm.check(w, minimum).stop, (std::vector<std::uint32_t>{2, 1}));
  // A check above the threshold resets a worker's streak; the count, not the worker, is kept.
  VmAutoscaler vm2{VmRules{}};
  for (int k = 1; k < 15; ++k) vm2.check(w, minimum);
  w[2].utilisation = 0.06;
  EXPECT_EQ(vm2.check(w, minimum).stop, (std::vector<std::uint32_t>{1, 0}));
  w[0].utilisation = 0.5;
  w[2].utilisation = 0;
  VmAutoscaler vm3{VmRules{}};
  for (int k = 1; k < 15; ++k) vm3.check(w, minimum);
  EXPECT_EQ(vm3.check(w, minimum).stop, (std::vector<std::uint32_t>{2, 1}));
}

// The public code's thresholds by hardware: an accelerator worker is low at
// up to 8 % (GPU) or 25 % (Inferentia); one whose variants are loading is not
// judged, nor is a booting one.
TEST(InfaasVmAutoscaler, LowIsPerHardwareAndSkipsWorkersInTransition) {
  VmAutoscaler vm{VmRules{}};
  std::vector<WorkerCheck> w{worker(0, DeviceKind::kGpu, 0.09), worker(1, DeviceKind::kGpu, 0.08),
                             worker(2, DeviceKind::kInferentia, 0.25), worker(3, DeviceKind::kInferentia, 0.26),
                             worker(4, DeviceKind::kGpu, 0), worker(5, DeviceKind::kGpu, 0)};
  w[4].in_transition = true;
  w[5].running = false;
  for (int k = 1; k < 15; ++k) vm.check(w, kNoMinimum);
  EXPECT_EQ(vm.check(w, kNoMinimum).stop, (std::vector<std::uint32_t>{2, 1}));
}

// Workers come and go: the autoscaler keeps streaks for the last check's
// workers only, so one missing from a check starts again from zero.
TEST(InfaasVmAutoscaler, AWorkerMissingFromACheckIsForgotten) {
  VmAutoscaler vm{VmRules{}};
  std::vector<WorkerCheck> both{worker(0, DeviceKind::kCpu, 0.5, 7), worker(1, DeviceKind::kCpu, 0, 7)};
  for (int k = 1; k < 15; ++k) vm.check(both, kNoMinimum);
  vm.check(std::vector<WorkerCheck>{both[0]}, kNoMinimum);  // worker 1 left
  for (int k = 1; k < 15; ++k) EXPECT_TRUE(vm.check(both, kNoMinimum).stop.empty()) << k;
  EXPECT_EQ(vm.check(both, kNoMinimum).stop, (std::vector<std::uint32_t>{1}));
}

}  // namespace
}  // namespace servesim::infaas
