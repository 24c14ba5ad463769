#include "sim/metrics/cost_ledger.hpp"

#include <gtest/gtest.h>

#include <limits>

namespace servesim {
namespace {

TEST(CostLedger, HelpersKeepMarketsAndTypesInStep) {
  CostLedger l;
  EXPECT_TRUE(l.empty());
  l.add_on_demand("m5.large", 1.5);
  l.add_on_demand("m5.large", 0.5);
  l.add_spot("g4dn.xlarge", 0.25);
  l.add_fixed(3);
  l.add_lambda(0.125);
  l.add_hosted(1);
  EXPECT_FALSE(l.empty());
  EXPECT_DOUBLE_EQ(l.on_demand, 2);
  EXPECT_DOUBLE_EQ(l.spot, 0.25);
  EXPECT_DOUBLE_EQ(l.total(), 5.375);  // hosted is a view of fixed, not a cost on top
  EXPECT_DOUBLE_EQ(l.hosted, 1);
  ASSERT_EQ(l.by_instance_type.size(), 2u);
  EXPECT_DOUBLE_EQ(l.by_instance_type.at("m5.large"), 2);
  EXPECT_EQ(l.by_instance_type.begin()->first, "g4dn.xlarge");  // sorted, not in billing order
  EXPECT_FALSE(l.problem());
}

TEST(CostLedger, PlusEqualsAddsEveryBucketAndMergesTypes) {
  CostLedger a;
  a.add_on_demand("m5.large", 1);
  a.add_fixed(2);
  CostLedger b;
  b.add_on_demand("m5.large", 0.5);
  b.add_spot("p3.2xlarge", 4);
  b.add_lambda(0.25);
  b.add_hosted(0.5);
  a += b;
  a += CostLedger{};
  EXPECT_DOUBLE_EQ(a.on_demand, 1.5);
  EXPECT_DOUBLE_EQ(a.spot, 4);
  EXPECT_DOUBLE_EQ(a.lambda, 0.25);
  EXPECT_DOUBLE_EQ(a.fixed, 2);
  EXPECT_DOUBLE_EQ(a.hosted, 0.5);
  EXPECT_DOUBLE_EQ(a.total(), 7.75);
  ASSERT_EQ(a.by_instance_type.size(), 2u);
  EXPECT_DOUBLE_EQ(a.by_instance_type.at("m5.large"), 1.5);
  EXPECT_DOUBLE_EQ(a.by_instance_type.at("p3.2xlarge"), 4);
  EXPECT_DOUBLE_EQ(b.on_demand, 0.5);  // the right-hand side is untouched
}

TEST(CostLedger, ProblemNamesWhatIsWrong) {
  CostLedger untyped;
  untyped.spot = 1;
  ASSERT_TRUE(untyped.problem());
  EXPECT_NE(untyped.problem()->find("on_demand + spot is 1"), std::string::npos) << *untyped.problem();

  CostLedger fixed_only;  // fixed and Lambda have no instance type
  fixed_only.fixed = 1;
  fixed_only.lambda = 2;
  EXPECT_FALSE(fixed_only.problem());

  CostLedger negative;
  negative.add_spot("g4dn.xlarge", -0.5);
  ASSERT_TRUE(negative.problem());
  EXPECT_NE(negative.problem()->find("spot"), std::string::npos);

  CostLedger rounding;  // a difference of running totals may come out a hair below 0
  rounding.add_on_demand("m5.large", -1e-15);
  EXPECT_FALSE(rounding.problem());

  CostLedger hosted_only;  // a ledger that only hosted is not empty
  hosted_only.add_hosted(0.25);
  EXPECT_FALSE(hosted_only.empty());
  hosted_only.hosted = -1;
  ASSERT_TRUE(hosted_only.problem());
  EXPECT_NE(hosted_only.problem()->find("hosted"), std::string::npos);

  CostLedger nan;
  nan.add_lambda(std::numeric_limits<double>::quiet_NaN());
  EXPECT_TRUE(nan.problem());
}

}  // namespace
}  // namespace servesim
