// MArk's SLO monitor (slo_monitor.hpp, section 4.4): more than (1 - SL_min) x M
// misses among the last M requests triggers a launch, then a cool-down.
#include <gtest/gtest.h>

#include "policies/mark/slo_monitor.hpp"

namespace servesim::mark {
namespace {

SloMonitorParams last(std::uint32_t m, double sl_min, double cooldown_s) {
  SloMonitorParams p;
  p.last_requests = m;
  p.service_level = sl_min;
  p.cooldown = from_seconds(cooldown_s);
  return p;
}

TEST(MarkSloMonitor, TriggersWhenTheMissesExceedTheAllowance) {
  SloMonitor m(last(100, 0.98, 300));  // allowance: 2 of the last 100
  for (int i = 0; i < 97; ++i) EXPECT_FALSE(m.record(false, at_seconds(i)));
  EXPECT_FALSE(m.record(true, at_seconds(97)));
  EXPECT_FALSE(m.record(true, at_seconds(98)));  // 2: at the allowance, not above
  EXPECT_TRUE(m.record(true, at_seconds(99)));   // 3 > 2
  EXPECT_EQ(m.triggers(), 1u);
}

TEST(MarkSloMonitor, OnlyTheLastMCount) {
  SloMonitor m(last(10, 0.8, 0));  // allowance: 2 of the last 10
  m.record(true, at_seconds(0));
  m.record(true, at_seconds(1));
  for (int i = 2; i < 12; ++i) m.record(false, at_seconds(i));  // both misses leave the window
  EXPECT_EQ(m.misses_in_window(), 0u);
  EXPECT_FALSE(m.record(true, at_seconds(12)));
  EXPECT_FALSE(m.record(true, at_seconds(13)));
  EXPECT_TRUE(m.record(true, at_seconds(14)));
}

TEST(MarkSloMonitor, CoolsDownAfterATriggerAndKeepsCounting) {
  SloMonitor m(last(10, 0.9, 300));  // allowance: 1 of 10
  EXPECT_FALSE(m.record(true, at_seconds(0)));
  EXPECT_TRUE(m.record(true, at_seconds(1)));
  for (int i = 2; i < 10; ++i) EXPECT_FALSE(m.record(true, at_seconds(i)));  // cooling down until 301 s
  EXPECT_FALSE(m.record(true, at_seconds(300.9)));
  EXPECT_TRUE(m.record(true, at_seconds(301)));  // still failing: again
  EXPECT_EQ(m.triggers(), 2u);
}

TEST(MarkSloMonitor, ThePublicCodesEwmaTriggersAboveTwoPercentThenResets) {
  SloMonitorParams p;
  p.rule = SloMonitorRule::kEwma;
  p.cooldown = Duration::zero();
  SloMonitor m(p);
  // From f = 0, k misses in a row give f = 1 - 0.999^k: above 0.02 from k = 21
  // (1 - 0.999^20 = 0.01981, 1 - 0.999^21 = 0.02079).
  for (int k = 1; k <= 20; ++k) EXPECT_FALSE(m.record(true, at_seconds(k))) << k;
  EXPECT_TRUE(m.record(true, at_seconds(21)));
  // Reset to 0: another 21 are needed.
  for (int k = 1; k <= 20; ++k) EXPECT_FALSE(m.record(true, at_seconds(21 + k))) << k;
  EXPECT_TRUE(m.record(true, at_seconds(42)));
}

}  // namespace
}  // namespace servesim::mark
