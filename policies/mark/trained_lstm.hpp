#pragma once
// MArk's LSTM once trained (lstm_trainer.hpp): the weights, the scaler fitted
// to the training differences, and the state the history leaves. Section 4.2
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
  // Feeds every scaled difference of `history` (at least 2 samples) once,
  // from a zero state, to set the state the run starts from; the model then
  // stands at the history's last sample. (The public code's deployment
  // starts a freshly loaded model from a zero state instead, its first input
  // the difference from a constant init_load: modules/scheduler.py. Feeding
  // the history gives the state the stateful model would have reached.)
  TrainedLstm(LstmParameters parameters, MinMaxScaler scaler, std::span<const double> history);

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
  // inverse_difference), each clamped at 0 (a negative rate means none). The
  // running sum itself is not clamped, so a dip predicted below zero still
  // delays the recovery after it, as the network meant.
  std::vector<double> forecast(const LstmState& state, double current) const;

 private:
  LstmParameters parameters_;
  MinMaxScaler scaler_;
  LstmState start_state_;
  double start_sample_ = 0;
};

}  // namespace servesim::mark
