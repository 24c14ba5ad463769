#include "sim/scenario/progress_line.hpp"

#include <gtest/gtest.h>

namespace servesim {
namespace {

SimTime at(double seconds) { return at_seconds(seconds); }

TEST(ProgressText, GivesThePercentAndTheTimeLeftFromThePaceSoFar) {
  // A quarter of 1200 s in 10 s of wall time: three quarters left at that pace, 30 s.
  EXPECT_EQ(progress_text("static-gpu", at(300), from_seconds(1200), 10.0, 2'000'000),
            "[static-gpu] 25 % of 1200 s simulated, wall 10.0 s, about 30.0 s left, 2e+05 events/s");
}

TEST(ProgressText, RoundsLongEstimatesToMinutesAndHours) {
  // 10 % in 200 s: 9 parts left, 1800 s = 30 min.
  EXPECT_EQ(progress_text("mark", at(8640), from_seconds(86400), 200.0, 0),
            "[mark] 10 % of 86400 s simulated, wall 200.0 s, about 30 min left, 0 events/s");
  // 0.1 % in 30 s: 29970 s = 8.3 h.
  EXPECT_EQ(progress_text("mark", at(86.4), from_seconds(86400), 30.0, 0),
            "[mark] 0 % of 86400 s simulated, wall 30.0 s, about 8.3 h left, 0 events/s");
}

TEST(ProgressText, GivesNoEstimateBeforeAnySimulatedTimeNorForAnEndlessRun) {
  EXPECT_EQ(progress_text("p", at(0), from_seconds(100), 4.0, 0), "[p] 0 % of 100 s simulated, wall 4.0 s, 0 events/s");
  EXPECT_EQ(progress_text("p", at(50), Duration::infinite(), 4.0, 400),
            "[p] simulated 50 s, wall 4.0 s, 1e+02 events/s");
}

}  // namespace
}  // namespace servesim
