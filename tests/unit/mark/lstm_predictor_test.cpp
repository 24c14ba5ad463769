// MArk's LSTM behind the predictor API (lstm_predictor.hpp) and the cache
// that trains one model per run and shares it between policies
// (lstm_model_cache.hpp).
#include "policies/mark/lstm_predictor.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "policies/mark/keras_initializers.hpp"
#include "policies/mark/load_predictor.hpp"
#include "policies/mark/lstm_model_cache.hpp"
#include "policies/mark/lstm_training_data.hpp"
#include "sim/core/input_error.hpp"
#include "tests/unit/mark/sample_series.hpp"

namespace servesim::mark {
namespace {

using test::small_settings;
using test::wavy_history;

TEST(MarkLstmPredictor, ObservingASampleEqualsHavingItInTheHistory) {
  const auto history = wavy_history(200);
  RandomStream random(11, "mark.lstm");
  LstmParameters p = keras_initial_parameters(4, 10, random);
  const MinMaxScaler scaler = MinMaxScaler::fitted_to(first_differences(history));
  const std::vector<double> shorter(history.begin(), history.end() - 3);
  const ForecastGuard guard(history);
  LstmPredictor online(std::make_shared<const TrainedLstm>(p, scaler, LstmState(4), shorter), guard);
  for (std::size_t t = history.size() - 3; t < history.size(); ++t) online.observe(history[t]);
  const TrainedLstm whole(p, scaler, LstmState(4), history);
  std::vector<double> expected = whole.forecast(whole.start_state(), history.back());
  guard.apply(expected, history.back());
  EXPECT_EQ(online.forecast(), expected);
}

TEST(MarkLstmModelCache, TrainsOncePerKeyAndSharesTheModel) {
  const auto history = wavy_history(120);
  LstmModelCache cache;
  const auto a = cache.get_or_train(history, 10, small_settings(), 5, "mark.lstm.app0");
  const auto b = cache.get_or_train(history, 10, small_settings(), 5, "mark.lstm.app0");
  EXPECT_EQ(a.get(), b.get());
  EXPECT_EQ(cache.trainings(), 1u);
  const auto c = cache.get_or_train(history, 10, small_settings(), 6, "mark.lstm.app0");
  EXPECT_NE(a.get(), c.get());
  EXPECT_EQ(cache.trainings(), 2u);

  PredictorSettings settings;
  settings.window = 10;
  auto first = make_load_predictor(settings, {.history = history, .lstm = a});
  auto second = make_load_predictor(settings, {.history = history, .lstm = b});
  first->observe(700);
  second->observe(700);
  EXPECT_EQ(first->forecast(), second->forecast());
  settings.window = 11;
  EXPECT_THROW(make_load_predictor(settings, {.history = history, .lstm = a}), InvariantError);
}

}  // namespace
}  // namespace servesim::mark
