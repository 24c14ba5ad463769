#pragma once
// Trains MArk's LSTM (MArk, ATC'19, section 4.2) before the run on the
// application's history, as the public code trains it (MArk public code,
// workload/prediction/train.py): the pairs of lstm_training_data.hpp in
// order (shuffle=False), batch size 1, the state carried from pair to pair
// (stateful) and reset at each epoch's start (model.reset_states()), one
// Adam update per pair on that pair's single-step MSE (lstm_gradient.hpp).
// Single-threaded and deterministic: the same history, settings and random
// stream give byte-identical weights.
#include <cstddef>
#include <span>
#include <vector>

#include "policies/mark/lstm_network.hpp"
#include "policies/mark/lstm_training_data.hpp"
#include "policies/mark/predictor_settings.hpp"
#include "policies/mark/trained_lstm.hpp"
#include "sim/core/random_stream.hpp"

namespace servesim::mark {

// Keras' initial weights drawn from `random` (keras_initializers.hpp), then
// settings.epochs epochs over `history` (at least Pw + 2 samples:
// validate_history_length), then the history fed once to set the state.
TrainedLstm train_lstm(std::span<const double> history, std::size_t window, const LstmSettings& settings,
                       RandomStream& random);

// The epochs alone, from the given parameters (their outputs = the data's
// window). Returns each epoch's mean loss over its pairs, each taken before
// its pair's update (what Keras reports).
std::vector<double> fit_lstm(LstmParameters& parameters, const LstmTrainingData& data, const LstmSettings& settings);

}  // namespace servesim::mark
