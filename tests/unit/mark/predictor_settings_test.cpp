// Validation of MArk's prediction settings: each error names the field (the
// JSON key the policy will read) and says what was expected.
#include "policies/mark/predictor_settings.hpp"

#include <gtest/gtest.h>

#include <string>

#include "sim/core/input_error.hpp"

namespace servesim::mark {
namespace {

const std::string kWhere = "scenario.json: policies[0].params";

std::string settings_error(const PredictorSettings& settings) {
  try {
    validate_predictor_settings(settings, kWhere);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(MarkPredictorSettings, DefaultsAreThePapers) {
  const PredictorSettings s;
  EXPECT_EQ(s.kind, PredictorKind::kLstm);
  EXPECT_EQ(s.window, 60u);  // section 4.2: [Pu, Pw, Ps] = [1 min, 60, 5 s]
  EXPECT_EQ(s.sample_window, from_seconds(5));
  EXPECT_EQ(s.prediction_unit, from_seconds(60));
  EXPECT_EQ(s.lstm.units, 32u);
  EXPECT_EQ(s.lstm.epochs, 50u);
  EXPECT_EQ(s.lstm.optimizer.learning_rate, 1e-3);
  EXPECT_EQ(settings_error(s), "");
}

TEST(MarkPredictorSettings, KindsParseByNameAndUnknownOnesListTheKnown) {
  for (PredictorKind kind : {PredictorKind::kLstm, PredictorKind::kLastValue, PredictorKind::kMovingAverage,
                             PredictorKind::kOracle, PredictorKind::kRunningMax}) {
    EXPECT_EQ(parse_predictor_kind(predictor_kind_name(kind), kWhere + ".predictor"), kind);
  }
  try {
    parse_predictor_kind("arima", kWhere + ".predictor");
    FAIL() << "expected an InputError";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), kWhere +
                                         ".predictor: unknown predictor kind \"arima\" (expected one of lstm, "
                                         "last_value, moving_average, oracle, running_max)");
  }
}

TEST(MarkPredictorSettings, TheUnitMustBeWholeSampleWindows) {
  PredictorSettings s;
  s.prediction_unit = from_seconds(62);
  EXPECT_EQ(settings_error(s),
            kWhere + ".prediction_unit_s: expected a whole multiple of sample_window_s (5 s), got 62 s");
  s.prediction_unit = from_seconds(2.5);
  s.sample_window = from_seconds(1);
  EXPECT_EQ(settings_error(s),
            kWhere + ".prediction_unit_s: expected a whole multiple of sample_window_s (1 s), got 2.5 s");
}

TEST(MarkPredictorSettings, MovingAverageNeedsASample) {
  PredictorSettings s;
  s.moving_average_k = 0;
  EXPECT_EQ(settings_error(s), kWhere + ".moving_average_k: expected at least 1 sample");
}

TEST(MarkPredictorSettings, OtherFieldsAreNamedToo) {
  PredictorSettings s;
  s.window = 0;
  EXPECT_NE(settings_error(s).find(".prediction_window: "), std::string::npos);
  s = {};
  s.lstm.units = 0;
  EXPECT_NE(settings_error(s).find(".lstm_units: "), std::string::npos);
  s = {};
  s.lstm.optimizer.beta2 = 1;
  EXPECT_NE(settings_error(s).find(".lstm_beta2: "), std::string::npos);
  s = {};
  s.running_max_factor = 0;
  EXPECT_NE(settings_error(s).find(".running_max_factor: "), std::string::npos);
}

TEST(MarkPredictorSettings, TheLstmNeedsPwPlusTwoSamplesOfHistory) {
  PredictorSettings s;
  // The mistake is the application's history; the message names the policy.
  const std::string app = "scenario.json: applications[0]";
  EXPECT_NO_THROW(validate_history_length(62, s, app, "policies[0].params"));
  try {
    validate_history_length(61, s, app, "policies[0].params");
    FAIL() << "expected an InputError";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), app +
                                         ".history: the LSTM predictor of policies[0].params needs at least "
                                         "prediction_window + 2 = 62 samples of history to train on (one input "
                                         "difference and 60 target differences), got 61");
  }
  s.kind = PredictorKind::kLastValue;  // needs no history
  EXPECT_NO_THROW(validate_history_length(0, s, app, "policies[0].params"));
}

}  // namespace
}  // namespace servesim::mark
