#include "sim/metrics/latency_histogram.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "sim/core/random_stream.hpp"

namespace servesim {
namespace {

// Per-mille quantiles, so the exact nearest rank can be computed in integers.
constexpr int kPerMille[] = {0, 1, 10, 100, 250, 500, 750, 900, 950, 990, 999, 1000};

std::int64_t exact_quantile(std::vector<std::int64_t> sorted, int per_mille) {
  const auto n = static_cast<std::int64_t>(sorted.size());
  const std::int64_t rank = (per_mille * n + 999) / 1000;  // ceil(q * n), 1-based
  return sorted[static_cast<std::size_t>(std::max<std::int64_t>(rank, 1) - 1)];
}

void expect_quantiles_close(const std::vector<std::int64_t>& values, const LatencyHistogram& h) {
  std::vector<std::int64_t> sorted = values;
  std::sort(sorted.begin(), sorted.end());
  for (int pm : kPerMille) {
    const double exact = static_cast<double>(exact_quantile(sorted, pm));
    const double got = static_cast<double>(h.quantile(pm / 1000.0).ns);
    EXPECT_LE(std::abs(got - exact), LatencyHistogram::kQuantileAccuracy * exact)
        << "q=" << pm / 1000.0 << " exact=" << exact << " got=" << got;
  }
}

LatencyHistogram record_all(const std::vector<std::int64_t>& values) {
  LatencyHistogram h;
  for (auto ns : values) h.record(Duration{ns});
  return h;
}

TEST(LatencyHistogram, LognormalQuantilesWithinHalfAPercent) {
  RandomStream rng(11, "histogram-lognormal");
  std::vector<std::int64_t> values;
  for (int i = 0; i < 50000; ++i) values.push_back(std::llround(rng.lognormal_mean_cv(50e6, 2.0)) + 1000);
  expect_quantiles_close(values, record_all(values));
}

TEST(LatencyHistogram, LogUniformOverTheWholeRangeWithinHalfAPercent) {
  RandomStream rng(12, "histogram-loguniform");
  std::vector<std::int64_t> values;
  // 1 us .. 10^4 s: ten decades.
  for (int i = 0; i < 50000; ++i) values.push_back(std::llround(std::pow(10.0, 3 + 10 * rng.uniform01())));
  expect_quantiles_close(values, record_all(values));
}

TEST(LatencyHistogram, SmallestRegularValuesStayWithinBound) {
  // Near 1 us the rounding to whole nanoseconds weighs most.
  std::vector<std::int64_t> values;
  for (std::int64_t ns = 1001; ns < 3000; ns += 7) values.push_back(ns);
  const auto h = record_all(values);
  expect_quantiles_close(values, h);
  for (std::size_t i = 1; i + 1 < values.size(); i += 13) {
    const double q = static_cast<double>(i + 1) / static_cast<double>(values.size());
    const double got = static_cast<double>(h.quantile(q).ns);
    EXPECT_LE(std::abs(got - values[i]), 0.005 * values[i]) << values[i];
  }
}

TEST(LatencyHistogram, ConstantDataIsExact) {
  std::vector<std::int64_t> values(1000, 12'345'678);
  const auto h = record_all(values);
  for (int pm : kPerMille) EXPECT_EQ(h.quantile(pm / 1000.0).ns, 12'345'678);
  EXPECT_EQ(h.mean().ns, 12'345'678);
}

TEST(LatencyHistogram, TwoPointData) {
  std::vector<std::int64_t> values;
  for (int i = 0; i < 990; ++i) values.push_back(1'000'000);  // 1 ms
  for (int i = 0; i < 10; ++i) values.push_back(5'000'000'000);  // 5 s
  const auto h = record_all(values);
  expect_quantiles_close(values, h);
  EXPECT_LE(std::abs(h.quantile(0.99).ns - 1'000'000), 5'000);  // rank 990 is still 1 ms
  EXPECT_EQ(h.quantile(0.991).ns, 5'000'000'000);  // and 991 is the maximum
}

TEST(LatencyHistogram, MeanIsExact) {
  const std::vector<std::int64_t> values = {1'000'003, 2'000'001, 7, 40'000'000'000};
  const auto h = record_all(values);
  // 40'003'000'011 / 4 = 10'000'750'002.75, rounded to the nearest nanosecond.
  EXPECT_EQ(h.mean().ns, 10'000'750'003);
  EXPECT_EQ(h.count(), 4u);
}

TEST(LatencyHistogram, SumDoesNotOverflowInt64) {
  LatencyHistogram h;
  // 2 million latencies of 10^4 s sum to 2e19 ns, past INT64_MAX (9.2e18).
  for (int i = 0; i < 2'000'000; ++i) h.record(Duration{10'000'000'000'000});
  EXPECT_EQ(h.mean().ns, 10'000'000'000'000);
}

TEST(LatencyHistogram, UnderAndOverflowKeepExactExtremes) {
  const std::vector<std::int64_t> values = {10, 500, 20'000'000'000'000, 30'000'000'000'000};
  const auto h = record_all(values);
  EXPECT_EQ(h.quantile(0).ns, 10);
  EXPECT_EQ(h.quantile(1).ns, 30'000'000'000'000);
  EXPECT_EQ(h.min().ns, 10);
  EXPECT_EQ(h.max().ns, 30'000'000'000'000);
}

TEST(LatencyHistogram, MergeEqualsRecordingEverything) {
  RandomStream rng(13, "histogram-merge");
  std::vector<std::int64_t> first, second, all;
  for (int i = 0; i < 20000; ++i) {
    const auto ns = std::llround(rng.exponential(80e6)) + 1;
    (i % 3 == 0 ? first : second).push_back(ns);
    all.push_back(ns);
  }
  auto merged = record_all(first);
  merged.merge(record_all(second));
  const auto whole = record_all(all);
  EXPECT_EQ(merged.count(), whole.count());
  EXPECT_EQ(merged.mean(), whole.mean());
  EXPECT_EQ(merged.min(), whole.min());
  EXPECT_EQ(merged.max(), whole.max());
  for (int q = 0; q <= 1000; ++q) EXPECT_EQ(merged.quantile(q / 1000.0), whole.quantile(q / 1000.0)) << q;
}

TEST(LatencyHistogram, EmptyAndResetReadZero) {
  LatencyHistogram h;
  EXPECT_EQ(h.count(), 0u);
  EXPECT_EQ(h.quantile(0.5), Duration::zero());
  EXPECT_EQ(h.mean(), Duration::zero());
  h.record(from_millis(3));
  h.reset();
  EXPECT_EQ(h.count(), 0u);
  EXPECT_EQ(h.quantile(0.99), Duration::zero());
  EXPECT_EQ(h.max(), Duration::zero());
}

TEST(LatencyHistogram, SizeIsFixed) {
  // ln(10^10) / ln(1.004 / 0.996) regular buckets plus two: a few thousand, whatever is recorded.
  EXPECT_GT(LatencyHistogram::bucket_count(), 2800u);
  EXPECT_LT(LatencyHistogram::bucket_count(), 2900u);
}

}  // namespace
}  // namespace servesim
