#include "traces/rate_series_arrivals.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <sstream>
#include <stdexcept>

#include "sim/core/input_error.hpp"
#include "trace_test_support.hpp"

namespace servesim {
namespace {

using test::kSigmas;

RateSeriesOptions options(const std::filesystem::path& file, RateSeriesFormat format = RateSeriesFormat::counts_line) {
  RateSeriesOptions o;
  o.file = file;
  o.format = format;
  o.within = GapDistribution::uniform();  // exact counts per interval unless a test says otherwise
  return o;
}

// Arrivals per interval of the replayed window.
std::vector<std::size_t> per_interval(const RateSeriesArrivals& spec, double interval_s, std::size_t n,
                                      const std::string& name = "rs") {
  const auto arrivals = test::take_all(*spec.open(1, name));
  std::vector<std::size_t> counts(n, 0);
  for (const Arrival& a : arrivals) {
    const auto i = static_cast<std::size_t>(a.time.seconds() / interval_s);
    EXPECT_LT(i, n) << "arrival after the window";
    if (i < n) ++counts[i];
  }
  return counts;
}

std::string message_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "no InputError";
}

class RateSeries : public ::testing::Test {
 protected:
  test::TempDir dir;
};

TEST_F(RateSeries, UniformWithinReproducesCountsExactly) {
  const auto file = dir.write("w.txt", "3 0 5 1 7 \n");
  const RateSeriesArrivals spec(options(file));
  EXPECT_EQ(per_interval(spec, 1, 5), (std::vector<std::size_t>{3, 0, 5, 1, 7}));
  EXPECT_EQ(spec.length(), from_seconds(5));
  EXPECT_EQ(spec.stats().intervals, 5u);
  EXPECT_DOUBLE_EQ(spec.stats().mean_rate, 16.0 / 5);
}

// Poisson within: the count of interval i over m independent streams
// averages c_i with standard error sqrt(c_i / m).
TEST_F(RateSeries, PoissonWithinReproducesCountsOnAverage) {
  const std::vector<double> counts{40, 0, 10, 200, 3};
  const auto file = dir.write("w.txt", "40 0 10 200 3");
  auto o = options(file);
  o.within = GapDistribution::poisson();
  const RateSeriesArrivals spec(o);
  const int m = 300;
  std::vector<double> sum(counts.size(), 0);
  for (int s = 0; s < m; ++s) {
    const auto got = per_interval(spec, 1, counts.size(), "seed/" + std::to_string(s));
    for (std::size_t i = 0; i < counts.size(); ++i) sum[i] += got[i];
  }
  for (std::size_t i = 0; i < counts.size(); ++i) {
    EXPECT_NEAR(sum[i] / m, counts[i], kSigmas * std::sqrt(counts[i] / m) + 1e-12) << "interval " << i;
  }
}

TEST_F(RateSeries, GammaWithinFollowsCounts) {
  std::ostringstream text;
  for (int i = 0; i < 200; ++i) text << (i % 2 ? 100 : 300) << ' ';
  auto o = options(dir.write("w.txt", text.str()));
  o.within = GapDistribution::gamma(2);
  const auto arrivals = test::take_all(*RateSeriesArrivals(o).open(4, "g"));
  // Renewal count over a window: variance about total * cv^2.
  EXPECT_NEAR(arrivals.size(), 40000, kSigmas * std::sqrt(40000 * 4.0));
}

TEST_F(RateSeries, WindowSelectsIntervalsAndStartsAtZero) {
  auto o = options(dir.write("w.txt", "1 2 3 4 5 6 7"));
  o.window_start_s = 2;
  o.window_length_s = 3;
  const RateSeriesArrivals spec(o);
  EXPECT_EQ(per_interval(spec, 1, 3), (std::vector<std::size_t>{3, 4, 5}));
  o.window_length_s.reset();
  EXPECT_EQ(per_interval(RateSeriesArrivals(o), 1, 5), (std::vector<std::size_t>{3, 4, 5, 6, 7}));
}

TEST_F(RateSeries, IntervalLengthSetsTheRate) {
  auto o = options(dir.write("w.txt", "60 120"));
  o.interval_s = 60;
  const RateSeriesArrivals spec(o);
  EXPECT_DOUBLE_EQ(spec.stats().max_rate, 2.0);
  EXPECT_EQ(per_interval(spec, 60, 2), (std::vector<std::size_t>{60, 120}));
}

TEST_F(RateSeries, ScaleByFactor) {
  auto o = options(dir.write("w.txt", "3 0 5"));
  o.scale = RateScale::by_factor(2);
  EXPECT_EQ(per_interval(RateSeriesArrivals(o), 1, 3), (std::vector<std::size_t>{6, 0, 10}));
}

TEST_F(RateSeries, ScaleOntoRangeMapsMinAndMaxExactly) {
  auto o = options(dir.write("w.txt", "4 9 2 20 11"));
  o.scale = RateScale::onto_range(10, 1000);
  const RateSeriesArrivals spec(o);
  EXPECT_DOUBLE_EQ(spec.scaled_rate(spec.stats().min_rate), 10);
  EXPECT_DOUBLE_EQ(spec.scaled_rate(spec.stats().max_rate), 1000);
  EXPECT_DOUBLE_EQ(spec.scaled_rate(11), 10 + 990 * 0.5);
  EXPECT_EQ(per_interval(spec, 1, 5), (std::vector<std::size_t>{120, 395, 10, 1000, 505}));
}

TEST_F(RateSeries, ScaleToMeanMatchesMean) {
  auto o = options(dir.write("w.txt", "1 2 3 4 5 6 7 8"));
  o.window_start_s = 4;  // the window's mean (6.5) is what gets scaled
  o.scale = RateScale::to_mean(100);
  const RateSeriesArrivals spec(o);
  EXPECT_DOUBLE_EQ(spec.stats().mean_rate, 6.5);
  const auto counts = per_interval(spec, 1, 4);
  double total = 0;
  for (auto c : counts) total += c;
  EXPECT_EQ(total, 400);
  EXPECT_EQ(counts[0], static_cast<std::size_t>(std::lround(5 * 100 / 6.5)));
}

TEST_F(RateSeries, ConstantWindowOntoRangeGoesToTheMiddle) {
  auto o = options(dir.write("w.txt", "5 5 5"));
  o.scale = RateScale::onto_range(10, 30);
  EXPECT_DOUBLE_EQ(RateSeriesArrivals(o).scaled_rate(5), 20);
}

TEST_F(RateSeries, HoldRepeatsThePreviousNonZeroRate) {
  auto o = options(dir.write("w.txt", "0 0 5 0 0 3 0"));
  o.zeros = ZeroPolicy::hold;
  const RateSeriesArrivals spec(o);
  EXPECT_EQ(per_interval(spec, 1, 7), (std::vector<std::size_t>{5, 5, 5, 5, 5, 3, 3}));
  EXPECT_DOUBLE_EQ(spec.stats().min_rate, 3);
  EXPECT_DOUBLE_EQ(spec.stats().mean_rate, 31.0 / 7);
  o.zeros = ZeroPolicy::keep;
  EXPECT_EQ(per_interval(RateSeriesArrivals(o), 1, 7), (std::vector<std::size_t>{0, 0, 5, 0, 0, 3, 0}));
}

TEST_F(RateSeries, CsvWithHeaderAndIndexGaps) {
  auto o = options(dir.write("m.csv", "minute,tweets\r\n0,120\r\n1,60\r\n3,180\r\n"), RateSeriesFormat::csv);
  o.interval_s = 60;
  EXPECT_EQ(per_interval(RateSeriesArrivals(o), 60, 4), (std::vector<std::size_t>{120, 60, 0, 180}));
}

TEST_F(RateSeries, CsvSingleColumnWithoutHeader) {
  const auto o = options(dir.write("c.csv", "4\n\n2\n7\n"), RateSeriesFormat::csv);
  EXPECT_EQ(per_interval(RateSeriesArrivals(o), 1, 3), (std::vector<std::size_t>{4, 2, 7}));
}

const char* kAzureOriginal =
    "HashOwner,HashApp,HashFunction,Trigger,1,2,3\n"
    "o1,a1,f1,http,1,2,3\n"
    "o2,a2,f2,queue,10,20,30\n"
    "o3,a3,f3,event,100,200,300\n";
const char* kAzureInvitro =
    "HashFunction,HashApp,HashOwner,minute_1,minute_2\n"
    "fa,fa,fa,60,0\n"
    "fb,fb,fb,0,120\n";

TEST_F(RateSeries, AzureSumsRowsPerMinute) {
  const auto file = dir.write("inv.csv", kAzureOriginal);
  auto o = options(file, RateSeriesFormat::azure_functions);
  o.interval_s = 60;
  EXPECT_EQ(per_interval(RateSeriesArrivals(o), 60, 3), (std::vector<std::size_t>{111, 222, 333}));
  o.rows = AzureRowSelection::rows({0, 2});
  EXPECT_EQ(per_interval(RateSeriesArrivals(o), 60, 3), (std::vector<std::size_t>{101, 202, 303}));
  o.rows = AzureRowSelection::by_function("f2");
  EXPECT_EQ(per_interval(RateSeriesArrivals(o), 60, 3), (std::vector<std::size_t>{10, 20, 30}));
}

TEST_F(RateSeries, AzureInvitroLayout) {
  auto o = options(dir.write("inv.csv", kAzureInvitro), RateSeriesFormat::azure_functions);
  o.interval_s = 60;
  o.rows = AzureRowSelection::by_function("fb");
  EXPECT_EQ(per_interval(RateSeriesArrivals(o), 60, 2), (std::vector<std::size_t>{0, 120}));
  o.rows = AzureRowSelection::all();
  EXPECT_EQ(per_interval(RateSeriesArrivals(o), 60, 2), (std::vector<std::size_t>{60, 120}));
}

TEST_F(RateSeries, DeterministicPerSeedAndName) {
  auto o = options(dir.write("w.txt", "50 80 20"));
  o.within = GapDistribution::poisson();
  const RateSeriesArrivals spec(o);
  const auto a = test::take_all(*spec.open(3, "x")), b = test::take_all(*spec.open(3, "x")),
             c = test::take_all(*spec.open(3, "y"));
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) ASSERT_EQ(a[i].time, b[i].time);
  EXPECT_NE(test::times_s(a), test::times_s(c));
}

