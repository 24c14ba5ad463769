// The coarse-grained baselines' AutoScale rule (InferLine section 6, after
// Gandhi et al. TOCS'12) on a hand-driven clock.
#include <gtest/gtest.h>

#include "policies/inferline/autoscale_rule.hpp"

namespace servesim::inferline {
namespace {

SimTime at_s(double s) { return SimTime::zero() + from_seconds(s); }

TEST(AutoScaleRule, UnitsAreTheVisitsInTheSystemOverWhatOneUnitServesWithinTheSlo) {
  // 100 QPS a unit, SLO 150 ms: p = 15 visits.
  const AutoScaleRule rule(100, from_millis(150));
  EXPECT_EQ(rule.units_needed(0), 1u);
  EXPECT_EQ(rule.units_needed(15), 1u);
  EXPECT_EQ(rule.units_needed(16), 2u);
  EXPECT_EQ(rule.units_needed(45), 3u);
}

TEST(AutoScaleRule, AddsAtOnceAndRemovesOneUnitPerWait) {
  AutoScaleRule rule(100, from_millis(150));
  EXPECT_EQ(rule.decide(at_s(0), 60, 1), 4u);    // 60 / 15: four units at once
  EXPECT_EQ(rule.decide(at_s(1), 10, 4), 4u);    // k = 1 < 4: the wait starts
  EXPECT_EQ(rule.decide(at_s(100), 10, 4), 4u);  // 99 s below
  EXPECT_EQ(rule.decide(at_s(121), 10, 4), 3u);  // 120 s below: one unit goes
  EXPECT_EQ(rule.decide(at_s(122), 10, 3), 3u);  // and the wait starts again
  EXPECT_EQ(rule.decide(at_s(241), 10, 3), 2u);
  EXPECT_EQ(rule.decide(at_s(242), 40, 2), 3u);  // back up at once
  EXPECT_EQ(rule.decide(at_s(243), 10, 3), 3u);  // a new wait from here
  EXPECT_EQ(rule.decide(at_s(362), 10, 3), 3u);
  EXPECT_EQ(rule.decide(at_s(363), 10, 3), 2u);
}

TEST(AutoScaleRule, ARiseInterruptsTheWait) {
  AutoScaleRule rule(100, from_millis(150));
  EXPECT_EQ(rule.decide(at_s(0), 10, 2), 2u);    // below: wait from 0
  EXPECT_EQ(rule.decide(at_s(60), 30, 2), 2u);   // k = 2: not below, the wait is off
  EXPECT_EQ(rule.decide(at_s(120), 10, 2), 2u);  // below again from 120
  EXPECT_EQ(rule.decide(at_s(239), 10, 2), 2u);
  EXPECT_EQ(rule.decide(at_s(240), 10, 2), 1u);
  EXPECT_EQ(rule.decide(at_s(500), 0, 1), 1u);   // never below one
}

}  // namespace
}  // namespace servesim::inferline
