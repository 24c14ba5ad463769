// AWS target tracking as SageMaker hosting uses it (target_tracking.hpp).
// Target 142 invocations per instance-minute: a c5.large serving 284 per
// minute with the paper's over-provisioning factor 2 (MArk section 5.1).
#include <gtest/gtest.h>

#include "policies/sagemaker/target_tracking.hpp"

namespace servesim::sagemaker {
namespace {

TargetTrackingParams c5_large() {
  TargetTrackingParams p;
  p.target = 142;
  return p;
}

SimTime minute(int m) { return at_seconds(60.0 * m); }

TEST(SagemakerTargetTracking, ScalesOutAfterThreeDatapointsAbove) {
  TargetTracking t(c5_large());
  EXPECT_FALSE(t.datapoint(200, 2, minute(1)));
  EXPECT_FALSE(t.datapoint(200, 2, minute(2)));
  // 2 x 200 / 142 = 2.82: 3 instances.
  EXPECT_EQ(t.datapoint(200, 2, minute(3)), 3u);
}

TEST(SagemakerTargetTracking, ADatapointAtOrBelowTheTargetRestartsTheCount) {
  TargetTracking t(c5_large());
  t.datapoint(200, 2, minute(1));
  t.datapoint(200, 2, minute(2));
  EXPECT_FALSE(t.datapoint(142, 2, minute(3)));  // at the target: not above
  EXPECT_FALSE(t.datapoint(200, 2, minute(4)));
  EXPECT_FALSE(t.datapoint(200, 2, minute(5)));
  EXPECT_EQ(t.datapoint(200, 2, minute(6)), 3u);
}

TEST(SagemakerTargetTracking, DuringTheScaleOutCooldownOnlyALargerScaleOutGoes) {
  TargetTracking t(c5_large());
  for (int m = 1; m <= 3; ++m) t.datapoint(200, 2, minute(m));  // -> 3 at minute 3
  // 3 x 150 / 142 = 3.17: 4 > 3, larger than the last scale-out: goes at once.
  EXPECT_EQ(t.datapoint(150, 3, minute(4)), 4u);
  // 4 x 143 / 142 = 4.03: 5 is larger than 4: goes too.
  EXPECT_EQ(t.datapoint(143, 4, minute(5)), 5u);
}

TEST(SagemakerTargetTracking, ScalesInAfterFifteenDatapointsBelowNinetyPercent) {
  TargetTracking t(c5_large());
  // 127.8 is 90 % of 142; 100 is below it. 4 x 100 / 142 = 2.82: 3 instances.
  for (int m = 1; m <= 14; ++m) EXPECT_FALSE(t.datapoint(100, 4, minute(m))) << m;
  EXPECT_EQ(t.datapoint(100, 4, minute(15)), 3u);
}

TEST(SagemakerTargetTracking, NoScaleInWithinTheCooldownOfAScaleOut) {
  TargetTracking t(c5_large());
  for (int m = 1; m <= 3; ++m) t.datapoint(200, 2, minute(m));  // scale-out at 180 s
  // 15 low datapoints at 4 .. 18 min are long past the cooldown: scale in at 18.
  std::optional<std::uint32_t> got;
  for (int m = 4; m <= 18; ++m) got = t.datapoint(50, 3, minute(m));
  EXPECT_EQ(got, 2u);  // 3 x 50 / 142 = 1.06: 2
  // With a 20-min scale-in cooldown the same datapoints do nothing.
  TargetTrackingParams slow = c5_large();
  slow.scale_in_cooldown = from_seconds(1200);
  TargetTracking u(slow);
  for (int m = 1; m <= 3; ++m) u.datapoint(200, 2, minute(m));
  for (int m = 4; m <= 18; ++m) EXPECT_FALSE(u.datapoint(50, 3, minute(m))) << m;
  EXPECT_EQ(u.datapoint(50, 3, minute(24)), 2u);  // 21 min after the scale-out
}

TEST(SagemakerTargetTracking, NeverBelowTheMinimumCapacity) {
  TargetTracking t(c5_large());
  std::optional<std::uint32_t> got;
  for (int m = 1; m <= 15; ++m) got = t.datapoint(0, 3, minute(m));
  EXPECT_EQ(got, 1u);
}

}  // namespace
}  // namespace servesim::sagemaker
