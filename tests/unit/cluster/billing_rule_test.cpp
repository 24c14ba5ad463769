// Instance bills to the hundredth of a cent: per second with AWS' one-minute
// minimum (Linux on-demand since Oct 2017), and per started hour (the older rule).
#include "sim/cluster/billing_rule.hpp"

#include <gtest/gtest.h>

namespace servesim {
namespace {

constexpr double kC5Large = 0.085;   // $/h, us-east-1 (MArk ATC'19 Fig. 1)
constexpr double kP2Xlarge = 0.90;   // $/h, us-east-1 (MArk ATC'19 section 3.4)
constexpr double kMicroCent = 1e-6;  // far below a cent: bills must be exact

TEST(BillingRule, PerSecondChargesTheOneMinuteMinimumForAShortRun) {
  const BillingRule rule;  // default: per second, 60 s minimum
  EXPECT_EQ(rule.billed(from_seconds(30)), from_seconds(60));
  EXPECT_NEAR(rule.charge(kC5Large, from_seconds(30)), 0.085 * 60 / 3600, kMicroCent);  // $0.00141667
  EXPECT_NEAR(rule.charge(kC5Large, from_seconds(30)), 0.00141667, 1e-8);
}

TEST(BillingRule, PerSecondChargesEachSecondPastTheMinimum) {
  const BillingRule rule = BillingRule::per_second();
  EXPECT_NEAR(rule.charge(kC5Large, from_seconds(61)), 0.00144028, 1e-8);
  EXPECT_NEAR(rule.charge(kC5Large, from_seconds(3601)), 0.08502361, 1e-8);
  // A fraction of a second is a whole second.
  EXPECT_EQ(rule.billed(from_seconds(61) + Duration{1}), from_seconds(62));
  EXPECT_NEAR(rule.charge(kC5Large, from_seconds(61.2)), 0.085 * 62 / 3600, kMicroCent);
  // One hour exactly is one hour's price.
  EXPECT_DOUBLE_EQ(rule.charge(kC5Large, from_seconds(3600)), 0.085);
}

TEST(BillingRule, AZeroLengthRunCostsNothing) {
  // Billing starts when the instance runs; one cancelled before running costs 0.
  EXPECT_EQ(BillingRule{}.charge(kC5Large, Duration::zero()), 0.0);
  EXPECT_EQ(BillingRule::per_started_hour().charge(kP2Xlarge, Duration::zero()), 0.0);
  // Any positive run pays the minimum.
  EXPECT_NEAR(BillingRule{}.charge(kC5Large, Duration{1}), 0.00141667, 1e-8);
}

TEST(BillingRule, PerStartedHourChargesEveryStartedHourInFull) {
  const BillingRule rule = BillingRule::per_started_hour();
  EXPECT_DOUBLE_EQ(rule.charge(kP2Xlarge, from_seconds(61 * 60)), 1.80);  // 61 min -> 2 h
  EXPECT_DOUBLE_EQ(rule.charge(kP2Xlarge, from_seconds(60 * 60)), 0.90);  // exactly 1 h
  EXPECT_DOUBLE_EQ(rule.charge(kP2Xlarge, from_seconds(1)), 0.90);        // 1 s -> 1 h
  EXPECT_DOUBLE_EQ(rule.charge(kP2Xlarge, from_seconds(3600 * 5 + 0.001)), 5.40);
  EXPECT_EQ(rule.billed(from_seconds(61 * 60)), from_seconds(7200));
}

TEST(BillingRule, ALongerMinimumIsHonoured) {
  const BillingRule rule = BillingRule::per_second(from_seconds(600));
  EXPECT_EQ(rule.billed(from_seconds(30)), from_seconds(600));
  EXPECT_EQ(rule.billed(from_seconds(601)), from_seconds(601));
}

}  // namespace
}  // namespace servesim
