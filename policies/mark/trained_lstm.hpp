#pragma once
// MArk's LSTM once trained (lstm_trainer.hpp): the weights, the scaler fitted
// to the training differences, and the state the run starts from. Section 4.2
// trains before the run ("we use the data of the first 5 months to train",
// section 5.2); the run then advances the state one step per new sample and
// forecasts with one pass of the Dense layer. Immutable, so that the policies
// of one run can share one model (lstm_model_cache.hpp) while each keeps its
// own state (lstm_predictor.hpp).
#include <cstddef>
#include <span>
#include <vector>

#include "policies/mark/lstm_network.hpp"
#include "policies/mark/min_max_scaler.hpp"

namespace servesim::mark {

class TrainedLstm {
 public:
  // `state` is the network's state standing at samples.front(); it is
  // advanced one step per difference of `samples` (not empty) with the given
  // weights, so that the model stands at samples.back(). train_lstm passes
  // the state its last epoch carried and the samples from the one that state
  // stands at (the differences training took only as targets); a zero state
  // and the whole history give the replay from a zero state instead.
  TrainedLstm(LstmParameters parameters, MinMaxScaler scaler, LstmState state, std::span<const double> samples);

  const LstmParameters& parameters() const { return parameters_; }
  const MinMaxScaler& scaler() const { return scaler_; }
  std::size_t window() const { return parameters_.outputs(); }
  const LstmState& start_state() const { return start_state_; }
  double start_sample() const { return start_sample_; }

  // One step from `from` into `to` on the raw (unscaled) difference
  // sample - previous sample; `trace` is working storage.
  void advance(const LstmState& from, double difference, LstmState& to, LstmStepTrace& trace) const;

  // F_1..F_Pw from `state`, standing at sample `current`: the Dense layer's Pw
  // scaled differences, unscaled, summed from `current` (the public code's
  // inverse_difference). Not clamped: a level below zero or far above any
  // load seen is what a diverged state gives, and the predictor's guard
  // (forecast_guard.hpp) must see it to replace it, where a clamp at 0 would
  // pass it on as a confident forecast of no load.
  std::vector<double> forecast(const LstmState& state, double current) const;

 private:
  LstmParameters parameters_;
  MinMaxScaler scaler_;
  LstmState start_state_;
  double start_sample_ = 0;
};

}  // namespace servesim::mark