TEST_F(RateSeries, ErrorsNameTheFileAndPlace) {
  EXPECT_NE(message_of([&] { RateSeriesArrivals(options(dir.path() / "missing.txt")); }).find("missing.txt: cannot open"), std::string::npos);
  EXPECT_NE(message_of([&] { RateSeriesArrivals(options(dir.write("e.txt", " \n"))); }).find("empty trace"), std::string::npos);
  EXPECT_NE(message_of([&] { RateSeriesArrivals(options(dir.write("n.txt", "1 2 x3 4"))); }).find("n.txt: value 3: expected a count"), std::string::npos);
  EXPECT_NE(message_of([&] { RateSeriesArrivals(options(dir.write("neg.txt", "1 2 -4"))); }).find("neg.txt: value 3"), std::string::npos);
  EXPECT_NE(message_of([&] { RateSeriesArrivals(options(dir.write("c.csv", "m,n\n0,1\n1,abc\n"), RateSeriesFormat::csv)); }).find("c.csv:3: expected a count"), std::string::npos);
  EXPECT_NE(message_of([&] { RateSeriesArrivals(options(dir.write("d.csv", "0,1\n0,2\n"), RateSeriesFormat::csv)); }).find("d.csv:2"), std::string::npos);
  EXPECT_NE(message_of([&] { RateSeriesArrivals(options(dir.write("h.csv", "m,n\n"), RateSeriesFormat::csv)); }).find("empty trace"), std::string::npos);
  auto o = options(dir.write("w.txt", "1 2 3"));
  o.window_start_s = 5;
  EXPECT_NE(message_of([&] { RateSeriesArrivals{o}; }).find("window starts at 5 s but the trace has only 3 s"), std::string::npos);
  o.window_start_s = 1;
  o.window_length_s = 5;
  EXPECT_NE(message_of([&] { RateSeriesArrivals{o}; }).find("window ends at 6 s"), std::string::npos);
  const auto azure = dir.write("a.csv", kAzureOriginal);
  auto a = options(azure, RateSeriesFormat::azure_functions);
  a.rows = AzureRowSelection::by_function("nope");
  EXPECT_NE(message_of([&] { RateSeriesArrivals{a}; }).find("no row has HashFunction"), std::string::npos);
  a.rows = AzureRowSelection::rows({7});
  EXPECT_NE(message_of([&] { RateSeriesArrivals{a}; }).find("has 3 data rows"), std::string::npos);
  a.rows = AzureRowSelection::all();
  a.file = dir.write("bad.csv", "HashOwner,HashApp,HashFunction,Trigger,1,2\no,a,f,http,1\n");
  EXPECT_NE(message_of([&] { RateSeriesArrivals{a}; }).find("bad.csv:2: expected 6 columns"), std::string::npos);
}

TEST_F(RateSeries, RejectsBadOptions) {
  auto o = options(dir.write("w.txt", "1 2 3"));
  o.window_start_s = 0.5;
  EXPECT_THROW(RateSeriesArrivals{o}, std::invalid_argument);
  o = options(dir.write("w.txt", "1 2 3"));
  o.interval_s = 0;
  EXPECT_THROW(RateSeriesArrivals{o}, std::invalid_argument);
  o = options(dir.write("z.txt", "0 0"));
  o.scale = RateScale::to_mean(10);
  EXPECT_THROW(RateSeriesArrivals{o}, InputError);
}

}  // namespace
}  // namespace servesim
