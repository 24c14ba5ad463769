// The monitors behind ClusterView's recent rates and observed latencies.
#include <gtest/gtest.h>

#include "sim/serving/sliding_latency.hpp"
#include "sim/serving/sliding_rate.hpp"

namespace servesim {
namespace {

TEST(SlidingRate, AveragesTheLastCompleteSeconds) {
  SlidingRate rate;
  for (int s = 0; s < 5; ++s) rate.add(at_seconds(s + 0.5), 10);  // 10 per second for 5 s
  EXPECT_DOUBLE_EQ(rate.per_second(at_seconds(5.2)), 10.0);
  // 20 s later the window holds only empty seconds.
  EXPECT_DOUBLE_EQ(rate.per_second(at_seconds(25.2)), 0.0);
}

// Past the first window the current second must not overwrite the oldest
// complete one (a rate once read 10 % low on every whole-second tick).
TEST(SlidingRate, SteadyRateReadsExactlyOnWholeSeconds) {
  SlidingRate rate;  // time only moves forward: read as the run goes
  for (int ms = 0; ms < 30000; ++ms) {
    const SimTime now{ms * 1'000'000LL};
    if (ms % 1000 == 0 && ms >= 10000) {
      EXPECT_DOUBLE_EQ(rate.per_second(now), 1000.0) << ms;
    }
    rate.add(now, 1);  // 1000 per second
  }
}

TEST(SlidingLatency, MeanIsExact) {
  SlidingLatency latency;
  // 99 queries at 10 ms and one at 200 ms, in two seconds of the window.
  for (int i = 0; i < 99; ++i) latency.add(at_seconds(1), from_millis(10));
  latency.add(at_seconds(2), from_millis(200));
  EXPECT_EQ(latency.mean(at_seconds(2.5)), from_millis((99 * 10 + 200) / 100.0));
}

// Seconds that pass without a latency must still leave the window: a gap of
// several seconds forgets exactly those that fell out of it.
TEST(SlidingLatency, ForgetsExactlyTheSecondsThatLeftTheWindow) {
  SlidingLatency latency;
  latency.add(at_seconds(1), from_millis(10));
  latency.add(at_seconds(4), from_millis(40));
  // At second 10 the window is seconds 1-10: both.
  EXPECT_EQ(latency.mean(at_seconds(10.5)), from_millis(25));
  // At second 13 it is 4-13: second 1 has left.
  EXPECT_EQ(latency.mean(at_seconds(13)), from_millis(40));
  latency.add(at_seconds(13.5), from_millis(20));
  EXPECT_EQ(latency.mean(at_seconds(13.9)), from_millis(30));
  // At second 14, second 4 has left too.
  EXPECT_EQ(latency.mean(at_seconds(14)), from_millis(20));
}

TEST(SlidingLatency, ForgetsAfterTheWindow) {
  SlidingLatency latency;
  latency.add(at_seconds(1), from_millis(50));
  EXPECT_EQ(latency.mean(at_seconds(5)), from_millis(50));
  EXPECT_EQ(latency.mean(at_seconds(1 + SlidingLatency::kSeconds + 1)), Duration::zero());
}

}  // namespace
}  // namespace servesim
