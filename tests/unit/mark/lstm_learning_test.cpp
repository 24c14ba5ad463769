// Section 4.2's premise, small: trained on a smooth diurnal-like series,
// MArk's LSTM forecasts the load 5 units ahead better than persistence (last
// value) and a 15-unit moving average. The series is a sine with a
// 144-sample "day" (amplitude 500 around 1000) plus noise of sd 10, 14 days
// to train and 2 to test.
//
// The day is short on purpose, not only for speed: the claim holds while the
// trend over the horizon outweighs the noise. With the same noise and a
// 1440-sample day (per-minute samples of a real day) the public code's
// network and training lose to persistence at horizon 5 (RMSE 30.6 against
// 16.1; at a 720-sample day 23.9 against 20.9, at 288 17.2 against 40.7, all
// with Pw 60): the forecast is a cumulative sum of predicted differences, so
// a small bias in each predicted difference grows with the horizon, and
// there is little trend per minute to gain in exchange.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "policies/mark/load_predictor.hpp"
#include "policies/mark/lstm_trainer.hpp"
#include "sim/core/random_stream.hpp"

namespace servesim::mark {
namespace {

constexpr std::size_t kDay = 144;
constexpr std::size_t kHorizon = 5;

std::vector<double> diurnal(std::size_t days, RandomStream& noise) {
  std::vector<double> s(days * kDay);
  for (std::size_t t = 0; t < s.size(); ++t) {
    s[t] = 1000 + 500 * std::sin(2 * M_PI * static_cast<double>(t) / kDay) + noise.normal(0.0, 10.0);
  }
  return s;
}

// RMSE of F_h against the sample h units later, over the test series.
double rmse_at_horizon(LoadPredictor& predictor, const std::vector<double>& test) {
  double sum = 0;
  std::size_t n = 0;
  for (std::size_t t = 0; t + kHorizon < test.size(); ++t) {
    predictor.observe(test[t]);
    const double error = predictor.forecast()[kHorizon - 1] - test[t + kHorizon];
    sum += error * error;
    ++n;
  }
  return std::sqrt(sum / static_cast<double>(n));
}

TEST(MarkLstmLearning, BeatsLastValueAndMovingAverageFiveUnitsAhead) {
  RandomStream noise(2024, "mark.lstm_learning.noise");
  const std::vector<double> history = diurnal(14, noise);
  const std::vector<double> test = diurnal(2, noise);

  PredictorSettings settings;  // 32 units, 50 epochs, Keras' Adam
  // Horizon 5 needs no more, and a 10-output Dense layer trains faster than
  // the paper's 60 (with 60 the LSTM still wins here: RMSE 41 against 78).
  settings.window = 10;
  settings.moving_average_k = 15;
  RandomStream weights(2024, "mark.lstm_learning.weights");
  const auto model = std::make_shared<const TrainedLstm>(train_lstm(history, settings.window, settings.lstm, weights));

  const auto rmse_of = [&](PredictorKind kind) {
    settings.kind = kind;
    auto predictor = make_load_predictor(settings, {.history = history, .lstm = model});
    return rmse_at_horizon(*predictor, test);
  };
  const double lstm = rmse_of(PredictorKind::kLstm);
  const double last_value = rmse_of(PredictorKind::kLastValue);
  const double moving_average = rmse_of(PredictorKind::kMovingAverage);
  RecordProperty("rmse_lstm", std::to_string(lstm));
  RecordProperty("rmse_last_value", std::to_string(last_value));
  RecordProperty("rmse_moving_average", std::to_string(moving_average));
  std::printf("RMSE at horizon %zu: lstm %.2f, last value %.2f, moving average %.2f\n", kHorizon, lstm, last_value,
              moving_average);
  EXPECT_LT(lstm, last_value);
  EXPECT_LT(lstm, moving_average);
}

}  // namespace
}  // namespace servesim::mark
