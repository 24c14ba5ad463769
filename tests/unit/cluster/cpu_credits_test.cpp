// T2 CPU credits (AWS standard mode): launch credits give MArk's "100%
// utilization for 30 minutes", earned credits stretch it a little, then the
// instance runs at its baseline; idle time earns credits up to the cap.
#include "sim/cluster/cpu_credits.hpp"

#include <gtest/gtest.h>

namespace servesim {
namespace {

// AWS published values (Burstable performance instances, T2 table).
constexpr BurstableSpec kT2Large{0.30, 36, 864, 60};  // 2 vCPUs
constexpr BurstableSpec kT2Micro{0.10, 6, 144, 30};   // 1 vCPU

SimTime at_minutes(double m) { return at_seconds(m * 60); }

TEST(CpuCredits, NewT2LargeBusyOnAllVcpusRunsThirtyMinutesAtFullSpeedThenThrottles) {
  CpuCreditBalance c(kT2Large, 2, SimTime::zero());
  EXPECT_DOUBLE_EQ(c.balance(), 60);
  EXPECT_EQ(c.speed(2.0), 1.0);

  // Both vCPUs busy for 30 minutes: the launch credits alone, 60 at 2 per
  // minute, last exactly that long (MArk 3.2).
  c.advance(at_minutes(30), 2.0);
  EXPECT_NEAR(c.launch_credits(), 0, 1e-9);
  EXPECT_NEAR(c.earned_credits(), 18, 1e-9);  // 30 min x 0.6 credits/min earned meanwhile
  EXPECT_EQ(c.speed(), 1.0);

  // The 18 earned credits drain at 2 - 0.6 = 1.4 per minute: empty at 42.857 min.
  const SimTime empty = c.exhausted_at(at_minutes(30), 2.0);
  EXPECT_NEAR(empty.seconds(), (30 + 18 / 1.4) * 60, 1e-6);
  const SimTime from_launch = CpuCreditBalance(kT2Large, 2, SimTime::zero()).exhausted_at(SimTime::zero(), 2.0);
  EXPECT_EQ(from_launch, empty);
  EXPECT_NEAR(from_launch.seconds() / 60, 60.0 / 1.4, 1e-9);

  c.advance(empty - from_seconds(1), 2.0);
  EXPECT_NEAR(c.balance(), 1.4 / 60, 1e-6);  // one second of credits left: still full speed
  EXPECT_EQ(c.speed(), 1.0);
  c.advance(empty, 2.0);
  EXPECT_NEAR(c.balance(), 0, 1e-9);
  // Throttled to the baseline: 0.3 x 2 vCPUs of a demand of 2.
  EXPECT_DOUBLE_EQ(c.speed(), 0.3);
  c.advance(at_minutes(120), 2.0);  // stays at the baseline, balance stays empty
  EXPECT_NEAR(c.balance(), 0, 1e-9);
  EXPECT_DOUBLE_EQ(c.speed(2.0), 0.3);
  EXPECT_EQ(c.exhausted_at(at_minutes(120), 2.0), at_minutes(120));
}

TEST(CpuCredits, ThrottledSpeedIsTheBaselineOverTheDemand) {
  CpuCreditBalance c(kT2Large, 2, SimTime::zero());
  c.advance(at_minutes(60), 2.0);  // exhausted at 42.9 min
  EXPECT_NEAR(c.balance(), 0, 1e-9);
  EXPECT_DOUBLE_EQ(c.speed(1.0), 0.6);  // 0.6 vCPU of baseline for a demand of 1
  EXPECT_DOUBLE_EQ(c.speed(2.0), 0.3);
  EXPECT_EQ(c.speed(0.5), 1.0);  // within the baseline: full speed, and earning
  EXPECT_EQ(c.exhausted_at(at_minutes(60), 0.5), SimTime::never());
  c.advance(at_minutes(70), 0.5);
  EXPECT_NEAR(c.balance(), 1.0, 1e-9);  // 10 min x (0.6 - 0.5)
  EXPECT_EQ(c.speed(2.0), 1.0);
}

TEST(CpuCredits, T2MicroAtFullLoadLastsThirtyThreeMinutes) {
  CpuCreditBalance c(kT2Micro, 1, SimTime::zero());
  // 30 launch credits at 1/min, plus 3 earned meanwhile at 0.1/min, draining at 0.9/min.
  EXPECT_NEAR(c.exhausted_at(SimTime::zero(), 1.0).seconds() / 60, 30 + 3 / 0.9, 1e-9);
}

TEST(CpuCredits, IdleInstanceEarnsUpToTheCapAndLaunchCreditsSitOutsideIt) {
  CpuCreditBalance c(kT2Micro, 1, SimTime::zero());
  c.advance(at_minutes(60), 0.0);
  EXPECT_NEAR(c.earned_credits(), 6, 1e-9);   // 6 credits per hour
  EXPECT_NEAR(c.launch_credits(), 30, 1e-9);  // not spent while idle
  c.advance(at_minutes(60 * 48), 0.0);
  EXPECT_NEAR(c.earned_credits(), 144, 1e-9);  // capped at 24 h of earnings
  EXPECT_NEAR(c.balance(), 174, 1e-9);         // launch credits do not count towards the cap
}

TEST(CpuCredits, EarnedCreditsFundALaterBurst) {
  CpuCreditBalance c(kT2Large, 2, SimTime::zero());
  const SimTime empty = c.exhausted_at(SimTime::zero(), 2.0);
  c.advance(empty, 2.0);
  EXPECT_NEAR(c.balance(), 0, 1e-9);
  c.advance(empty + from_seconds(3600), 0.0);  // then idle for an hour
  EXPECT_NEAR(c.balance(), 36, 1e-6);
  EXPECT_EQ(c.speed(), 1.0);
  // 36 credits at a net 1.4 per minute.
  EXPECT_NEAR((c.exhausted_at(c.updated_at(), 2.0) - c.updated_at()).seconds() / 60, 36 / 1.4, 1e-6);
}

TEST(CpuCredits, BusyBeyondTheVcpusIsClamped) {
  CpuCreditBalance c(kT2Large, 2, SimTime::zero());
  c.advance(at_minutes(10), 5.0);
  EXPECT_DOUBLE_EQ(c.busy_vcpus(), 2.0);
  EXPECT_NEAR(c.launch_credits(), 40, 1e-9);
}

}  // namespace
}  // namespace servesim
