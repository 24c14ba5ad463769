#pragma once
// Section 4.2's LSTM behind the predictor API: each new sample advances the
// shared trained model's state (its own copy) by one step on the difference
// from the previous sample; a forecast is one pass of the Dense layer from
// that state (MArk public code, modules/load_predictor.py predict, which does
// both in one call).
#include <memory>
#include <vector>

#include "policies/mark/load_predictor.hpp"
#include "policies/mark/trained_lstm.hpp"

namespace servesim::mark {

class LstmPredictor final : public LoadPredictor {
 public:
  // Starts where training left the model (TrainedLstm::start_state).
  explicit LstmPredictor(std::shared_ptr<const TrainedLstm> model);

  void observe(double sample) override;
  std::vector<double> forecast() const override { return model_->forecast(state_, last_sample_); }

 private:
  std::shared_ptr<const TrainedLstm> model_;
  LstmState state_;
  LstmState next_;  // where a step writes before the swap
  LstmStepTrace trace_;
  double last_sample_;
};

}  // namespace servesim::mark
