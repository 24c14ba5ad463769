#include "policies/mark/predictor_settings.hpp"

#include <array>
#include <charconv>
#include <cmath>
#include <utility>

#include "sim/core/input_error.hpp"
#include "sim/core/text_fields.hpp"

namespace servesim::mark {
namespace {

constexpr std::array<std::pair<PredictorKind, std::string_view>, 5> kKindNames = {{
    {PredictorKind::kLstm, "lstm"},
    {PredictorKind::kLastValue, "last_value"},
    {PredictorKind::kMovingAverage, "moving_average"},
    {PredictorKind::kOracle, "oracle"},
    {PredictorKind::kRunningMax, "running_max"},
}};

std::string known_kinds() {
  std::string names;
  for (const auto& [kind, name] : kKindNames) names += (names.empty() ? "" : ", ") + std::string(name);
  return names;
}

[[noreturn]] void fail(const std::string& where, std::string_view field, const std::string& expected) {
  throw InputError(where + "." + std::string(field), expected);
}

// Shortest round-trip form ("5 s", "62.5 s"), independent of the locale.
std::string seconds_text(Duration d) {
  std::array<char, 32> text{};
  const auto end = std::to_chars(text.data(), text.data() + text.size(), static_cast<double>(d.ns) / 1e9).ptr;
  return std::string(text.data(), end) + " s";
}

void validate_sampling(const PredictorSettings& s, const std::string& where) {
  if (s.sample_window <= Duration::zero()) fail(where, "sample_window_s", "expected a positive duration");
  if (s.prediction_unit <= Duration::zero()) fail(where, "prediction_unit_s", "expected a positive duration");
  // Section 4.2: a unit's sample is the largest of its whole sample windows.
  if (s.prediction_unit.ns % s.sample_window.ns != 0) {
    fail(where, "prediction_unit_s",
         "expected a whole multiple of sample_window_s (" + seconds_text(s.sample_window) + "), got " +
             seconds_text(s.prediction_unit));
  }
}

void validate_lstm(const LstmSettings& l, const std::string& where) {
  if (l.units < 1) fail(where, "lstm_units", "expected at least 1 unit");
  if (l.epochs < 1) fail(where, "lstm_epochs", "expected at least 1 epoch");
  const AdamSettings& adam = l.optimizer;
  if (!(adam.learning_rate > 0 && std::isfinite(adam.learning_rate))) {
    fail(where, "lstm_learning_rate", "expected a positive learning rate");
  }
  if (!(adam.beta1 >= 0 && adam.beta1 < 1)) fail(where, "lstm_beta1", "expected a decay rate in [0, 1)");
  if (!(adam.beta2 >= 0 && adam.beta2 < 1)) fail(where, "lstm_beta2", "expected a decay rate in [0, 1)");
  if (!(adam.epsilon > 0 && std::isfinite(adam.epsilon))) fail(where, "lstm_epsilon", "expected a positive epsilon");
}

}  // namespace

std::string_view predictor_kind_name(PredictorKind kind) {
  for (const auto& [k, name] : kKindNames) {
    if (k == kind) return name;
  }
  return "?";
}

PredictorKind parse_predictor_kind(std::string_view name, const std::string& where) {
  for (const auto& [kind, known] : kKindNames) {
    if (known == name) return kind;
  }
  throw InputError(where, "unknown predictor kind " + quote_field(name) + " (expected one of " + known_kinds() + ")");
}

std::size_t min_lstm_history(std::size_t window) { return window + 2; }

void validate_predictor_settings(const PredictorSettings& settings, const std::string& where) {
  if (settings.window < 1) fail(where, "prediction_window", "expected at least 1 unit");
  validate_sampling(settings, where);
  if (settings.moving_average_k < 1) fail(where, "moving_average_k", "expected at least 1 sample");
  if (!(settings.running_max_factor > 0 && std::isfinite(settings.running_max_factor))) {
    fail(where, "running_max_factor", "expected a positive factor");
  }
  validate_lstm(settings.lstm, where);
}

void validate_history_length(std::size_t samples, const PredictorSettings& settings, const std::string& app_where,
                             const std::string& params_where) {
  if (settings.kind != PredictorKind::kLstm) return;
  const std::size_t needed = min_lstm_history(settings.window);
  if (samples < needed) {
    fail(app_where, "history",
         "the LSTM predictor of " + params_where + " needs at least prediction_window + 2 = " + std::to_string(needed) +
             " samples of history to train on (one input difference and " + std::to_string(settings.window) +
             " target differences), got " + std::to_string(samples));
  }
}

}  // namespace servesim::mark
