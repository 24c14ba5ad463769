#pragma once
// The settings of MArk's workload prediction (MArk, ATC'19, section 4.2): how
// load is sampled (Ps, Pu), how far ahead it is forecast (Pw) and by which
// predictor. Section 4.2 makes the predictor pluggable ("MArk exposes an API
// through which users can implement their own workload prediction methods"):
// the LSTM is the paper's, the others are baselines and the public
// controller's actual rule (running_max).
//
// JSON parsing comes with the policy; the field names below are the keys it
// will read, and the validation here already names them in its errors.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "policies/mark/adam.hpp"
#include "sim/core/time.hpp"

namespace servesim::mark {

enum class PredictorKind : std::uint8_t {
  kLstm,           // section 4.2: the paper's LSTM (lstm_trainer.hpp)
  kLastValue,      // F_t = the last sample
  kMovingAverage,  // F_t = the mean of the last k samples
  kOracle,         // F_t = the true future samples (an upper bound on prediction)
  kRunningMax,     // F_t = factor x the largest sample so far (the public controller)
};

// "lstm", "last_value", "moving_average", "oracle", "running_max".
std::string_view predictor_kind_name(PredictorKind kind);
// The kind named `name`; an InputError at `where` (the predictor field) names
// every known kind otherwise.
PredictorKind parse_predictor_kind(std::string_view name, const std::string& where);

// The network and its training, as MArk public code, workload/prediction/train.py
// builds them (Keras 2.2; the optimiser's settings as saved in
// resources/my_model_32.h5, which are Keras' Adam defaults).
struct LstmSettings {
  std::size_t units = 32;   // "lstm_units": train.py n_neurons
  std::size_t epochs = 50;  // "lstm_epochs": train.py n_epochs
  // "lstm_learning_rate", "lstm_beta1", "lstm_beta2", "lstm_epsilon".
  AdamSettings optimizer;

  auto operator<=>(const LstmSettings&) const = default;
};

struct PredictorSettings {
  PredictorKind kind = PredictorKind::kLstm;  // "predictor"
  // "prediction_window": Pw, the number of future units forecast. Section 4.2
  // sets 60 ("1 hour of future trend is good enough"); the public code
  // predicts 50 (train.py n_seq, load_predictor.py n_out).
  std::size_t window = 60;
  // "sample_window_s": Ps = 5 s, section 4.2 ("the arrival rate can be
  // treated as stable in short time slots").
  Duration sample_window = from_seconds(5);
  // "prediction_unit_s": Pu = 1 min, section 4.2 ("EC2 charges at least 1
  // minute for new instances"). A whole number of sample windows.
  Duration prediction_unit = from_seconds(60);
  // "moving_average_k": samples averaged by moving_average (minutes at the
  // default Pu).
  std::size_t moving_average_k = 15;
  // "running_max_factor": the public controller plans on this times the
  // largest sample so far (MArk public code, modules/scheduler.py: Times).
  double running_max_factor = 1.2;
  LstmSettings lstm;
};

// Each throws InputError at `where` + "." + the field's key, saying what was
// expected, for the first field that is out of range.
void validate_predictor_settings(const PredictorSettings& settings, const std::string& where);
// The LSTM learns from pairs (one difference in, the next Pw differences out;
// lstm_training_data.hpp): a history of n samples gives n - 1 - Pw of them,
// so it needs at least Pw + 2. Other predictors take any history (even none).
// Throws InputError at `app_where` + ".history" (the application's, e.g.
// "s.json: applications[0]"), naming the predictor's settings at
// `params_where` (e.g. "policies[1].params") in the message.
void validate_history_length(std::size_t samples, const PredictorSettings& settings, const std::string& app_where,
                             const std::string& params_where);

// The smallest LSTM history for a window of `window` units (see above).
std::size_t min_lstm_history(std::size_t window);

}  // namespace servesim::mark
