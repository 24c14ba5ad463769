#include "traces/application_mix.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>

#include "traces/gamma_arrivals.hpp"
#include "trace_test_support.hpp"

namespace servesim {
namespace {

using test::kSigmas;

std::vector<double> shares(const WorkloadSpec& spec, int n, std::size_t apps) {
  const auto s = spec.open(8, "mix");
  std::vector<double> count(apps, 0);
  for (int i = 0; i < n; ++i) {
    const Arrival a = *s->next();
    EXPECT_LT(a.app, apps);
    if (a.app < apps) count[a.app] += 1;
  }
  for (double& c : count) c /= n;
  return count;
}

TEST(ApplicationMix, ZipfWeightsAreNormalizedPowerLaw) {
  const auto w = zipf_weights(4, 1.001);
  double h = 0;
  for (int k = 1; k <= 4; ++k) h += std::pow(k, -1.001);
  for (int k = 1; k <= 4; ++k) EXPECT_NEAR(w[k - 1], std::pow(k, -1.001) / h, 1e-15);
  for (double p : zipf_weights(3, 0)) EXPECT_DOUBLE_EQ(p, 1.0 / 3);
  EXPECT_THROW(zipf_weights(0, 1), std::invalid_argument);
  EXPECT_THROW(zipf_weights(3, -1), std::invalid_argument);
}

// Each app's share over n draws is binomial: se = sqrt(p (1 - p) / n).
TEST(ApplicationMix, ZipfSharesMatch) {
  const int n = 200000;
  const auto p = zipf_weights(5, 1.001);
  const auto got = shares(ApplicationMix(poisson_arrivals(1000), p), n, 5);
  for (std::size_t k = 0; k < 5; ++k) EXPECT_NEAR(got[k], p[k], kSigmas * std::sqrt(p[k] * (1 - p[k]) / n));
}

TEST(ApplicationMix, ExplicitWeightsAreNormalized) {
  const int n = 100000;
  const ApplicationMix mix(poisson_arrivals(1000), {5, 0, 3, 2});
  EXPECT_DOUBLE_EQ(mix.probabilities()[0], 0.5);
  const auto got = shares(mix, n, 4);
  EXPECT_EQ(got[1], 0);
  for (std::size_t k : {0, 2, 3}) {
    const double p = mix.probabilities()[k];
    EXPECT_NEAR(got[k], p, kSigmas * std::sqrt(p * (1 - p) / n));
  }
  // A trailing zero weight never receives an arrival, rounding or not.
  EXPECT_EQ(shares(ApplicationMix(poisson_arrivals(1000), {0.1, 0.2, 0.7, 0}), 20000, 4)[3], 0);
}

TEST(ApplicationMix, KeepsTheTimesOfItsWorkload) {
  const auto inner = gamma_arrivals(100, 2);
  const ApplicationMix mix(inner, {1, 1});
  const auto a = mix.open(2, "m"), b = inner->open(2, "m/workload");
  for (int i = 0; i < 100; ++i) ASSERT_EQ(a->next()->time, b->next()->time);
}

TEST(ApplicationMix, Deterministic) {
  const ApplicationMix mix(poisson_arrivals(10), zipf_weights(3, 1));
  const auto a = mix.open(1, "x"), b = mix.open(1, "x");
  for (int i = 0; i < 1000; ++i) {
    const Arrival x = *a->next(), y = *b->next();
    ASSERT_EQ(x.time, y.time);
    ASSERT_EQ(x.app, y.app);
  }
}

TEST(TaggedArrivals, TagsEveryArrival) {
  const TaggedArrivals tagged(poisson_arrivals(10), 3);
  const auto s = tagged.open(1, "t"), plain = poisson_arrivals(10)->open(1, "t");
  for (int i = 0; i < 100; ++i) {
    const Arrival a = *s->next();
    EXPECT_EQ(a.app, 3u);
    EXPECT_EQ(a.time, plain->next()->time);
  }
}

TEST(ApplicationMix, Rejects) {
  EXPECT_THROW(ApplicationMix(poisson_arrivals(1), {}), std::invalid_argument);
  EXPECT_THROW(ApplicationMix(poisson_arrivals(1), {0, 0}), std::invalid_argument);
  EXPECT_THROW(ApplicationMix(poisson_arrivals(1), {1, -1}), std::invalid_argument);
  EXPECT_THROW(ApplicationMix(nullptr, {1}), std::invalid_argument);
}

}  // namespace
}  // namespace servesim
