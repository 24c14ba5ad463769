#include "policies/mark/forecast_error.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace servesim::mark {
namespace {

TEST(MarkForecastError, ScoresEachForecastStepAgainstTheSampleItPredicted) {
  ForecastError e(2);
  e.forecast_made({10, 20, 30});  // after 0 samples: predicts samples 1, 2, 3
  e.sample_came(12);              // h 1: error -2
  e.forecast_made({15, 15, 15});  // after 1: predicts 2, 3, 4
  e.sample_came(16);              // first h 2: 4; second h 1: -1
  e.sample_came(30);              // first h 3: 0; second h 2: -15
  EXPECT_DOUBLE_EQ(e.rmse_at_horizon(), std::sqrt((16.0 + 225.0) / 2));
  EXPECT_EQ(e.scored_at_horizon(), 2u);
  EXPECT_DOUBLE_EQ(e.rmse_over_window(), std::sqrt((4.0 + 16 + 1 + 0 + 225) / 5));
}

TEST(MarkForecastError, NothingScoredIsZero) {
  ForecastError e;
  e.forecast_made({1, 2});
  EXPECT_EQ(e.rmse_at_horizon(), 0.0);
  EXPECT_EQ(e.rmse_over_window(), 0.0);
}

}  // namespace
}  // namespace servesim::mark
