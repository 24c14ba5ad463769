#pragma once
// Section 4.2's LSTM behind the predictor API: each new sample advances the
// shared trained model's state (its own copy) by one step on the difference
// from the previous sample; a forecast is one pass of the Dense layer from
// that state (MArk public code, modules/load_predictor.py predict, which does
// both in one call), guarded (forecast_guard.hpp).
#include <cstdint>
#include <memory>
#include <vector>

#include "policies/mark/forecast_guard.hpp"
#include "policies/mark/load_predictor.hpp"
#include "policies/mark/trained_lstm.hpp"

namespace servesim::mark {

class LstmPredictor final : public LoadPredictor {
 public:
  // Starts where training left the model (TrainedLstm::start_state).
  LstmPredictor(std::shared_ptr<const TrainedLstm> model, ForecastGuard guard);

  void observe(double sample) override;
  // The network's forecast, each value the guard rejects replaced by the last
  // sample and counted.
  std::vector<double> forecast() const override;
  std::uint64_t forecast_fallbacks() const override { return fallbacks_; }

 private:
  std::shared_ptr<const TrainedLstm> model_;
  LstmState state_;
  LstmState next_;  // where a step writes before the swap
  LstmStepTrace trace_;
  double last_sample_;
  ForecastGuard guard_;
  // Counted where the forecast is handed out (a const call): each call is one
  // plan's input, so the count is of values a plan would otherwise have used.
  mutable std::uint64_t fallbacks_ = 0;
};

}  // namespace servesim::mark
