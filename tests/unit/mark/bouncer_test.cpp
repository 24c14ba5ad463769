// MArk's Bouncer (bouncer.hpp, section 4.1) and its load balancer's smooth
// weighted round-robin (weighted_round_robin.hpp).
#include <gtest/gtest.h>

#include <map>

#include "policies/mark/bouncer.hpp"
#include "policies/mark/weighted_round_robin.hpp"

namespace servesim::mark::bouncer_test {  // its own: unity builds join test files
namespace {

// Inception-v3 on a p2.xlarge as section 5.1 tunes it: batches of 8 with a
// 200 ms timeout; T_8 = 144.578 ms (configs/catalogs/models/mark_models.json).
const BatchingShape kP2{8, from_millis(200), from_millis(144.578)};

TEST(MarkBouncer, TheWorstResponseIsTheTimeoutPlusTheBatchesAheadAndItsOwn) {
  EXPECT_EQ(worst_response_time(kP2, 0), from_millis(200) + from_millis(144.578));   // its own batch
  EXPECT_EQ(worst_response_time(kP2, 7), from_millis(200) + from_millis(144.578));   // 8th of the first batch
  EXPECT_EQ(worst_response_time(kP2, 8), from_millis(200) + from_millis(289.156));   // first of the second
  EXPECT_EQ(worst_response_time(kP2, 23), from_millis(200) + from_millis(433.734));  // last of the third
}

TEST(MarkBouncer, AdmitsWhileTheWorstResponseMeetsRtMax) {
  // RT_max 600 ms: 200 + 2 x 144.578 = 489.2 ms fits, 200 + 3 x 144.578 = 633.7 does not.
  EXPECT_TRUE(admits(kP2, 15, from_millis(600)));
  EXPECT_FALSE(admits(kP2, 16, from_millis(600)));
  // At exactly RT_max it is in time.
  const BatchingShape one{1, Duration::zero(), from_millis(100)};
  EXPECT_TRUE(admits(one, 5, from_millis(600)));
  EXPECT_FALSE(admits(one, 6, from_millis(600)));
}

TEST(MarkBouncer, AQueueThatWouldOverflowTheClockIsNeverInTime) {
  const BatchingShape slow{1, Duration::zero(), from_seconds(1e6)};
  EXPECT_TRUE(worst_response_time(slow, std::uint64_t{1} << 62).is_infinite());
  EXPECT_FALSE(admits(slow, std::uint64_t{1} << 62, from_seconds(1)));
}

TEST(MarkWeightedRoundRobin, PicksInProportionAndInterleaved) {
  WeightedRoundRobin rr;
  rr.reset({5, 1, 1});
  // nginx's worked example for weights 5, 1, 1: a a b a c a a.
  std::vector<std::size_t> picks;
  for (int i = 0; i < 7; ++i) picks.push_back(*rr.pick());
  EXPECT_EQ(picks, (std::vector<std::size_t>{0, 0, 1, 0, 2, 0, 0}));
  // Each further cycle of 7 repeats it.
  std::map<std::size_t, int> count;
  for (int i = 0; i < 70; ++i) ++count[*rr.pick()];
  EXPECT_EQ(count[0], 50);
  EXPECT_EQ(count[1], 10);
  EXPECT_EQ(count[2], 10);
}

TEST(MarkWeightedRoundRobin, CapacitiesNeedNotBeIntegers) {
  WeightedRoundRobin rr;
  rr.reset({284.0, 415.0 * 8});  // c5.large and p2.xlarge, requests per minute
  int p2 = 0;
  const int n = 3604;  // 284 + 3320
  for (int i = 0; i < n; ++i) p2 += *rr.pick() == 1;
  EXPECT_EQ(p2, 3320);
}

TEST(MarkWeightedRoundRobin, EmptyPicksNothingAndResetRestarts) {
  WeightedRoundRobin rr;
  EXPECT_FALSE(rr.pick());
  rr.reset({1, 3});
  EXPECT_EQ(*rr.pick(), 1u);
  rr.reset({1, 3});
  EXPECT_EQ(*rr.pick(), 1u);
  EXPECT_EQ(rr.size(), 2u);
}

}  // namespace
}  // namespace servesim::mark::bouncer_test
