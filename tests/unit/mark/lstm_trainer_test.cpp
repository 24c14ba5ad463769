// Training MArk's LSTM (lstm_trainer.hpp): the public code's data framing,
// the scaler, determinism, the falling loss, the state the run starts from,
// and the trained model's forecast.
#include "policies/mark/lstm_trainer.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <vector>

#include "policies/mark/keras_initializers.hpp"
#include "policies/mark/lstm_training_data.hpp"
#include "sim/core/input_error.hpp"
#include "tests/unit/mark/sample_series.hpp"

namespace servesim::mark {
namespace {

using test::small_settings;
using test::wavy_history;

bool same_bytes(const Eigen::VectorXd& a, const Eigen::VectorXd& b) {
  return a.size() == b.size() &&
         std::memcmp(a.data(), b.data(), static_cast<std::size_t>(a.size()) * sizeof(double)) == 0;
}

TEST(MarkLstmTrainingData, FollowsSeriesToSupervisedWithOneLagAndPwOutputs) {
  const std::vector<double> history = {0, 1, 3, 6, 10};  // differences 1, 2, 3, 4
  const LstmTrainingData data(history, 2);
  EXPECT_EQ(data.scaler().min(), 1.0);
  EXPECT_EQ(data.scaler().range(), 3.0);
  ASSERT_EQ(data.pairs(), 2u);  // 5 samples - 1 - Pw
  EXPECT_DOUBLE_EQ(data.input(0), -1.0);
  EXPECT_DOUBLE_EQ(data.targets(0)[0], -1.0 / 3);
  EXPECT_DOUBLE_EQ(data.targets(0)[1], 1.0 / 3);
  EXPECT_DOUBLE_EQ(data.input(1), -1.0 / 3);
  EXPECT_DOUBLE_EQ(data.targets(1)[0], 1.0 / 3);
  EXPECT_DOUBLE_EQ(data.targets(1)[1], 1.0);
  EXPECT_THROW(LstmTrainingData(std::vector<double>{0, 1, 3}, 2), InvariantError);
}

TEST(MarkMinMaxScaler, AConstantSeriesMapsToMinusOneAsScikitLearnDoes) {
  const std::vector<double> flat = {5, 5, 5};
  const MinMaxScaler scaler = MinMaxScaler::fitted_to(flat);
  EXPECT_EQ(scaler.scale(5), -1.0);
  EXPECT_EQ(scaler.unscale(-1), 5.0);
}

TEST(MarkLstmTrainer, TheSameSeedGivesByteIdenticalWeights) {
  const auto history = wavy_history(300);
  RandomStream first(7, "mark.lstm");
  RandomStream second(7, "mark.lstm");
  RandomStream other(8, "mark.lstm");
  const TrainedLstm a = train_lstm(history, 10, small_settings(), first);
  const TrainedLstm b = train_lstm(history, 10, small_settings(), second);
  const TrainedLstm c = train_lstm(history, 10, small_settings(), other);
  EXPECT_TRUE(same_bytes(a.parameters().values(), b.parameters().values()));
  EXPECT_TRUE(same_bytes(a.start_state().hidden, b.start_state().hidden));
  EXPECT_FALSE(same_bytes(a.parameters().values(), c.parameters().values()));
}

TEST(MarkLstmTrainer, TheLossFallsOverTheEpochs) {
  const auto history = wavy_history(400);
  const LstmTrainingData data(history, 10);
  RandomStream random(3, "mark.lstm");
  LstmParameters p = keras_initial_parameters(8, 10, random);
  LstmSettings settings = small_settings();
  settings.epochs = 10;
  const std::vector<double> losses = fit_lstm(p, data, settings).epoch_losses;
  ASSERT_EQ(losses.size(), 10u);
  EXPECT_LT(losses.back(), 0.5 * losses.front());
}

// With a learning rate of 0 the weights never move, so the state an epoch
// carries is the replay of the pairs' inputs from a zero state with the
// initial weights: the epoch starts from zero (Keras' reset_states) and
// carries its state from pair to pair.
TEST(MarkLstmTrainer, TheLastEpochCarriesItsStateFromZeroOverThePairsInputs) {
  const auto history = wavy_history(200);
  const LstmTrainingData data(history, 10);
  RandomStream random(5, "mark.lstm");
  const LstmParameters initial = keras_initial_parameters(4, 10, random);
  LstmParameters p = initial;
  LstmSettings settings = small_settings();
  settings.optimizer.learning_rate = 0;
  const LstmFit fit = fit_lstm(p, data, settings);
  ASSERT_TRUE(same_bytes(p.values(), initial.values()));
  EXPECT_EQ(fit.inputs_fed, data.pairs());

  LstmState state(4), next(4);
  LstmStepTrace trace(4);
  for (std::size_t pair = 0; pair < data.pairs(); ++pair) {
    lstm_step(initial, state, data.input(pair), next, trace);
    std::swap(state, next);
  }
  EXPECT_TRUE(same_bytes(fit.carried.hidden, state.hidden));
  EXPECT_TRUE(same_bytes(fit.carried.cell, state.cell));
}

// The run starts from the state training carried past its last pair,
// advanced with the final weights over the Pw differences training took only
// as targets; a replay of the whole history from a zero state with the final
// weights (the public code's reading) gives another state.
TEST(MarkLstmTrainer, TheRunStartsFromTheStateTrainingCarriedNotFromAReplay) {
  const auto history = wavy_history(300);
  const std::size_t window = 10;
  RandomStream for_model(7, "mark.lstm");
  const TrainedLstm model = train_lstm(history, window, small_settings(), for_model);

  // The same training by hand, to read the state it carried.
  RandomStream for_fit(7, "mark.lstm");
  const LstmTrainingData data(history, window);
  LstmParameters p = keras_initial_parameters(small_settings().units, window, for_fit);
  const LstmFit fit = fit_lstm(p, data, small_settings());
  ASSERT_TRUE(same_bytes(p.values(), model.parameters().values()));
  ASSERT_EQ(fit.inputs_fed, history.size() - 1 - window);

  LstmState state = fit.carried, next(p.units());
  LstmStepTrace trace(p.units());
  for (std::size_t j = fit.inputs_fed; j + 1 < history.size(); ++j) {
    lstm_step(p, state, data.scaler().scale(history[j + 1] - history[j]), next, trace);
    std::swap(state, next);
  }
  EXPECT_TRUE(same_bytes(model.start_state().hidden, state.hidden));
  EXPECT_TRUE(same_bytes(model.start_state().cell, state.cell));
  EXPECT_EQ(model.start_sample(), history.back());

  const TrainedLstm replayed(p, data.scaler(), LstmState(p.units()), history);
  EXPECT_FALSE(same_bytes(model.start_state().hidden, replayed.start_state().hidden));
  EXPECT_EQ(replayed.start_sample(), history.back());
}

// A network whose output ignores its state: Dense kernel 0, bias = the
// scaled differences to forecast.
TEST(MarkTrainedLstm, AForecastSumsTheUnscaledDifferencesFromTheCurrentSample) {
  LstmParameters p(2, 4);
  p.dense_bias() << 1.0, -1.0, -1.0, 1.0;
  // Differences of the history: 100 and -100: min -100, range 200, so a
  // scaled 1 is +100 and a scaled -1 is -100.
  const std::vector<double> history = {100, 200, 100};
  const TrainedLstm model(p, MinMaxScaler::fitted_to(std::vector<double>{100, -100}), LstmState(2), history);
  EXPECT_EQ(model.start_sample(), 100.0);
  // 150 + 100 = 250, 250 - 100 = 150, 150 - 100 = 50, 50 + 100 = 150.
  EXPECT_EQ(model.forecast(model.start_state(), 150), (std::vector<double>{250, 150, 50, 150}));
  // From 50: 150, 50, -50, then -50 + 100 = 50. The level below zero is
  // left for the predictor's guard (forecast_guard.hpp) to judge.
  EXPECT_EQ(model.forecast(model.start_state(), 50), (std::vector<double>{150, 50, -50, 50}));
}

}  // namespace
}  // namespace servesim::mark
