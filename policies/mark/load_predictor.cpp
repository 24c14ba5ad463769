#include "policies/mark/load_predictor.hpp"

#include <vector>

#include "policies/mark/lstm_predictor.hpp"
#include "policies/mark/simple_predictors.hpp"
#include "sim/core/input_error.hpp"

namespace servesim::mark {
namespace {

std::unique_ptr<LoadPredictor> make_lstm(const PredictorSettings& settings, const PredictorInputs& inputs) {
  if (!inputs.lstm) throw InvariantError("MArk lstm predictor: no trained model given");
  if (inputs.lstm->window() != settings.window) {
    throw InvariantError("MArk lstm predictor: the model forecasts another window than the settings'");
  }
  // The model already stands after the history.
  return std::make_unique<LstmPredictor>(inputs.lstm, ForecastGuard(inputs.history));
}

// A simple predictor that has seen the history.
std::unique_ptr<LoadPredictor> warmed(std::unique_ptr<LoadPredictor> predictor, std::span<const double> history) {
  for (double sample : history) predictor->observe(sample);
  return predictor;
}

}  // namespace

std::unique_ptr<LoadPredictor> make_load_predictor(const PredictorSettings& settings, const PredictorInputs& inputs) {
  const std::size_t window = settings.window;
  switch (settings.kind) {
    case PredictorKind::kLstm:
      return make_lstm(settings, inputs);
    case PredictorKind::kOracle:
      return std::make_unique<OraclePredictor>(window, std::vector<double>(inputs.truth.begin(), inputs.truth.end()));
    case PredictorKind::kLastValue:
      return warmed(std::make_unique<LastValuePredictor>(window), inputs.history);
    case PredictorKind::kMovingAverage:
      return warmed(std::make_unique<MovingAveragePredictor>(window, settings.moving_average_k), inputs.history);
    case PredictorKind::kRunningMax:
      return warmed(std::make_unique<RunningMaxPredictor>(window, settings.running_max_factor), inputs.history);
  }
  throw InvariantError("MArk predictor factory: unknown predictor kind");
}

}  // namespace servesim::mark
