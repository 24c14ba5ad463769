// Saturating time arithmetic (sim/core/time.hpp): a sum past the clock's range
// must become infinite / never, not wrap to a time in the past.
#include "sim/core/time.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <vector>

namespace servesim {
namespace {

constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();

TEST(Time, SumsBelowTheRangeAreExact) {
  EXPECT_EQ((Duration{3} + Duration{4}).ns, 7);
  EXPECT_EQ((SimTime{10} + Duration{5}).ns, 15);
  EXPECT_EQ((SimTime{10} - Duration{15}).ns, -5);
  EXPECT_EQ((SimTime{10} - SimTime{4}).ns, 6);
}

TEST(Time, ArrivalPlusHugeSloSaturatesToNever) {
  // An arrival 1 s in plus an SLO 1 ns short of the range: wrapped, this was a
  // deadline in the past, so an on-time query counted late.
  const SimTime arrival = SimTime::zero() + from_seconds(1);
  const SimTime deadline = arrival + Duration{kMax - 1};
  EXPECT_TRUE(deadline.is_never());
  EXPECT_GT(deadline, arrival);
}

TEST(Time, DurationSumsSaturateBothWays) {
  EXPECT_TRUE((Duration{kMax - 10} + Duration{11}).is_infinite());
  EXPECT_TRUE((Duration::infinite() + Duration{-5}).is_infinite());
  EXPECT_EQ((Duration{-kMax + 10} - Duration{11}).ns, -kMax);
  Duration total;
  for (int i = 0; i < 4; ++i) total += Duration{kMax / 3};  // summed stage latencies
  EXPECT_TRUE(total.is_infinite());
}

TEST(Time, DifferencesSaturate) {
  EXPECT_EQ((SimTime{-kMax} - SimTime{10}).ns, -kMax);
  EXPECT_EQ((SimTime{kMax - 1} - SimTime{-5}).ns, kMax);
}

TEST(Time, ConversionsSaturateAndRound) {
  EXPECT_EQ(from_seconds(1.5).ns, 1'500'000'000);
  EXPECT_EQ(from_millis(0.0000004).ns, 0);  // 0.4 ns rounds to 0
  EXPECT_EQ(from_millis(0.0000006).ns, 1);
  EXPECT_TRUE(from_millis(1e300).is_infinite());  // a cold start of 1e300 ms
  EXPECT_TRUE(from_seconds(std::numeric_limits<double>::quiet_NaN()).is_infinite());
  EXPECT_EQ(from_seconds(-1e300).ns, -kMax);
}

// Nanoseconds round to the nearest, halves away from zero, exactly as
// std::llround: at every half, just either side of it, near 2^52 and 2^53
// (where doubles stop holding fractions), and over random magnitudes.
TEST(Time, NanosecondRoundingIsLlroundEverywhere) {
  std::vector<double> values;
  for (double whole : {0.0, 1.0, 2.0, 1e3, 123456789.0, 4503599627370495.0, 4503599627370496.0, 9007199254740992.0}) {
    for (double sign : {1.0, -1.0}) {
      for (double off : {0.0, 0.25, 0.5, 0.75}) {
        const double x = sign * (whole + off);
        values.insert(values.end(), {x, std::nextafter(x, 0.0), std::nextafter(x, 1e300), std::nextafter(x, -1e300)});
      }
    }
  }
  std::mt19937_64 rng(5);
  for (int i = 0; i < 200000; ++i) {
    const double magnitude = std::ldexp(std::uniform_real_distribution<double>(0.5, 1.0)(rng), static_cast<int>(rng() % 63));
    values.push_back(rng() % 2 ? magnitude : -magnitude);
  }
  for (double x : values) {
    if (std::fabs(x) >= 9.2e18) continue;  // saturates, checked above
    ASSERT_EQ(from_nanos_double(x).ns, std::llround(x)) << std::hexfloat << x;
  }
}

TEST(Time, ScaledSaturates) {
  EXPECT_EQ(scaled(Duration{2'000'000}, 2.5).ns, 5'000'000);
  EXPECT_TRUE(scaled(from_seconds(1), 1e300).is_infinite());
  EXPECT_TRUE(scaled(Duration::infinite(), 0.5).is_infinite());
}

TEST(Time, StatedLimitsLeaveRoomForSums) {
  // Ten years of arrival plus ten years of SLO plus ten years of drain stays
  // far inside the clock, so saturation only ever meets never / infinite.
  const Duration span = from_seconds(kMaxTimeSpanS);
  EXPECT_FALSE((span + span + span).is_infinite());
  EXPECT_LT(3 * kMaxTimeSpanS, static_cast<double>(kMax) * 1e-9 / 9);
}

}  // namespace
}  // namespace servesim
