// The 10-s scalers (upscaling.hpp, downscaling.hpp) and their switches:
// replicate_least_accurate, latency_as_throughput, stale_downscale_batch,
// downscale_return_discards, downscale_moves_cpu_predictors.
#include <gtest/gtest.h>

#include "policies/infaas_v2/downscaling.hpp"
#include "policies/infaas_v2/upscaling.hpp"
#include "tests/unit/infaas_v2/family_fixture.hpp"

namespace servesim::infaas_v2::test {
namespace {

FamilyLoad load_of(const std::vector<std::uint64_t>& queued, double incoming, Available available) {
  FamilyLoad load;
  load.queued = queued;
  load.incoming = incoming;
  load.available = available;
  return load;
}

TEST(InfaasV2Upscaling, NothingWhileCapacityCoversTheLastSecond) {
  Fixture f;
  std::vector<Predictor> ps = {f.predictor(f.mid, kCpu)};  // 4 x 1000 / 45 = 88.9 q/s; x 0.95 -> 84
  const std::vector<std::uint64_t> q = {0};
  EXPECT_TRUE(upscale(ps, f.profile_at(), load_of(q, 84, {2, 2, 2, 2}), f.params).add.empty());
  EXPECT_EQ(upscale(ps, f.profile_at(), load_of(q, 85, {0, 3, 0, 0}), f.params).action,
            ScalingPlan::Action::kUpgrade);
}

// The most accurate variant costs 0, so an upgrade to it always wins over
// replicating a less accurate predictor; with latency_as_throughput the
// instances needed are load / (latency_ms x 0.95): 100 / 9.5 -> 11 (3 free);
// read as a throughput (100 q/s at 10 ms): 100 / 95 -> 2.
TEST(InfaasV2Upscaling, LatencyAsThroughputSwitch) {
  Fixture f;
  const std::vector<std::uint64_t> q = {0};
  std::vector<Predictor> ps = {f.predictor(f.mid, kCpu)};
  ScalingPlan plan = upscale(ps, f.profile_at(), load_of(q, 100, {0, 3, 0, 0}), f.params);
  ASSERT_EQ(plan.action, ScalingPlan::Action::kUpgrade);
  ASSERT_EQ(plan.add.size(), 3u);
  EXPECT_EQ(plan.add[0], std::make_pair(kGpu, f.best));
  Params paper = f.params;
  paper.latency_as_throughput = false;
  ps = {f.predictor(f.mid, kCpu)};
  plan = upscale(ps, f.profile_at(), load_of(q, 100, {0, 3, 0, 0}), paper);
  EXPECT_EQ(plan.add.size(), 2u);
}

// Replication wins only where its cost is NaN (0 x infinity: the best variant
// with no batch that meets half the SLO); it then fills the kind's free
// devices with the family's least accurate variant (switch on) or copies.
TEST(InfaasV2Upscaling, ReplicateLeastAccurateSwitch) {
  Fixture f;
  const std::vector<std::uint64_t> q = {0};
  std::vector<Predictor> ps = {f.predictor(f.best, kCpu)};  // largest 0 on cpu
  ScalingPlan plan = upscale(ps, f.profile_at(), load_of(q, 10, {2, 0, 0, 0}), f.params);
  ASSERT_EQ(plan.action, ScalingPlan::Action::kReplicate);
  ASSERT_EQ(plan.add.size(), 2u);
  EXPECT_EQ(plan.add[1], std::make_pair(kCpu, f.low));
  Params paper = f.params;
  paper.replicate_least_accurate = false;
  plan = upscale(ps, f.profile_at(), load_of(q, 10, {2, 0, 0, 0}), paper);
  ASSERT_EQ(plan.add.size(), 2u);
  EXPECT_EQ(plan.add[0], std::make_pair(kCpu, f.best));
}

TEST(InfaasV2Upscaling, RaisesBatchesToTheLargestFirst) {
  Fixture f;
  std::vector<Predictor> ps = {f.predictor(f.low, kGpu)};
  ps[0].batch = 1;
  upscale(ps, f.profile_at(), load_of({0}, 10'000, {0, 0, 0, 0}), f.params);
  EXPECT_EQ(ps[0].batch, 8u);
}

TEST(InfaasV2Downscaling, RemovesWhileTheRestCoverTheQueue) {
  Fixture f;
  std::vector<Predictor> ps = {f.predictor(f.low, kGpu), f.predictor(f.low, kGpu)};
  const ScalingPlan plan = downscale(ps, f.profile_at(), load_of({1, 1}, 0, {0, 0, 0, 0}), f.params);
  EXPECT_EQ(plan.remove, (std::vector<std::size_t>{0}));  // the second alone covers 2 queued
}

TEST(InfaasV2Downscaling, LowersTheBatchOfALeastAccuratePredictor) {
  Fixture f;
  std::vector<Predictor> ps = {f.predictor(f.low, kGpu)};
  const ScalingPlan plan = downscale(ps, f.profile_at(), load_of({5}, 0, {0, 0, 0, 0}), f.params);
  EXPECT_TRUE(plan.remove.empty());
  EXPECT_EQ(ps[0].batch, 1u);  // 1 x 1000 / 6 ms (read at batch 8) x 0.95 > 5 queued
}

// mid (batch 4, 45 ms) then low (batch 8, 45 ms) on cpu: 266.7 q/s. The
// artifact reads mid's latency at batch 8 (left by low in the first loop):
// 90 ms, a rate of 44.4, so with 190 queued removing it leaves 211 > 190;
// read at its own batch (88.9) it leaves 168.9: it is swapped for low instead.
TEST(InfaasV2Downscaling, StaleBatchSwitch) {
  Fixture f;
  const std::vector<std::uint64_t> q = {95, 95};
  std::vector<Predictor> ps = {f.predictor(f.mid, kCpu), f.predictor(f.low, kCpu)};
  ScalingPlan plan = downscale(ps, f.profile_at(), load_of(q, 0, {0, 0, 0, 0}), f.params);
  EXPECT_EQ(plan.remove, (std::vector<std::size_t>{0}));
  EXPECT_TRUE(plan.add.empty());
  Params paper = f.params;
  paper.stale_downscale_batch = false;
  ps = {f.predictor(f.mid, kCpu), f.predictor(f.low, kCpu)};
  plan = downscale(ps, f.profile_at(), load_of(q, 0, {0, 0, 0, 0}), paper);
  EXPECT_EQ(plan.remove, (std::vector<std::size_t>{0}));
  EXPECT_EQ(plan.add, (std::vector<std::pair<std::size_t, VariantId>>{{kCpu, f.low}}));
}

// The swap planned for mid is dropped when low, next, finds the family needs
// no shrinking (400 x 0.95 x 0.4 <= 1000 arrivals).
TEST(InfaasV2Downscaling, ReturnDiscardsSwitch) {
  Fixture f;
  const std::vector<std::uint64_t> q = {500, 500};
  std::vector<Predictor> ps = {f.predictor(f.mid, kCpu), f.predictor(f.low, kCpu)};
  ScalingPlan plan = downscale(ps, f.profile_at(), load_of(q, 1000, {0, 0, 0, 0}), f.params);
  EXPECT_TRUE(plan.remove.empty());
  EXPECT_TRUE(plan.add.empty());
  Params paper = f.params;
  paper.downscale_return_discards = false;
  plan = downscale(ps, f.profile_at(), load_of(q, 1000, {0, 0, 0, 0}), paper);
  EXPECT_EQ(plan.remove, (std::vector<std::size_t>{0}));
  EXPECT_EQ(plan.add.size(), 1u);
}

// low on a VPU (batch 8: 177.8 q/s), then best on the CPU (batch 0). low's
// latency is read at best's batch 0 (stale): its own rate counts 0, so no
// smaller batch helps 177.8 x 0.95 cover 170 queued; moving it to the free
// CPU adds the CPU latency at batch 8 (45) as capacity: 222.8 x 0.95 > 170.
// The artifact's guard against moving a CPU or VPU predictor never holds, so
// low moves to the CPU, and best, next, is removed on the raised capacity.
// With the guard, low stays and best is swapped for low.
TEST(InfaasV2Downscaling, MovesCpuPredictorsSwitch) {
  Fixture f;
  const std::vector<std::uint64_t> q = {85, 85};
  std::vector<Predictor> ps = {f.predictor(f.low, kVpu), f.predictor(f.best, kCpu)};
  ASSERT_EQ(ps[1].batch, 0u);
  ScalingPlan plan = downscale(ps, f.profile_at(), load_of(q, 0, {1, 0, 0, 0}), f.params);
  EXPECT_EQ(plan.remove, (std::vector<std::size_t>{0, 1}));
  EXPECT_EQ(plan.add, (std::vector<std::pair<std::size_t, VariantId>>{{kCpu, f.low}}));
  Params paper = f.params;
  paper.downscale_moves_cpu_predictors = false;
  ps = {f.predictor(f.low, kVpu), f.predictor(f.best, kCpu)};
  plan = downscale(ps, f.profile_at(), load_of(q, 0, {1, 0, 0, 0}), paper);
  EXPECT_EQ(plan.remove, (std::vector<std::size_t>{1}));
  EXPECT_EQ(plan.add, (std::vector<std::pair<std::size_t, VariantId>>{{kCpu, f.low}}));
}

}  // namespace
}  // namespace servesim::infaas_v2::test
