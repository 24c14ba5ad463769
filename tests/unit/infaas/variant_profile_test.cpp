// Serving batch, inference latency, saturation throughput and cost of Table 2's
// variants as the Metadata Store profiles them.
#include <gtest/gtest.h>

#include "policies/infaas/variant_profile.hpp"

namespace servesim::infaas {
namespace {

ModelVariant linear_variant(const char* device, double intercept_ms, double slope_ms, double memory_mb) {
  ModelVariant v;
  v.memory_mb = memory_mb;
  v.max_batch = 64;
  v.load_latency = from_millis(700);
  std::vector<LatencyPoint> points;
  for (std::uint32_t b : {1u, 2u, 4u, 8u, 16u, 32u, 64u}) points.push_back({b, intercept_ms + slope_ms * b});
  v.latency.emplace(device, LatencyProfile(points, LatencyProfile::Fit::kLinear));
  return v;
}

DeviceType device(const char* name, DeviceKind kind) {
  DeviceType t;
  t.name = name;
  t.kind = kind;
  t.memory_mb = 16384;
  return t;
}

const ProfileRules kRules;

TEST(InfaasVariantProfile, CpuLatencyProportionalToBatchServesBatchOne) {
  const auto p = make_profile(0, linear_variant("cpu", 0, 200, 196), 0, device("cpu", DeviceKind::kCpu),
                              from_millis(300), kRules);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->batch, 1u);
  EXPECT_EQ(p->inference, from_millis(200));
  EXPECT_NEAR(p->saturation_qps, 5.0, 1e-9);
  EXPECT_NEAR(p->cost_per_second, 0.196 * 0.031, 1e-12);
}

TEST(InfaasVariantProfile, GpuBatchesUpToTheCapWithinHalfTheBudget) {
  // Table 2's C line: 2.4545 + 1.0455 b ms. Budget 300 ms: every batch up to
  // the cap of 32 fits in 150 ms; the smallest within 1 % of batch 32's
  // throughput (891 QPS) is batch 28.
  const auto c = make_profile(0, linear_variant("v100", 2.4545, 1.0455, 195.213), 0, device("v100", DeviceKind::kGpu),
                              from_millis(300), kRules);
  ASSERT_TRUE(c);
  EXPECT_EQ(c->batch, 28u);
  EXPECT_NEAR(c->inference.millis(), 2.4545 + 1.0455 * 28, 1e-3);
  EXPECT_NEAR(c->saturation_qps, 28 / ((2.4545 + 1.0455 * 28) / 1000), 1e-6);
  // Budget 20 ms: batches of at most 10 ms, so batch 7 (9.77 ms).
  const auto tight = make_profile(0, linear_variant("v100", 2.4545, 1.0455, 195.213), 0,
                                  device("v100", DeviceKind::kGpu), from_millis(20), kRules);
  EXPECT_EQ(tight->batch, 7u);
}

TEST(InfaasVariantProfile, ConstantThroughputKeepsBatchOne) {
  // Table 2's B: 10 ms per query whatever the batch: batching gains nothing.
  const auto b = make_profile(0, linear_variant("nc", 0, 10, 95.937), 0, device("nc", DeviceKind::kInferentia),
                              from_millis(300), kRules);
  EXPECT_EQ(b->batch, 1u);
  EXPECT_NEAR(b->saturation_qps, 100, 1e-9);
  // Table 2's normalized costs 1 : 3 : 16 from section 6.2's prices.
  const auto a = make_profile(0, linear_variant("cpu", 0, 200, 196), 0, device("cpu", DeviceKind::kCpu),
                              from_millis(300), kRules);
  const auto c = make_profile(0, linear_variant("v100", 2.4545, 1.0455, 195.213), 0, device("v100", DeviceKind::kGpu),
                              from_millis(300), kRules);
  EXPECT_NEAR(b->cost_per_second / a->cost_per_second, 3.0, 0.01);
  EXPECT_NEAR(c->cost_per_second / a->cost_per_second, 16.0, 0.01);
}

TEST(InfaasVariantProfile, NotProfiledOnTheDeviceMeansNoProfile) {
  EXPECT_FALSE(make_profile(0, linear_variant("cpu", 0, 200, 196), 0, device("v100", DeviceKind::kGpu),
                            from_millis(300), kRules));
}

TEST(InfaasVariantProfile, MeetsChecksLatencyAccuracyAndTheCpuFloor) {
  auto a = *make_profile(0, linear_variant("cpu", 0, 20, 196), 0, device("cpu", DeviceKind::kCpu), from_millis(300),
                         kRules);
  a.accuracy = 0.9;
  EXPECT_TRUE(meets(a, from_millis(300), 0.0, kRules));
  EXPECT_FALSE(meets(a, from_millis(300), 0.95, kRules));
  EXPECT_FALSE(meets(a, from_millis(50), 0.0, kRules));  // public code: no CPU at SLO <= 50 ms
  EXPECT_TRUE(meets(a, from_millis(51), 0.0, kRules));
  EXPECT_FALSE(meets(a, from_millis(19), 0.0, kRules));
}

}  // namespace
}  // namespace servesim::infaas
