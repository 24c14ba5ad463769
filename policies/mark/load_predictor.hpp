#pragma once
// MArk's pluggable workload predictor (MArk, ATC'19, section 4.2: "MArk
// exposes an API through which users can implement their own workload
// prediction methods"). Every Pu the controller hands it the new load sample
// (load_samples.hpp) and reads F = (F_1, ..., F_Pw), the predicted samples of
// the next Pw units, which section 4.3's planner provisions for.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "policies/mark/predictor_settings.hpp"

namespace servesim::mark {

class TrainedLstm;

class LoadPredictor {
 public:
  virtual ~LoadPredictor() = default;
  // The sample of the unit that just ended.
  virtual void observe(double sample) = 0;
  // F_1..F_Pw (requests per unit, never negative) given every sample so far.
  virtual std::vector<double> forecast() const = 0;
  // The values of the forecasts handed out so far that a guard replaced
  // (forecast_guard.hpp); 0 for a predictor whose forecasts need none.
  virtual std::uint64_t forecast_fallbacks() const { return 0; }
};

// What the factory needs beyond the settings.
struct PredictorInputs {
  // The application's samples before the run, oldest first. The simple
  // predictors observe them first, so that "the samples so far" include the
  // past (give none to start from nothing, as the public controller does at
  // deployment); the LSTM was trained on them, its model carries the state
  // training left (lstm_trainer.hpp), and its guard is bounded by their
  // largest (forecast_guard.hpp).
  std::span<const double> history = {};
  // oracle: the run's true samples, in order (its F_i after k observations
  // are truth[k + i - 1]).
  std::span<const double> truth = {};
  // lstm: the model trained on `history` with the same window (train it once
  // per run and share it: lstm_model_cache.hpp).
  std::shared_ptr<const TrainedLstm> lstm = nullptr;
};

// The predictor `settings.kind` names. Settings must be valid
// (validate_predictor_settings); an lstm without a model, or one made for
// another window, throws InvariantError.
std::unique_ptr<LoadPredictor> make_load_predictor(const PredictorSettings& settings, const PredictorInputs& inputs);

}  // namespace servesim::mark
