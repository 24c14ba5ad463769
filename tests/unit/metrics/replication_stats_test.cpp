#include "sim/metrics/replication_stats.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace servesim {
namespace {

TEST(ReplicationStats, ThreeSeedsMatchTheHandComputation) {
  // goodput 10, 12, 17 over three seeds, by hand:
  //   mean = 39 / 3 = 13
  //   squared deviations 9 + 1 + 16 = 26; variance 26 / (3 - 1) = 13; sd = sqrt(13) = 3.6055513
  //   t_{0.975,2}: with two degrees of freedom t_p = (2p - 1) / sqrt(2 p (1 - p)),
  //     = 0.95 / sqrt(0.04875) = 4.3026527
  //   ci95 = 4.3026527 * 3.6055513 / sqrt(3) = 4.3026527 * 2.0816660 = 8.9566859
  const std::vector<double> goodput{10, 12, 17};
  const ReplicationStats s = replication_stats(goodput);
  EXPECT_EQ(s.n, 3u);
  ASSERT_TRUE(s.mean && s.sd && s.ci95);
  EXPECT_DOUBLE_EQ(*s.mean, 13.0);
  EXPECT_DOUBLE_EQ(*s.sd, std::sqrt(13.0));
  EXPECT_NEAR(student_t_975(2), 0.95 / std::sqrt(2 * 0.975 * 0.025), 1e-12);
  EXPECT_NEAR(*s.ci95, 8.9566859, 1e-7);
}

TEST(ReplicationStats, TwoValuesUseTheOneDegreeQuantile) {
  // One degree of freedom is the Cauchy distribution: t_p = tan(pi (p - 1/2)),
  // t_{0.975,1} = tan(0.475 pi) = 12.7062047; sd of {0.5, 0.7} = 0.1414214,
  // ci95 = 12.7062047 * 0.1414214 / sqrt(2) = 1.2706205.
  const double pi = std::acos(-1.0);
  EXPECT_NEAR(student_t_975(1), std::tan(0.475 * pi), 1e-9);
  const std::vector<double> v{0.5, 0.7};
  const ReplicationStats s = replication_stats(v);
  ASSERT_TRUE(s.ci95);
  EXPECT_NEAR(*s.ci95, 1.2706205, 1e-7);
}

TEST(ReplicationStats, LargeSamplesApproachTheNormalQuantile) {
  EXPECT_NEAR(student_t_975(100000), 1.959964, 1e-4);
}

TEST(ReplicationStats, OneValueHasAMeanButNoSpread) {
  const std::vector<double> one{4.5};
  const ReplicationStats s = replication_stats(one);
  EXPECT_EQ(s.n, 1u);
  EXPECT_EQ(s.mean, 4.5);
  EXPECT_FALSE(s.sd);
  EXPECT_FALSE(s.ci95);
}

TEST(ReplicationStats, NoValuesHaveNothing) {
  const ReplicationStats s = replication_stats({});
  EXPECT_EQ(s.n, 0u);
  EXPECT_FALSE(s.mean);
  EXPECT_FALSE(s.sd);
  EXPECT_FALSE(s.ci95);
}

TEST(ReplicationStats, EqualValuesHaveZeroSpread) {
  const std::vector<double> same{2.5, 2.5, 2.5, 2.5};
  const ReplicationStats s = replication_stats(same);
  EXPECT_EQ(s.sd, 0.0);
  EXPECT_EQ(s.ci95, 0.0);
}

}  // namespace
}  // namespace servesim
