#include "policies/mark/lstm_trainer.hpp"

#include <utility>

#include "policies/mark/adam.hpp"
#include "policies/mark/keras_initializers.hpp"
#include "policies/mark/lstm_gradient.hpp"
#include "sim/core/input_error.hpp"

namespace servesim::mark {
namespace {

// One pass over the pairs from a zero state; returns the mean loss.
double fit_epoch(LstmParameters& parameters, const LstmTrainingData& data, Adam& adam, LstmStepGradient& step,
                 LstmParameters& gradient) {
  LstmState state(parameters.units());
  LstmState next(parameters.units());
  double loss_sum = 0;
  for (std::size_t pair = 0; pair < data.pairs(); ++pair) {
    // The state carried on is the one computed with the weights before this
    // pair's update, as in Keras, whose state update and weight update come
    // from the same forward pass.
    loss_sum += step.evaluate(parameters, state, data.input(pair), data.targets(pair), next, gradient);
    adam.step(parameters.values(), gradient.values());
    std::swap(state, next);
  }
  return loss_sum / static_cast<double>(data.pairs());
}

}  // namespace

std::vector<double> fit_lstm(LstmParameters& parameters, const LstmTrainingData& data, const LstmSettings& settings) {
  if (parameters.outputs() != data.window())
    throw InvariantError("LSTM training: the network's outputs are not the window");
  Adam adam(static_cast<std::size_t>(parameters.values().size()), settings.optimizer);
  LstmStepGradient step(parameters.units(), parameters.outputs());
  LstmParameters gradient(parameters.units(), parameters.outputs());
  std::vector<double> epoch_losses;
  epoch_losses.reserve(settings.epochs);
  for (std::size_t epoch = 0; epoch < settings.epochs; ++epoch) {
    epoch_losses.push_back(fit_epoch(parameters, data, adam, step, gradient));
  }
  return epoch_losses;
}

TrainedLstm train_lstm(std::span<const double> history, std::size_t window, const LstmSettings& settings,
                       RandomStream& random) {
  const LstmTrainingData data(history, window);
  LstmParameters parameters = keras_initial_parameters(settings.units, window, random);
  fit_lstm(parameters, data, settings);
  return TrainedLstm(std::move(parameters), data.scaler(), history);
}

}  // namespace servesim::mark
