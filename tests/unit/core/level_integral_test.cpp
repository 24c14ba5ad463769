// The integral of a piecewise-constant level: takes split it into windows,
// the total covers the whole run whatever was taken.
#include "sim/core/level_integral.hpp"

#include <gtest/gtest.h>

namespace servesim {
namespace {

// Level 2 on [10 s, 25 s), 3 on [25 s, 30 s), 0 after; windows of 20 s.
TEST(LevelIntegral, TakesSplitTheIntegralAndTheTotalIsTheirSum) {
  LevelIntegral level;
  level.change(at_seconds(10), 2);
  EXPECT_DOUBLE_EQ(level.take(at_seconds(20)), 20.0);  // 2 x 10 s
  level.change(at_seconds(25), 1);
  level.change(at_seconds(30), -3);
  EXPECT_DOUBLE_EQ(level.level(), 0.0);
  EXPECT_DOUBLE_EQ(level.take(at_seconds(40)), 25.0);  // 2 x 5 s + 3 x 5 s
  EXPECT_DOUBLE_EQ(level.total(at_seconds(40)), 45.0);
  EXPECT_DOUBLE_EQ(level.take(at_seconds(60)), 0.0);
  level.change(at_seconds(70), 1);
  // The total reaches past the last change without settling it.
  EXPECT_DOUBLE_EQ(level.total(at_seconds(75)), 50.0);
  EXPECT_DOUBLE_EQ(level.take(at_seconds(80)), 10.0);
  EXPECT_DOUBLE_EQ(level.total(at_seconds(80)), 55.0);
}

}  // namespace
}  // namespace servesim
