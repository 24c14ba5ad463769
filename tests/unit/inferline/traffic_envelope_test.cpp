// InferLine's traffic envelope (section 5) and the Tuner's view of the live
// arrivals, on hand-checked traces.
#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

#include "policies/inferline/recent_arrivals.hpp"
#include "policies/inferline/traffic_envelope.hpp"

namespace servesim::inferline::traffic_envelope_test {  // its own: unity builds join test files
namespace {

SimTime at_ms(double ms) { return SimTime::zero() + from_millis(ms); }

std::vector<SimTime> times_ms(const std::vector<double>& ms) {
  std::vector<SimTime> out;
  for (double m : ms) out.push_back(at_ms(m));
  return out;
}

TEST(TrafficEnvelope, WidthsDoubleFromTheServiceTimeUpToSixtySeconds) {
  const auto w = envelope_widths(from_millis(7500));
  ASSERT_EQ(w.size(), 4u);  // 7.5, 15, 30, 60 s
  EXPECT_EQ(w.front(), from_millis(7500));
  EXPECT_EQ(w.back(), from_seconds(60));
  EXPECT_EQ(envelope_widths(from_millis(100)).size(), 10u);  // 0.1 s x 2^9 = 51.2 s; 102.4 s is past 60
  EXPECT_EQ(envelope_widths(from_seconds(90)), std::vector<Duration>{from_seconds(60)});
  EXPECT_THROW(envelope_widths(Duration::zero()), std::invalid_argument);
}

TEST(TrafficEnvelope, CountsTheDensestWindowOfEachWidth) {
  // A burst of 4 within 30 ms at 1 s, otherwise one arrival a second.
  const auto trace = times_ms({0, 1000, 1010, 1020, 1030, 2000, 3000, 4000});
  const std::vector<Duration> widths{from_millis(10), from_millis(40), from_millis(1000), from_millis(4000)};
  const TrafficEnvelope e = traffic_envelope(trace, widths);
  ASSERT_EQ(e.size(), 4u);
  EXPECT_EQ(e[0].max_count, 1u);  // [t, t + 10 ms) holds one: 1000 and 1010 are 10 ms apart
  EXPECT_EQ(e[1].max_count, 4u);  // 1000-1030
  EXPECT_EQ(e[2].max_count, 4u);  // [1000, 2000) holds the burst, not 2000
  EXPECT_EQ(e[3].max_count, 7u);  // [0, 4000) or [1000, 5000)
  EXPECT_DOUBLE_EQ(e[1].rate(), 100.0);
  EXPECT_DOUBLE_EQ(e[3].rate(), 1.75);
}

TEST(TrafficEnvelope, AnEmptyTraceHasAnEmptyEnvelope) {
  const std::vector<Duration> widths{from_seconds(1)};
  const TrafficEnvelope e = traffic_envelope({}, widths);
  ASSERT_EQ(e.size(), 1u);
  EXPECT_EQ(e[0].max_count, 0u);
}

TEST(RecentArrivals, CountsTrailingWindowsAndForgetsPastTheHorizon) {
  RecentArrivals live(from_seconds(10));
  for (double ms : {0.0, 500.0, 9000.0, 9500.0, 10000.0}) live.record(at_ms(ms));
  // At 10 s the arrival at 0 is a full horizon old: forgotten.
  EXPECT_EQ(live.count_within(at_ms(10000), from_seconds(10)), 4u);  // (0, 10 s]: 500 ms on
  EXPECT_EQ(live.count_within(at_ms(10000), from_millis(1000)), 2u);  // (9 s, 10 s]: 9.5 and 10 s; 9 s is out
  EXPECT_EQ(live.count_within(at_ms(10000), from_millis(1001)), 3u);  // now 9 s is in
  EXPECT_EQ(live.count_within(at_ms(10000), from_millis(500)), 1u);  // (9.5 s, 10 s]
  EXPECT_THROW(live.record(at_ms(5000)), std::invalid_argument);
  // Numbered as recorded: arrival 0 is forgotten, 1-4 are kept.
  EXPECT_EQ(live.recorded(), 5u);
  EXPECT_EQ(live.first_kept(), 1u);
  EXPECT_EQ(live.at(1), at_ms(500));
  EXPECT_EQ(live.at(4), at_ms(10000));
  EXPECT_THROW(live.at(0), std::out_of_range);
  EXPECT_THROW(live.at(5), std::out_of_range);
}

TEST(RecentArrivals, ScaleDownRateIsTheBusiestFiveSecondWindowOfTheLastThirty) {
  RecentArrivals live;
  for (int i = 0; i < 10; ++i) live.record(at_ms(3000 + 100 * i));  // 3.0-3.9 s
  for (int i = 0; i < 4; ++i) live.record(at_ms(21000 + 1000 * i));  // 21-24 s
  // At 30 s the windows are (25, 30], (20, 25], ..., (0, 5]: 0, 4, 0, 0, 0, 10.
  EXPECT_DOUBLE_EQ(live.max_window_rate(at_ms(30000), from_seconds(30), from_seconds(5)), 2.0);
  // At 34 s the last 30 s are (4, 34]: the burst has aged out, 21-24 s remain.
  EXPECT_DOUBLE_EQ(live.max_window_rate(at_ms(34000), from_seconds(30), from_seconds(5)), 0.8);
  EXPECT_DOUBLE_EQ(live.max_window_rate(at_ms(25000), from_seconds(30), from_seconds(5)), 2.0);
}

TEST(RateAboveEnvelope, TheLargestRateOfTheWindowsThatExceedTheSample) {
  const TrafficEnvelope sample{{from_seconds(1), 3}, {from_seconds(4), 8}};
  RecentArrivals live;
  for (int i = 0; i < 8; ++i) live.record(at_ms(10000 + 500 * i));  // 2 a second for 4 s, 10.0-13.5 s
  EXPECT_FALSE(rate_above_envelope(sample, live, at_ms(13500)).has_value());  // 2 in 1 s, 8 in 4 s: inside
  live.record(at_ms(13600));
  live.record(at_ms(13700));
  // (12.7, 13.7]: 13.0, 13.5, 13.6, 13.7 = 4 > 3 -> 4 / s; (9.7, 13.7]: 10 > 8 -> 2.5 / s.
  const auto r = rate_above_envelope(sample, live, at_ms(13700));
  ASSERT_TRUE(r.has_value());
  EXPECT_DOUBLE_EQ(*r, 4.0);
  EXPECT_THROW(rate_above_envelope(sample, std::vector<std::uint64_t>{4}), std::invalid_argument);  // one count per width
}

}  // namespace
}  // namespace servesim::inferline::traffic_envelope_test
