// The monitors behind ClusterView's recent rates and observed latencies.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "sim/serving/sliding_latency.hpp"
#include "sim/serving/sliding_rate.hpp"

namespace servesim {
namespace {

TEST(SlidingRate, AveragesTheLastCompleteSeconds) {
  SlidingRate rate;
  for (int s = 0; s < 5; ++s) rate.add(at_seconds(s + 0.5), 10);  // 10 per second for 5 s
  EXPECT_DOUBLE_EQ(rate.per_second(at_seconds(5.2)), 10.0);
  // 20 s later the window holds only empty seconds.
  EXPECT_DOUBLE_EQ(rate.per_second(at_seconds(25.2)), 0.0);
}

// Past the first window the current second must not overwrite the oldest
// complete one (a rate once read 10 % low on every whole-second tick).
TEST(SlidingRate, SteadyRateReadsExactlyOnWholeSeconds) {
  SlidingRate rate;  // time only moves forward: read as the run goes
  for (int ms = 0; ms < 30000; ++ms) {
    const SimTime now{ms * 1'000'000LL};
    if (ms % 1000 == 0 && ms >= 10000) {
      EXPECT_DOUBLE_EQ(rate.per_second(now), 1000.0) << ms;
    }
    rate.add(now, 1);  // 1000 per second
  }
}

TEST(SlidingLatency, MeanIsExactAndTheTailWithinOneBucket) {
  SlidingLatency latency;
  // 99 queries at 10 ms and one at 200 ms.
  for (int i = 0; i < 99; ++i) latency.add(at_seconds(1), from_millis(10));
  latency.add(at_seconds(1), from_millis(200));
  EXPECT_EQ(latency.mean(at_seconds(1.5)), from_millis((99 * 10 + 200) / 100.0));
  const Duration p99 = latency.quantile(at_seconds(1.5), 0.99);
  EXPECT_GE(p99, from_millis(10));
  EXPECT_LE(p99, from_millis(11));  // buckets are 10 % apart
  const Duration p100 = latency.quantile(at_seconds(1.5), 1.0);
  EXPECT_GE(p100, from_millis(200));
  EXPECT_LE(p100, from_millis(220));
}

// Past the last edge, a latency counts in the last bucket.
double first_edge_at_or_above(const std::vector<double>& edges, std::int64_t ns) {
  const auto it = std::lower_bound(edges.begin(), edges.end(), static_cast<double>(ns));
  return it == edges.end() ? edges.back() : *it;
}

// Each latency reports as the upper edge of its bucket (1 us x 1.1^b, the
// first edge at or above it), from 1 us to beyond the last edge, at an edge
// and one nanosecond either side of it: the bucket search must agree with
// the edges everywhere, not only near the common latencies.
TEST(SlidingLatency, EveryLatencyReportsTheFirstBucketEdgeAtOrAboveIt) {
  std::vector<double> edges{1e3};
  while (edges.size() < SlidingLatency::kBuckets) edges.push_back(edges.back() * 1.1);
  for (std::size_t b = 0; b < edges.size(); ++b) {
    const auto edge_ns = static_cast<std::int64_t>(edges[b]);
    for (std::int64_t ns : {edge_ns - 1, edge_ns, edge_ns + 1}) {
      SlidingLatency latency;
      latency.add(at_seconds(1), Duration{ns});
      ASSERT_EQ(latency.quantile(at_seconds(1), 1.0), from_nanos_double(first_edge_at_or_above(edges, ns)))
          << ns << " ns";
    }
  }
  SlidingLatency beyond;
  beyond.add(at_seconds(1), from_seconds(1e4));  // past the last edge: the last bucket
  EXPECT_EQ(beyond.quantile(at_seconds(1), 1.0), from_nanos_double(edges.back()));
}

// The same between the edges: latencies 0.3 % apart from 1 ns to 10^4 s, and
// either side of every power of two (where the bucket lookup's cells change).
TEST(SlidingLatency, LatenciesBetweenTheEdgesReportTheFirstEdgeAtOrAboveThem) {
  std::vector<double> edges{1e3};
  while (edges.size() < SlidingLatency::kBuckets) edges.push_back(edges.back() * 1.1);
  std::vector<std::int64_t> latencies;
  for (double ns = 1; ns < 1e13; ns *= 1.003) latencies.push_back(static_cast<std::int64_t>(ns));
  for (int k = 0; k < 44; ++k) {
    const std::int64_t power = std::int64_t{1} << k;
    latencies.insert(latencies.end(), {power - 1, power, power + 1});
  }
  for (std::int64_t ns : latencies) {
    SlidingLatency latency;
    latency.add(at_seconds(1), Duration{ns});
    ASSERT_EQ(latency.quantile(at_seconds(1), 1.0), from_nanos_double(first_edge_at_or_above(edges, ns)))
        << ns << " ns";
  }
}

TEST(SlidingLatency, ForgetsAfterTheWindow) {
  SlidingLatency latency;
  latency.add(at_seconds(1), from_millis(50));
  EXPECT_EQ(latency.mean(at_seconds(5)), from_millis(50));
  EXPECT_EQ(latency.mean(at_seconds(1 + SlidingLatency::kSeconds + 1)), Duration::zero());
}

}  // namespace
}  // namespace servesim
