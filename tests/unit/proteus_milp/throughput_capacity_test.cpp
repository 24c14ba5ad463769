// Proteus' peak throughput capacity (section 4): the largest measured batch
// within half the SLO, memory, profiling, the variant's max batch.
#include <gtest/gtest.h>

#include "policies/proteus/throughput_capacity.hpp"

namespace servesim::proteus {
namespace {

DeviceType gpu(double memory_mb = 1000) { return DeviceType{"gpu", DeviceKind::kGpu, memory_mb, 0, std::nullopt}; }

// Measured at batches 1, 2, 4, 8, 16: 10, 12, 16, 30, 60 ms.
ModelVariant variant(std::uint32_t max_batch = 16, double memory_mb = 500) {
  ModelVariant v;
  v.name = "variant-under-test";
  v.memory_mb = memory_mb;
  v.max_batch = max_batch;
  v.latency.emplace("gpu", LatencyProfile({{1, 10}, {2, 12}, {4, 16}, {8, 30}, {16, 60}},
                                          LatencyProfile::Fit::kInterpolate));
  return v;
}

TEST(ProteusMilpCapacity, LargestBatchWithinHalfTheSlo) {
  // SLO 64 ms: half is 32; batch 8 (30 ms) fits, batch 16 (60 ms) does not.
  // By hand: 8 / 0.030 s = 266.67 QPS.
  const auto c = throughput_capacity(variant(), gpu(), from_millis(64));
  ASSERT_TRUE(c);
  EXPECT_EQ(c->batch, 8u);
  EXPECT_EQ(c->latency, from_millis(30));
  EXPECT_NEAR(c->qps, 8 / 0.030, 1e-9);
}

TEST(ProteusMilpCapacity, HalfTheSloExactlyIsAllowed) {
  // Section 6.1.2 sets SLOs to twice a profiled latency: that batch must count.
  const auto c = throughput_capacity(variant(), gpu(), from_millis(32));
  ASSERT_TRUE(c);
  EXPECT_EQ(c->batch, 4u);
  EXPECT_NEAR(c->qps, 250, 1e-9);
  const auto below = throughput_capacity(variant(), gpu(), Duration{from_millis(32).ns - 1});
  ASSERT_TRUE(below);
  EXPECT_EQ(below->batch, 2u);
}

TEST(ProteusMilpCapacity, OnlyMeasuredBatchesAreCandidates) {
  // Half of 50 ms is 25: interpolation would allow batch 6 (23 ms), but
  // batch 6 was never measured, so batch 4 it is.
  const auto c = throughput_capacity(variant(), gpu(), from_millis(50));
  ASSERT_TRUE(c);
  EXPECT_EQ(c->batch, 4u);
}

TEST(ProteusMilpCapacity, CappedByTheVariantsMaxBatch) {
  const auto c = throughput_capacity(variant(/*max_batch=*/2), gpu(), from_millis(1000));
  ASSERT_TRUE(c);
  EXPECT_EQ(c->batch, 2u);
  EXPECT_NEAR(c->qps, 2 / 0.012, 1e-9);
  const auto all = throughput_capacity(variant(), gpu(), from_millis(1000));
  ASSERT_TRUE(all);
  EXPECT_EQ(all->batch, 16u);
}

TEST(ProteusMilpCapacity, NothingWhenEvenBatchOneIsTooSlow) {
  EXPECT_FALSE(throughput_capacity(variant(), gpu(), from_millis(19)));
  EXPECT_TRUE(throughput_capacity(variant(), gpu(), from_millis(20)));
}

TEST(ProteusMilpCapacity, NothingWhenTheVariantDoesNotFitTheDevice) {
  EXPECT_FALSE(throughput_capacity(variant(16, /*memory_mb=*/1001), gpu(1000), from_millis(64)));
  EXPECT_TRUE(throughput_capacity(variant(16, /*memory_mb=*/1000), gpu(1000), from_millis(64)));
}

TEST(ProteusMilpCapacity, NothingWhenNotProfiledOnTheDevice) {
  DeviceType cpu{"cpu", DeviceKind::kCpu, 100000, 0, std::nullopt};
  EXPECT_FALSE(throughput_capacity(variant(), cpu, from_millis(1000)));
}

}  // namespace
}  // namespace servesim::proteus
