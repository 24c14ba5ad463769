#include "traces/rescaled_renewal.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "trace_test_support.hpp"

namespace servesim {
namespace {

using test::kSigmas;

std::unique_ptr<ArrivalStream> stream_of(std::vector<RatePiece> pieces, GapDistribution gaps, const char* name = "r") {
  return std::make_unique<RescaledRenewalStream>(std::make_unique<ListRateSchedule>(std::move(pieces)), gaps,
                                                 RandomStream(1, name));
}

RatePiece piece(double from_s, double to_s, double r0, double r1) { return {at_seconds(from_s), at_seconds(to_s), r0, r1}; }

TEST(RescaledRenewal, ClosedFormsInvertEachOther) {
  EXPECT_DOUBLE_EQ(linear_rate_integral(0, 200, 10), 1000);
  EXPECT_DOUBLE_EQ(linear_rate_integral(5, 5, 2), 10);
  EXPECT_TRUE(std::isinf(linear_rate_integral(1, 1, INFINITY)));
  EXPECT_EQ(linear_rate_integral(0, 0, INFINITY), 0);
  // Rising from 0, falling to 0, and constant: d solves r d + k d^2 / 2 = need.
  EXPECT_NEAR(invert_linear_integral(0, 20, 10), 1.0, 1e-12);
  EXPECT_NEAR(invert_linear_integral(200, -20, 1000), 10.0, 1e-6);  // runs out exactly at rate 0
  EXPECT_DOUBLE_EQ(invert_linear_integral(4, 0, 2), 0.5);
  EXPECT_EQ(invert_linear_integral(3, 1, 0), 0);
  EXPECT_TRUE(std::isinf(invert_linear_integral(0, 0, 1)));
  for (double r : {0.0, 0.5, 7.0}) {
    for (double k : {-0.3, 0.0, 2.0}) {
      const double d = invert_linear_integral(r, k, 0.4);
      if (std::isfinite(d)) {
        EXPECT_NEAR(r * d + k * d * d / 2, 0.4, 1e-12);
      }
    }
  }
}

// A rate rising linearly 0 -> 2 over each 10 s ramp has integrated rate 10
// per ramp, 4% of it in the first 2 s and 25% in the first 5 s (36% and 75%
// when falling 2 -> 0). Ramps this sparse put most arrivals where the
// quadratic term of the inversion matters. Poisson counts in a fixed window
// have sd = sqrt(mean).
TEST(RescaledRenewal, PoissonOnLinearRampsMatchesIntegratedRate) {
  const int ramps = 20000;
  for (bool rising : {true, false}) {
    std::vector<RatePiece> pieces;
    for (int i = 0; i < ramps; ++i) pieces.push_back(piece(10 * i, 10 * i + 10, rising ? 0 : 2, rising ? 2 : 0));
    const auto arrivals = test::take_all(*stream_of(pieces, GapDistribution::poisson()));
    std::size_t first2 = 0, first5 = 0;
    for (const Arrival& a : arrivals) {
      const double x = std::fmod(a.time.seconds(), 10.0);
      first2 += x < 2;
      first5 += x < 5;
    }
    const double total = 10.0 * ramps, e2 = total * (rising ? 0.04 : 0.36), e5 = total * (rising ? 0.25 : 0.75);
    EXPECT_NEAR(arrivals.size(), total, kSigmas * std::sqrt(total));
    EXPECT_NEAR(first2, e2, kSigmas * std::sqrt(e2));
    EXPECT_NEAR(first5, e5, kSigmas * std::sqrt(e5));
  }
}

TEST(RescaledRenewal, NoArrivalsInZeroRatePiecesOrHoles) {
  const auto arrivals = test::take_all(*stream_of(
      {piece(0, 1, 1000, 1000), piece(1, 2, 0, 0), piece(3, 4, 1000, 1000), piece(4, 5, 0, 300)},
      GapDistribution::gamma(2.0)));
  EXPECT_EQ(test::count_in(arrivals, 1, 3), 0u);
  EXPECT_GT(test::count_in(arrivals, 0, 1), 0u);
  EXPECT_GT(test::count_in(arrivals, 3, 4), 0u);
  EXPECT_LT(arrivals.back().time, at_seconds(5));
}

TEST(RescaledRenewal, EndsOnAnEndlessZeroRate) {
  const auto s = stream_of({piece(0, 1, 10, 10), RatePiece::constant(at_seconds(1), SimTime::never(), 0)},
                           GapDistribution::poisson());
  int n = 0;
  while (s->next()) ++n;
  EXPECT_GT(n, 0);
}

// Evenly spaced gaps start half a gap in: an interval whose integrated rate
// is a whole number c holds exactly c arrivals, at the centres of its c slots.
TEST(RescaledRenewal, UniformGapsReproduceIntegerCountsExactly) {
  const std::vector<int> counts{3, 0, 5, 1, 7};
  std::vector<RatePiece> pieces;
  for (std::size_t i = 0; i < counts.size(); ++i) pieces.push_back(piece(i, i + 1.0, counts[i], counts[i]));
  const auto arrivals = test::take_all(*stream_of(pieces, GapDistribution::uniform()));
  for (std::size_t i = 0; i < counts.size(); ++i) EXPECT_EQ(test::count_in(arrivals, i, i + 1.0), counts[i]);
  EXPECT_EQ(arrivals[0].time, at_seconds(1.0 / 6));
  EXPECT_EQ(arrivals[3].time, at_seconds(2.1));
  EXPECT_EQ(arrivals[7].time, at_seconds(2.9));
}

// A Gamma renewal follows the local rate: counts of a renewal process over a
// long window have variance about rate * T * cv^2.
TEST(RescaledRenewal, GammaGapsFollowTheLocalRate) {
  const double cv = 2;
  const auto arrivals = test::take_all(
      *stream_of({piece(0, 1000, 50, 50), piece(1000, 2000, 200, 200)}, GapDistribution::gamma(cv)));
  const double low = test::count_in(arrivals, 0, 1000), high = test::count_in(arrivals, 1000, 2000);
  EXPECT_NEAR(low, 50000, kSigmas * std::sqrt(50000 * cv * cv));
  EXPECT_NEAR(high, 200000, kSigmas * std::sqrt(200000 * cv * cv));
}

TEST(RescaledRenewal, RejectsBadPieces) {
  EXPECT_THROW(ListRateSchedule({piece(0, 1, -1, 1)}), std::invalid_argument);
  EXPECT_THROW(ListRateSchedule({piece(0, 2, 1, 1), piece(1, 3, 1, 1)}), std::invalid_argument);
  EXPECT_THROW(ListRateSchedule({RatePiece{SimTime::zero(), SimTime::never(), 1, 2}}), std::invalid_argument);
  EXPECT_THROW(GapDistribution::gamma(0).validate(), std::invalid_argument);
}

}  // namespace
}  // namespace servesim
