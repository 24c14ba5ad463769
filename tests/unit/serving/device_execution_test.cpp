// The books behind the device-capacity invariant, broken on purpose: a run
// whose engine let a device run more than it can must fail its end-of-run
// check (docs/invariants.md, I2).
#include "sim/serving/device_execution.hpp"

#include <gtest/gtest.h>

#include "sim/core/input_error.hpp"

namespace servesim {
namespace {

TEST(DeviceExecution, ABatchCannotStartWithEverySlotTaken) {
  DeviceExecution gpu(ExecutionLimits{}, SimTime::zero());
  gpu.begin(SimTime::zero());
  EXPECT_FALSE(gpu.has_free_slot());
  EXPECT_THROW(gpu.begin(SimTime::zero()), InvariantError);
}

TEST(DeviceExecution, BooksBalanceForBatchesBackToBack) {
  DeviceExecution gpu(ExecutionLimits{}, SimTime::zero());
  for (int k = 0; k < 10; ++k) {
    gpu.begin(at_seconds(k));
    gpu.end(at_seconds(k + 1), at_seconds(k), from_seconds(1), true);
  }
  EXPECT_FALSE(gpu.capacity_problem(at_seconds(10)));
  EXPECT_DOUBLE_EQ(gpu.busy_level(), 0);
}

// A device whose instance stopped at 5 s while its batch ran on to 10 s: the
// engine must have ended the batch with the instance; if not, the books show it.
TEST(DeviceExecution, MoreBatchTimeThanTheLifetimeIsCaught) {
  DeviceExecution gpu(ExecutionLimits{}, SimTime::zero());
  gpu.begin(SimTime::zero());
  gpu.retire(at_seconds(5));
  gpu.end(at_seconds(10), SimTime::zero(), from_seconds(10), true);
  const auto problem = gpu.capacity_problem(at_seconds(10));
  ASSERT_TRUE(problem);
  EXPECT_NE(problem->find("ran 10"), std::string::npos) << *problem;
}

// A running batch counts for its elapsed time: two slots' worth in one slot.
TEST(DeviceExecution, RunningBatchesCountUpToNow) {
  DeviceExecution cpu(ExecutionLimits{2, 2, false}, SimTime::zero());
  cpu.begin(SimTime::zero());
  cpu.begin(SimTime::zero());
  EXPECT_FALSE(cpu.capacity_problem(at_seconds(3)));
  EXPECT_DOUBLE_EQ(cpu.busy_level(), 1.0);
  cpu.end(at_seconds(4), SimTime::zero(), from_seconds(4), true);
  cpu.end(at_seconds(4), SimTime::zero(), from_seconds(4), true);
  cpu.begin(at_seconds(1));  // an engine that lost track and ran a third batch over [1, 4] s
  EXPECT_TRUE(cpu.capacity_problem(at_seconds(4)));
}

// Causality (I3): no batch before its device is ready or after it is gone,
// none that ends before it started.
TEST(DeviceExecution, NoBatchBeforeTheDeviceIsReadyOrAfterItIsGone) {
  DeviceExecution booting(ExecutionLimits{}, SimTime::zero(), /*ready=*/false);
  EXPECT_THROW(booting.begin(at_seconds(1)), InvariantError);
  booting.become_ready();
  booting.begin(at_seconds(90));
  EXPECT_THROW(booting.end(at_seconds(89), at_seconds(90), from_seconds(1), true), InvariantError);
  DeviceExecution gone(ExecutionLimits{}, SimTime::zero());
  gone.retire(at_seconds(5));
  EXPECT_THROW(gone.begin(at_seconds(6)), InvariantError);
  DeviceExecution later(ExecutionLimits{}, at_seconds(2));
  EXPECT_THROW(later.begin(at_seconds(1)), InvariantError);
}

// Shared speed: alone a batch runs at full speed; two share min(2, gain).
TEST(DeviceExecution, SharedSpeedNeverExceedsTheGain) {
  DeviceExecution gpu(ExecutionLimits{2, 1.5, true}, SimTime::zero());
  gpu.begin(SimTime::zero());
  gpu.add_shared(SharedBatch{0, 0, 30e6, 30e6});
  auto next = gpu.next_shared_completion(SimTime::zero());
  ASSERT_TRUE(next);
  EXPECT_EQ(next->second, at_seconds(0.030));  // alone: 30 ms
  gpu.progress(at_seconds(0.010));              // 20 ms of work left
  gpu.begin(at_seconds(0.010));
  gpu.add_shared(SharedBatch{1, 0, 30e6, 30e6});
  next = gpu.next_shared_completion(at_seconds(0.010));
  ASSERT_TRUE(next);
  EXPECT_EQ(next->first.replica, 0u);
  EXPECT_EQ(next->second, at_seconds(0.010 + 0.020 / 0.75));  // each at 0.75 of full speed
  EXPECT_DOUBLE_EQ(gpu.busy_level(), 1.0);
  EXPECT_THROW(DeviceExecution(ExecutionLimits{2, 2.5, true}, SimTime::zero()), InvariantError);
}

}  // namespace
}  // namespace servesim
