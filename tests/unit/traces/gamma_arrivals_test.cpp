#include "traces/gamma_arrivals.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>

#include "trace_test_support.hpp"

namespace servesim {
namespace {

using test::kSigmas;

// Tolerances: from n gaps of a renewal process with gap cv c, the sample mean
// gap has relative standard error c / sqrt(n); the sample cv has relative
// standard error sqrt((1 + c^2) / (2 n)) for Gamma gaps (delta method with
// the Gamma's third and fourth moments: skewness 2c, excess kurtosis 6c^2).
class GammaMoments : public ::testing::TestWithParam<double> {};

TEST_P(GammaMoments, MeanRateAndCvOfGaps) {
  const double rate = 100, cv = GetParam();
  const auto stream = GammaArrivals(rate, cv).open(7, "gamma");
  std::vector<Arrival> arrivals;
  for (int i = 0; i < 400000; ++i) arrivals.push_back(*stream->next());
  const test::GapStats s = test::gap_stats(arrivals);
  const double n = static_cast<double>(s.n);
  EXPECT_NEAR(s.mean * rate, 1.0, kSigmas * cv / std::sqrt(n));
  EXPECT_NEAR(s.cv / cv, 1.0, kSigmas * std::sqrt((1 + cv * cv) / (2 * n)));
}

INSTANTIATE_TEST_SUITE_P(Cv, GammaMoments, ::testing::Values(0.5, 1.0, 2.0));

TEST(PoissonArrivals, MeanRateAndUnitCv) {
  const auto stream = poisson_arrivals(250)->open(1, "poisson");
  std::vector<Arrival> arrivals;
  for (int i = 0; i < 400000; ++i) arrivals.push_back(*stream->next());
  const test::GapStats s = test::gap_stats(arrivals);
  const double n = static_cast<double>(s.n);
  EXPECT_NEAR(s.mean * 250, 1.0, kSigmas / std::sqrt(n));
  EXPECT_NEAR(s.cv, 1.0, kSigmas * std::sqrt(2 / (2 * n)));
}

// The process is stationary from time 0: the wait for the first arrival is
// the mean residual life (1 + cv^2) / (2 rate), not a whole gap. Its standard
// deviation for unit-rate Gamma(cv = 2) gaps is sqrt(E[X^3]/(3E[X]) - 2.5^2)
// = sqrt(15 - 6.25), about 2.96; over m opened streams the mean has se 2.96/sqrt(m).
TEST(GammaArrivals, FirstArrivalIsTheStationaryResidualGap) {
  const GammaArrivals spec(1.0, 2.0);
  const int m = 20000;
  double sum = 0;
  for (int i = 0; i < m; ++i) sum += spec.open(3, "first/" + std::to_string(i))->next()->time.seconds();
  EXPECT_NEAR(sum / m, 2.5, kSigmas * 2.96 / std::sqrt(m));
}

TEST(GammaArrivals, SameSeedAndNameGiveTheSameSequence) {
  const GammaArrivals spec(50, 2);
  const auto a = spec.open(11, "app0"), b = spec.open(11, "app0"), c = spec.open(11, "app1"), d = spec.open(12, "app0");
  int same_c = 0, same_d = 0;
  for (int i = 0; i < 1000; ++i) {
    const SimTime t = a->next()->time;
    ASSERT_EQ(t, b->next()->time);
    same_c += t == c->next()->time;
    same_d += t == d->next()->time;
  }
  EXPECT_EQ(same_c, 0);
  EXPECT_EQ(same_d, 0);
}

TEST(GammaArrivals, TimesNeverDecrease) {
  const auto s = gamma_arrivals(1e6, 3.0)->open(5, "dense");
  SimTime last = SimTime::zero();
  for (int i = 0; i < 100000; ++i) {
    const SimTime t = s->next()->time;
    ASSERT_GE(t, last);
    last = t;
  }
}

TEST(GammaArrivals, RejectsNonPositiveRateOrCv) {
  EXPECT_THROW(GammaArrivals(0, 1), std::invalid_argument);
  EXPECT_THROW(GammaArrivals(-5, 1), std::invalid_argument);
  EXPECT_THROW(GammaArrivals(10, 0), std::invalid_argument);
  EXPECT_THROW(GammaArrivals(10, -1), std::invalid_argument);
  EXPECT_THROW(GammaArrivals(10, NAN), std::invalid_argument);
}

TEST(GammaArrivals, InferLineSquaredCvIsOurCvSquared) {
  EXPECT_DOUBLE_EQ(cv_from_squared_cv(4.0), 2.0);
  EXPECT_DOUBLE_EQ(cv_from_squared_cv(1.0), 1.0);
}

}  // namespace
}  // namespace servesim
