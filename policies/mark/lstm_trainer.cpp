#include "policies/mark/lstm_trainer.hpp"

#include <utility>

#include "policies/mark/adam.hpp"
#include "policies/mark/keras_initializers.hpp"
#include "policies/mark/lstm_gradient.hpp"
#include "sim/core/input_error.hpp"

namespace servesim::mark {
namespace {

// One pass over the pairs from a zero state (`state` is reset, then left where
// the pass ends); returns the mean loss.
double fit_epoch(LstmParameters& parameters, const LstmTrainingData& data, Adam& adam, LstmStepGradient& step,
                 LstmParameters& gradient, LstmState& state) {
  state = LstmState(parameters.units());
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

LstmFit fit_lstm(LstmParameters& parameters, const LstmTrainingData& data, const LstmSettings& settings) {
  if (parameters.outputs() != data.window())
    throw InvariantError("LSTM training: the network's outputs are not the window");
  Adam adam(static_cast<std::size_t>(parameters.values().size()), settings.optimizer);
  LstmStepGradient step(parameters.units(), parameters.outputs());
  LstmParameters gradient(parameters.units(), parameters.outputs());
  LstmFit fit{.epoch_losses = {}, .carried = LstmState(parameters.units()), .inputs_fed = 0};
  fit.epoch_losses.reserve(settings.epochs);
  for (std::size_t epoch = 0; epoch < settings.epochs; ++epoch) {
    fit.epoch_losses.push_back(fit_epoch(parameters, data, adam, step, gradient, fit.carried));
  }
  if (settings.epochs > 0) fit.inputs_fed = data.pairs();  // the last epoch's pass fed every pair
  return fit;
}

TrainedLstm train_lstm(std::span<const double> history, std::size_t window, const LstmSettings& settings,
                       RandomStream& random) {
  const LstmTrainingData data(history, window);
  LstmParameters parameters = keras_initial_parameters(settings.units, window, random);
  LstmFit fit = fit_lstm(parameters, data, settings);
  // Priming from the carried state, not a replay from zero: lstm_trainer.hpp.
  return TrainedLstm(std::move(parameters), data.scaler(), std::move(fit.carried), history.subspan(fit.inputs_fed));
}

}  // namespace servesim::mark
