// The Tuner's continuous envelope check (InferLine, SoCC'20, section 5):
// LiveEnvelope's per-width maxima over the windows ending at each arrival
// against a brute-force count, and a burst between two ticks that only the
// continuous check sees.
#include "policies/inferline/live_envelope.hpp"

#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "policies/inferline/traffic_envelope.hpp"

namespace servesim::inferline {
namespace {

SimTime at_ms(double ms) { return SimTime::zero() + from_millis(ms); }

// The most arrivals in a window (times[j] - width, times[j]] over the
// arrivals j in [from, to), each window counted over all of `times`.
std::uint64_t brute_force_peak(const std::vector<SimTime>& times, std::size_t from, std::size_t to, Duration width) {
  std::uint64_t best = 0;
  for (std::size_t j = from; j < to; ++j) {
    std::uint64_t n = 0;
    for (std::size_t i = 0; i <= j; ++i) n += times[i] + width > times[j];
    best = std::max(best, n);
  }
  return best;
}

// Bursts and lulls: gaps drawn from 0 (simultaneous arrivals) to 3 s.
std::vector<SimTime> random_arrivals(std::size_t n, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<int> kind(0, 9);
  std::exponential_distribution<double> gap_ms(1.0 / 40);
  std::vector<SimTime> out;
  SimTime t = SimTime::zero();
  for (std::size_t i = 0; i < n; ++i) {
    const int k = kind(rng);
    const double g = k == 0 ? 0.0 : k == 1 ? 3000.0 * gap_ms(rng) / 40 : k < 5 ? gap_ms(rng) / 20 : gap_ms(rng);
    t += from_millis(g);
    out.push_back(t);
  }
  return out;
}

TEST(LiveEnvelope, PeaksAreTheBruteForceCountOfEveryWindowEndingAtAnArrival) {
  const std::vector<Duration> widths{from_millis(7), from_millis(50), from_millis(400), from_seconds(3),
                                     from_seconds(20), from_seconds(60)};
  const std::vector<SimTime> times = random_arrivals(3000, 37);
  RecentArrivals live;  // a 60-s horizon: the widest width
  LiveEnvelope envelope(widths);
  std::size_t taken_at = 0;
  for (std::size_t j = 0; j < times.size(); ++j) {
    live.record(times[j]);
    envelope.observe(live);
    // The Tuner takes the peaks now and then; each take covers the arrivals since the last.
    if (j % 97 == 96 || j + 1 == times.size()) {
      const std::vector<std::uint64_t> peaks = envelope.take_peaks();
      ASSERT_EQ(peaks.size(), widths.size());
      for (std::size_t i = 0; i < widths.size(); ++i) {
        EXPECT_EQ(peaks[i], brute_force_peak(times, taken_at, j + 1, widths[i])) << "width " << i << " up to " << j;
        // The tick check's count of the window ending now, through the same kept times.
        EXPECT_EQ(live.count_within(times[j], widths[i]), brute_force_peak(times, j, j + 1, widths[i])) << i << " " << j;
      }
      taken_at = j + 1;
      EXPECT_EQ(envelope.peaks(), std::vector<std::uint64_t>(widths.size(), 0));
    }
  }
  // The trace outlasts the horizon many times over: forgotten arrivals were
  // stepped over, and RecentArrivals dropped its forgotten front (past 1024).
  EXPECT_GT(live.first_kept(), 2048u);
}

TEST(LiveEnvelope, TheWholeTraceGivesTheSamplesEnvelope) {
  // Windows ending at arrivals and windows starting at them have the same
  // maxima: observed over the whole trace, the live envelope is the one the
  // Planner computes on it.
  const std::vector<Duration> widths = envelope_widths(from_millis(30));
  const std::vector<SimTime> times = random_arrivals(2000, 11);
  const TrafficEnvelope sample = traffic_envelope(times, widths);
  RecentArrivals live;
  LiveEnvelope envelope(widths);
  for (SimTime t : times) {
    live.record(t);
    envelope.observe(live);
  }
  for (std::size_t i = 0; i < widths.size(); ++i) EXPECT_EQ(envelope.peaks()[i], sample[i].max_count) << i;
  EXPECT_FALSE(rate_above_envelope(sample, envelope.peaks()).has_value());
}

TEST(LiveEnvelope, AnArrivalAfterALullLongerThanTheHorizonCountsAlone) {
  RecentArrivals live(from_seconds(10));
  LiveEnvelope envelope({from_seconds(1), from_seconds(10)});
  for (double ms : {0.0, 100.0, 200.0}) {
    live.record(at_ms(ms));
    envelope.observe(live);
  }
  EXPECT_EQ(envelope.take_peaks(), (std::vector<std::uint64_t>{3, 3}));
  live.record(at_ms(30000));  // forgets all three
  envelope.observe(live);
  EXPECT_EQ(envelope.take_peaks(), (std::vector<std::uint64_t>{1, 1}));
}

TEST(LiveEnvelope, WidthsMustBePositiveAndFitTheHorizon) {
  EXPECT_THROW(LiveEnvelope({Duration::zero()}), std::invalid_argument);
  RecentArrivals live(from_seconds(10));
  live.record(at_ms(0));
  LiveEnvelope too_wide({from_seconds(20)});
  EXPECT_THROW(too_wide.observe(live), std::invalid_argument);
  LiveEnvelope fits({from_seconds(10)});
  EXPECT_THROW(fits.observe(RecentArrivals{}), std::invalid_argument);  // nothing recorded yet
}

// Section 5's failure mode the continuous check removes: ticks every
// second; the sample allows 2 arrivals per 50 ms (Ts) and 30 per second; a
// burst of 10 within 50 ms at 10.30 s, between the ticks at 10 and 11 s.
TEST(LiveEnvelope, ABurstBetweenTwoTicksIsSeenOnlyByTheContinuousCheck) {
  const TrafficEnvelope sample{{from_millis(50), 2}, {from_seconds(1), 30}};
  const std::vector<Duration> widths{from_millis(50), from_seconds(1)};
  RecentArrivals live;
  LiveEnvelope envelope(widths);
  std::vector<double> arrivals_ms;
  for (int i = 0; i < 20; ++i) arrivals_ms.push_back(100.0 * i);  // 10 a second before the burst
  for (int i = 0; i < 10; ++i) arrivals_ms.push_back(10300.0 + 5.0 * i);  // 10300-10345 ms
  for (double ms : arrivals_ms) {
    live.record(at_ms(ms));
    envelope.observe(live);
  }
  // The tick at 11 s: (10.95, 11] is empty and (10, 11] holds 10 <= 30.
  EXPECT_FALSE(rate_above_envelope(sample, live, at_ms(11000)).has_value());
  // The continuous check: (10.295, 10.345] held all 10 > 2 at the burst's last arrival.
  const auto r_max = rate_above_envelope(sample, envelope.take_peaks());
  ASSERT_TRUE(r_max.has_value());
  EXPECT_DOUBLE_EQ(*r_max, 10 / 0.05);
}

}  // namespace
}  // namespace servesim::inferline
