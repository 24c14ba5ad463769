// The guard on MArk's LSTM forecast (forecast_guard.hpp): a value below 0,
// above 10 x the history's largest sample, or not finite becomes the last
// sample and is counted; the LSTM predictor applies it to every forecast it
// hands out and reports the count.
#include "policies/mark/forecast_guard.hpp"

#include <gtest/gtest.h>

#include <limits>
#include <memory>
#include <vector>

#include "policies/mark/load_predictor.hpp"
#include "policies/mark/lstm_predictor.hpp"
#include "policies/mark/trained_lstm.hpp"

namespace servesim::mark {
namespace {

constexpr double kNan = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

TEST(MarkForecastGuard, TheBoundIsTenTimesTheHistorysLargestSample) {
  EXPECT_EQ(ForecastGuard(std::vector<double>{300, 1200, 700}).upper_bound(), 12000.0);
  EXPECT_EQ(ForecastGuard(std::vector<double>{}).upper_bound(), 0.0);
}

TEST(MarkForecastGuard, LeavesValuesInRangeUntouched) {
  const ForecastGuard guard(std::vector<double>{300, 1200, 700});
  // 0 and the bound itself are in range.
  std::vector<double> f = {0, 1, 650.5, 1200, 11999.9, 12000};
  const std::vector<double> before = f;
  EXPECT_EQ(guard.apply(f, 700), 0u);
  EXPECT_EQ(f, before);
}

TEST(MarkForecastGuard, ReplacesOutOfRangeNegativeAndNonFiniteValuesByTheLastSampleAndCountsThem) {
  const ForecastGuard guard(std::vector<double>{300, 1200, 700});
  std::vector<double> f = {650, -0.5, 12000.5, 1e9, kNan, kInf, -kInf, -1e9, 800};
  EXPECT_EQ(guard.apply(f, 700), 7u);
  EXPECT_EQ(f, (std::vector<double>{650, 700, 700, 700, 700, 700, 700, 700, 800}));
}

// A network whose output ignores its state (Dense kernel 0): its bias gives
// the scaled differences, -1 being -100 a unit under the scaler below.
std::shared_ptr<const TrainedLstm> falling_model(const std::vector<double>& history) {
  LstmParameters p(2, 4);
  p.dense_bias() << -1.0, -1.0, -1.0, -1.0;
  return std::make_shared<const TrainedLstm>(p, MinMaxScaler::fitted_to(std::vector<double>{100, -100}),
                                             LstmState(2), history);
}

TEST(MarkLstmPredictor, GuardsEveryForecastItHandsOutAndCountsTheValuesReplaced) {
  const std::vector<double> history = {100, 200, 100};
  LstmPredictor predictor(falling_model(history), ForecastGuard(history));
  // From 100: 0, -100, -200, -300; 0 is a forecast of no load, in range.
  EXPECT_EQ(predictor.forecast(), (std::vector<double>{0, 100, 100, 100}));
  EXPECT_EQ(predictor.forecast_fallbacks(), 3u);
  predictor.observe(250);  // 150, 50, -50, -150
  EXPECT_EQ(predictor.forecast(), (std::vector<double>{150, 50, 250, 250}));
  EXPECT_EQ(predictor.forecast_fallbacks(), 5u);
}

TEST(MarkLstmPredictor, TheFactorysLstmIsGuardedByItsHistory) {
  const std::vector<double> history = {100, 200, 100};
  PredictorSettings settings;
  settings.window = 4;
  auto predictor = make_load_predictor(settings, {.history = history, .lstm = falling_model(history)});
  predictor->observe(2150);  // 2050, 1950, 1850, 1750: the first above 10 x 200
  EXPECT_EQ(predictor->forecast(), (std::vector<double>{2150, 1950, 1850, 1750}));
  EXPECT_EQ(predictor->forecast_fallbacks(), 1u);
}

TEST(MarkLoadPredictor, TheUnguardedPredictorsReportNoFallback) {
  const std::vector<double> history = {100, 200, 100};
  PredictorSettings settings;
  settings.window = 4;
  settings.kind = PredictorKind::kLastValue;
  auto predictor = make_load_predictor(settings, {.history = history});
  predictor->forecast();
  EXPECT_EQ(predictor->forecast_fallbacks(), 0u);
}

}  // namespace
}  // namespace servesim::mark
