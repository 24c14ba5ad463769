#include "policies/mark/lstm_training_data.hpp"

#include <string>

#include "policies/mark/predictor_settings.hpp"
#include "sim/core/input_error.hpp"

namespace servesim::mark {
namespace {

std::span<const double> long_enough(std::span<const double> history, std::size_t window) {
  if (history.size() < min_lstm_history(window)) {
    throw InvariantError("LSTM training data: " + std::to_string(history.size()) + " samples give no pair for a " +
                         std::to_string(window) + "-unit window");
  }
  return history;
}

}  // namespace

std::vector<double> first_differences(std::span<const double> samples) {
  std::vector<double> differences;
  if (samples.size() < 2) return differences;
  differences.reserve(samples.size() - 1);
  for (std::size_t j = 0; j + 1 < samples.size(); ++j) differences.push_back(samples[j + 1] - samples[j]);
  return differences;
}

LstmTrainingData::LstmTrainingData(std::span<const double> history, std::size_t window)
    : window_(window),
      scaled_(first_differences(long_enough(history, window))),
      scaler_(MinMaxScaler::fitted_to(scaled_)) {
  for (double& d : scaled_) d = scaler_.scale(d);
}

}  // namespace servesim::mark
