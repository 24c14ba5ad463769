#include "policies/infaas_v2/family_profile.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "tests/unit/infaas_v2/family_fixture.hpp"

namespace servesim::infaas_v2::test {
namespace {

TEST(InfaasV2Profile, LargestBatchIsTheLargestAllowedUnderHalfTheSlo) {
  Fixture f;
  const FamilyProfile p = f.profile_at(100);
  EXPECT_EQ(p.largest_batch(f.best, kCpu), 0u);  // 60 ms at batch 1 > 50
  EXPECT_EQ(p.largest_batch(f.best, kGpu), 8u);
  EXPECT_EQ(p.largest_batch(f.mid, kCpu), 4u);   // 45 < 50 < 90
  EXPECT_EQ(p.largest_batch(f.mid, kFpga), 2u);  // 60 at 4 > 50
}

TEST(InfaasV2Profile, UnprofiledIsInfiniteAndCostIsTheAccuracyDrop) {
  Fixture f;
  const FamilyProfile p = f.profile_at(100);
  EXPECT_TRUE(std::isinf(p.latency_ms(f.best, kFpga, 1)));
  EXPECT_TRUE(std::isinf(p.latency_ms(f.low, kGpu, 16)));  // not one of {1, 2, 4, 8}
  EXPECT_DOUBLE_EQ(p.accuracy(f.best), 100);
  EXPECT_DOUBLE_EQ(p.cost(f.low), 20);
  EXPECT_EQ(p.least_accurate(), f.low);
}

TEST(InfaasV2Profile, UpgradeOrderListsProfiledEntriesFirst) {
  Fixture f;
  const FamilyProfile p = f.profile_at(100);
  const auto& order = p.upgrade_order(kFpga);
  ASSERT_EQ(order.size(), 12u);
  EXPECT_EQ(order.front().first, f.mid);  // best is not profiled on fpga
  EXPECT_EQ(order.back().first, f.best);
}

}  // namespace
}  // namespace servesim::infaas_v2::test
