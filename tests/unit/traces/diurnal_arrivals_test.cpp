#include "traces/diurnal_arrivals.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "trace_test_support.hpp"

namespace servesim {
namespace {

using test::kSigmas;

TEST(Diurnal, NoiseFreeRateHasPeakToValleyAndMean) {
  DiurnalOptions o;
  o.mean_qps = 100;
  o.peak_to_valley = 4;
  o.phase_s = 1234;
  const DiurnalArrivals spec(o);
  double lo = 1e300, hi = 0, sum = 0;
  const int n = 86400;
  for (int i = 0; i < n; ++i) {
    const double r = spec.base_rate(i + 0.5);
    lo = std::min(lo, r), hi = std::max(hi, r), sum += r;
  }
  EXPECT_NEAR(hi / lo, 4, 1e-6);
  EXPECT_NEAR(sum / n, 100, 1e-9);
  EXPECT_NEAR(spec.base_rate(86400 / 4.0 - 1234), 160, 1e-9);  // peak = mean * 2R / (R + 1)
}

// Without noise or spikes the counts in each quarter of the day are Poisson
// with mean = sum over its steps of base(mid-step) * step_s.
TEST(Diurnal, ArrivalsFollowTheSteppedRate) {
  DiurnalOptions o;
  o.mean_qps = 20;
  o.noise_cv = 0;
  const DiurnalArrivals spec(o);
  const auto arrivals = test::take_until(*spec.open(2, "d"), at_seconds(86400));
  for (int q = 0; q < 4; ++q) {
    double expected = 0;
    for (int step = q * 360; step < (q + 1) * 360; ++step) expected += spec.base_rate(step * 60 + 30) * 60;
    EXPECT_NEAR(test::count_in(arrivals, q * 21600, (q + 1) * 21600), expected, kSigmas * std::sqrt(expected));
  }
  EXPECT_NEAR(arrivals.size(), 20 * 86400, kSigmas * std::sqrt(20 * 86400.0));
}

// Flat rate (R = 1) with log-normal step noise of cv 0.5: a step's count has
// mean 6000 and cv sqrt(0.25 + 1/6000), and the day's total has sd
// sqrt(1440 * (6000^2 * 0.25 + 6000)). The sample cv of n = 1440 steps has
// relative se sqrt((2 + kappa)/(4n) + cv^2/n - skew cv/n) (delta method) =
// 2.9% for this log-normal (excess kurtosis kappa = 5.03, skewness 1.63).
TEST(Diurnal, StepNoiseHasMeanOneAndItsCv) {
  DiurnalOptions o;
  o.mean_qps = 100;
  o.peak_to_valley = 1;
  o.noise_cv = 0.5;
  const auto arrivals = test::take_until(*DiurnalArrivals(o).open(3, "noisy"), at_seconds(86400));
  std::vector<double> per_step(1440, 0);
  for (const Arrival& a : arrivals) per_step[static_cast<std::size_t>(a.time.seconds() / 60)] += 1;
  double sum = 0, sum2 = 0;
  for (double c : per_step) sum += c, sum2 += c * c;
  const double mean = sum / 1440, sd = std::sqrt(sum2 / 1440 - mean * mean);
  EXPECT_NEAR(sum, 8.64e6, kSigmas * std::sqrt(1440.0 * (6000 * 6000 * 0.25 + 6000)));
  EXPECT_NEAR(sd / mean, 0.5, kSigmas * 0.5 * 0.029);
}

// Spikes start as a Poisson process (rate r) and last d; merged, the fraction
// of time spiking is 1 - exp(-r d). Over T the spiking time has sd of about
// d * sqrt(r T) (one spike more or less), which bounds the count's spread.
TEST(Diurnal, SpikesRaiseTheRateForTheirShareOfTime) {
  DiurnalOptions o;
  o.mean_qps = 2;
  o.peak_to_valley = 1;
  o.noise_cv = 0;
  o.spikes = {6, 3, 60};
  const double horizon = 10 * 86400, r = 6 / 3600.0, d = 60;
  const double share = 1 - std::exp(-r * d);
  const auto arrivals = test::take_until(*DiurnalArrivals(o).open(4, "spiky"), at_seconds(horizon));
  const double expected = 2 * horizon * (1 + 2 * share);
  const double sd = std::sqrt(expected + std::pow(2 * 2 * d * std::sqrt(r * horizon), 2));
  EXPECT_NEAR(arrivals.size(), expected, kSigmas * sd);
}

TEST(Diurnal, NoiseAndSpikesUseTheirOwnStreams) {
  DiurnalOptions o;
  o.mean_qps = 50;
  const DiurnalArrivals spec(o);
  const auto a = test::take_until(*spec.open(1, "app"), at_seconds(600));
  const auto b = test::take_until(*spec.open(1, "app"), at_seconds(600));
  const auto c = test::take_until(*spec.open(1, "other"), at_seconds(600));
  EXPECT_EQ(test::times_s(a), test::times_s(b));
  EXPECT_NE(test::times_s(a), test::times_s(c));
}

TEST(Diurnal, Rejects) {
  DiurnalOptions o;
  o.peak_to_valley = 0.5;
  EXPECT_THROW(DiurnalArrivals{o}, std::invalid_argument);
  o = {};
  o.mean_qps = -1;
  EXPECT_THROW(DiurnalArrivals{o}, std::invalid_argument);
  o = {};
  o.step_s = 0;
  EXPECT_THROW(DiurnalArrivals{o}, std::invalid_argument);
  o = {};
  o.noise_cv = -0.1;
  EXPECT_THROW(DiurnalArrivals{o}, std::invalid_argument);
}

}  // namespace
}  // namespace servesim
