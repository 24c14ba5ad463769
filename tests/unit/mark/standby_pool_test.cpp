// MArk-spot's cold standbys and Lambda warm-up (standby_pool.hpp, section 4.5).
#include <gtest/gtest.h>

#include "policies/mark/standby_pool.hpp"

namespace servesim::mark {
namespace {

// t2.medium serving Inception-v3 at 140.37 ms a request: 427.4 per minute.
constexpr double kT2 = 60000.0 / 140.37;

TEST(MarkStandbyPool, ResumesWhatTheLostCapacityNeeds) {
  StandbyPool pool(10, kT2);
  // Four c5.large (284 a minute each) noticed: 1136 / 427.4 = 2.66: 3 standbys.
  EXPECT_EQ(pool.resume_for(4 * 284.0), 3u);
  EXPECT_EQ(pool.running(), 3u);
  EXPECT_EQ(pool.stopped(), 7u);
  // More than the pool holds: what is left.
  EXPECT_EQ(pool.resume_for(100 * 284.0), 7u);
  EXPECT_EQ(pool.resume_for(284.0), 0u);
}

TEST(MarkStandbyPool, ThePublicCodeResumesThemAll) {
  StandbyPool pool(10, kT2, /*resume_all=*/true);
  EXPECT_EQ(pool.resume_for(284.0), 10u);
}

TEST(MarkStandbyPool, StopsThemOnceRegularCapacityMeetsThePlan) {
  StandbyPool pool(10, kT2);
  pool.resume_for(4 * 284.0);
  EXPECT_EQ(pool.to_stop(3000, 3100), 0u);  // replacements still booting
  EXPECT_EQ(pool.to_stop(3100, 3100), 3u);
  EXPECT_EQ(pool.running(), 0u);
  EXPECT_EQ(pool.stopped(), 10u);  // back in the pool for the next notice
  EXPECT_EQ(pool.to_stop(4000, 3100), 0u);
}

TEST(MarkLambdaPrewarm, LittlesLawOnTheLostRate) {
  // 1136 a minute = 18.93 a second, 380 ms each on Lambda: 7.19 busy: 8 containers.
  EXPECT_EQ(lambda_prewarm_count(4 * 284.0, from_millis(380)), 8u);
  EXPECT_EQ(lambda_prewarm_count(0, from_millis(380)), 0u);
  // 600 a minute for 1 s each: exactly 10.
  EXPECT_EQ(lambda_prewarm_count(600, from_seconds(1)), 10u);
}

}  // namespace
}  // namespace servesim::mark
