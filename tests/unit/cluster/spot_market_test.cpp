// Spot bills (a discount off on-demand, or a price series integrated over the
// run), the CSV reader's checks, and the two interruption forms.
#include "sim/cluster/spot_market.hpp"

#include <gtest/gtest.h>

#include <map>

#include "sim/core/input_error.hpp"
#include "tests/support/temp_dir.hpp"

namespace servesim::spot_market_test {  // its own: unity builds join test files
namespace {

using test::TempDir;

constexpr double kC5Large = 0.085;
constexpr InstanceTypeId kType = 0;

TEST(SpotCost, DiscountIsTheFractionOffOnDemand) {
  const SpotPricing pricing;  // discount 0.7: pay 30 %
  EXPECT_NEAR(spot_price_per_hour(pricing, kType, kC5Large, SimTime::zero()), 0.0255, 1e-12);
  // One hour: 0.3 x $0.085.
  EXPECT_NEAR(spot_cost(pricing, kType, kC5Large, at_seconds(100), at_seconds(3700)), 0.0255, 1e-9);
  // 30 s pays the one-minute minimum; 61.5 s pays 62 s.
  EXPECT_NEAR(spot_cost(pricing, kType, kC5Large, at_seconds(0), at_seconds(30)), 0.0255 * 60 / 3600, 1e-12);
  EXPECT_NEAR(spot_cost(pricing, kType, kC5Large, at_seconds(0), at_seconds(61.5)), 0.0255 * 62 / 3600, 1e-12);
  EXPECT_EQ(spot_cost(pricing, kType, kC5Large, at_seconds(5), at_seconds(5)), 0.0);

  SpotPricing half;
  half.discount = 0.5;
  EXPECT_NEAR(spot_cost(half, kType, 0.90, at_seconds(0), at_seconds(7200)), 0.90, 1e-9);
}

TEST(SpotCost, PriceSeriesIsIntegratedOverTheRun) {
  SpotPricing pricing;
  pricing.discount = 0.99;  // ignored once a series is given
  pricing.series = SpotPriceSeries({{at_seconds(0), 0.03}, {at_seconds(3600), 0.06}, {at_seconds(5400), 0.02}});
  EXPECT_DOUBLE_EQ(spot_price_per_hour(pricing, kType, kC5Large, at_seconds(4000)), 0.06);
  // 1800 s at 0.03 + 1800 s at 0.06 + 1800 s at 0.02 = 0.015 + 0.03 + 0.01.
  EXPECT_NEAR(spot_cost(pricing, kType, kC5Large, at_seconds(1800), at_seconds(7200)), 0.055, 1e-12);
  // The last price holds forever.
  EXPECT_NEAR(pricing.series->cost(at_seconds(7200), at_seconds(10800)), 0.02, 1e-12);
  // The minimum extends the billed span from the start: 10 s billed as 60 s.
  EXPECT_NEAR(spot_cost(pricing, kType, kC5Large, at_seconds(3590), at_seconds(3600)), (10 * 0.03 + 50 * 0.06) / 3600, 1e-12);
}

// A type's own series wins over the series for every type, which wins over
// the discount; a type without its own is priced by the next one.
TEST(SpotCost, ATypesOwnSeriesWinsOverTheSeriesForAllTypes) {
  constexpr InstanceTypeId kOwn = 1, kOther = 2;
  SpotPricing pricing;
  pricing.series_by_type.emplace(kOwn, SpotPriceSeries({{at_seconds(0), 0.02}, {at_seconds(1800), 0.04}}));
  EXPECT_DOUBLE_EQ(spot_price_per_hour(pricing, kOwn, kC5Large, at_seconds(1799)), 0.02);
  EXPECT_DOUBLE_EQ(spot_price_per_hour(pricing, kOwn, kC5Large, at_seconds(1800)), 0.04);
  EXPECT_NEAR(spot_price_per_hour(pricing, kOther, kC5Large, at_seconds(1800)), 0.0255, 1e-12);  // the discount
  // An hour: 1800 s at 0.02 + 1800 s at 0.04.
  EXPECT_NEAR(spot_cost(pricing, kOwn, kC5Large, at_seconds(0), at_seconds(3600)), 0.03, 1e-12);
  EXPECT_NEAR(spot_cost(pricing, kOther, kC5Large, at_seconds(0), at_seconds(3600)), 0.0255, 1e-12);

  pricing.series = SpotPriceSeries({{at_seconds(0), 0.5}});
  EXPECT_DOUBLE_EQ(spot_price_per_hour(pricing, kOwn, kC5Large, at_seconds(0)), 0.02);
  EXPECT_DOUBLE_EQ(spot_price_per_hour(pricing, kOther, kC5Large, at_seconds(0)), 0.5);
  EXPECT_EQ(pricing.series_for(kOwn), &pricing.series_by_type.at(kOwn));
  EXPECT_EQ(pricing.series_for(kOther), &*pricing.series);
  EXPECT_EQ(SpotPricing{}.series_for(kOwn), nullptr);
}

TEST(SpotCost, InterruptedByTheCloudInTheFirstHourIsFree) {
  const SpotPricing pricing;
  EXPECT_EQ(spot_cost_when_interrupted(pricing, kType, kC5Large, at_seconds(0), at_seconds(3599)), 0.0);
  EXPECT_NEAR(spot_cost_when_interrupted(pricing, kType, kC5Large, at_seconds(0), at_seconds(3601)), 0.0255 * 3601 / 3600,
              1e-12);
}

TEST(SpotPriceSeries, ReadsACsvWithHeaderCommentsAndCrlf) {
  TempDir dir;
  const auto file = dir.write("prices.csv", "time_s,price_per_hour\r\n# us-east-1a c5.large\r\n0,0.035\r\n\r\n600, 0.04\r\n");
  const SpotPriceSeries s = SpotPriceSeries::read(file);
  ASSERT_EQ(s.points().size(), 2u);
  EXPECT_EQ(s.points()[1].at, at_seconds(600));
  EXPECT_DOUBLE_EQ(s.price_at(at_seconds(599)), 0.035);
  EXPECT_DOUBLE_EQ(s.price_at(at_seconds(600)), 0.04);
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

std::string read_error(const std::string& content) {
  TempDir dir;
  const auto file = dir.write("p.csv", content);
  try {
    SpotPriceSeries::read(file);
  } catch (const InputError& e) {
    const std::string what = e.what();
    return what.substr(what.find("p.csv"));
  }
  return "no error";
}

TEST(SpotPriceSeries, ErrorsNameFileAndLine) {
  EXPECT_PRED2(contains, read_error("time_s,price_per_hour\n0,0.03\n60,abc\n"), "p.csv:3: expected price_per_hour");
  EXPECT_PRED2(contains, read_error("0,0.03\n60,0.04\n60,0.05\n"), "p.csv:3: time_s must increase");
  EXPECT_PRED2(contains, read_error("10,0.03\n"), "p.csv:1: expected the first time_s to be 0");
  EXPECT_PRED2(contains, read_error("0,0.03\n60,0\n"), "p.csv:2: expected a price_per_hour > 0");
  EXPECT_PRED2(contains, read_error("0,0.03,1\n"), "p.csv:1: expected two comma-separated fields");
  EXPECT_PRED2(contains, read_error("0,0.03\n-5,0.04\n"), "p.csv:2: expected time_s");
  EXPECT_PRED2(contains, read_error("time_s,price_per_hour\n"), "p.csv: no spot price rows");
  EXPECT_PRED2(contains, read_error("0,0.03x\n"), "p.csv:1: expected price_per_hour as a number, got \"0.03x\"");
}

TEST(SpotPriceSeries, MissingFileIsAnInputError) {
  EXPECT_THROW(SpotPriceSeries::read("/nonexistent/prices.csv"), InputError);
}

TEST(SpotInterruptions, PoissonDrawsExponentialLifetimesFromTheLaunch) {
  const SpotInterruptions s = SpotInterruptions::poisson(0.5);  // mean lifetime 2 h
  EXPECT_TRUE(s.is_poisson());
  EXPECT_EQ(s.notice, from_seconds(120));
  RandomStream rng(7, "spot/interruptions");
  const int n = 20000;
  double sum = 0;
  for (int i = 0; i < n; ++i) {
    const auto t = s.draw_for_instance(at_seconds(100), rng);
    ASSERT_TRUE(t.has_value());
    ASSERT_GT(*t, at_seconds(100));
    sum += (*t - at_seconds(100)).seconds();
  }
  EXPECT_NEAR(sum / n, 7200, 7200 * 0.03);  // 3 % ~ 4 standard errors
  // Same seed and name, same draws.
  RandomStream a(7, "spot/interruptions"), b(7, "spot/interruptions");
  EXPECT_EQ(s.draw_for_instance(SimTime::zero(), a), s.draw_for_instance(SimTime::zero(), b));
}

TEST(SpotInterruptions, ZeroRateNeverInterrupts) {
  RandomStream rng(1, "x");
  EXPECT_FALSE(SpotInterruptions::poisson(0).draw_for_instance(SimTime::zero(), rng).has_value());
  EXPECT_THROW(SpotInterruptions::poisson(-1), InvariantError);
}

TEST(SpotInterruptions, ListFormIsSortedAndDrawsNothing) {
  const SpotInterruptions s =
      SpotInterruptions::at_times({{at_seconds(900), 2}, {at_seconds(300), 1}, {at_seconds(600), 0}});
  EXPECT_FALSE(s.is_poisson());
  ASSERT_EQ(s.scheduled().size(), 2u);
  EXPECT_EQ(s.scheduled()[0], std::make_pair(at_seconds(300), std::uint32_t{1}));
  EXPECT_EQ(s.scheduled()[1], std::make_pair(at_seconds(900), std::uint32_t{2}));
  RandomStream rng(1, "x");
  EXPECT_FALSE(s.draw_for_instance(SimTime::zero(), rng).has_value());
}

}  // namespace
}  // namespace servesim::spot_market_test
