#pragma once
// How much work training MArk's LSTM is, before it starts: a bound that
// refuses settings which would train for hours (lstm_units 1024 x
// lstm_epochs 10000 on a two-week history is about 46 days), and an estimate
// `servesim run` prints before a training long enough to wait for.
//
// The work is the multiply-adds of the passes over the history: per sample
// and epoch, the four gates over the recurrent state and the input
// (4 units (units + 2)) and the dense output of `window` values (units x
// window). The rate is the project's own benchmark (build/bench/
// mark_lstm_bench, docs/performance.md): the paper's settings, 32 units, 50
// epochs on 14 days of per-minute samples (20,160), train in 20 s on one core.
#include <cstddef>
#include <string>

#include "policies/mark/predictor_settings.hpp"

namespace servesim::mark {

double lstm_training_work(std::size_t samples, std::size_t window, const LstmSettings& settings);

// Multiply-adds per second of the benchmark above (6.3e9 in 20.0 s).
inline constexpr double kLstmWorkPerSecond = 3.2e8;
// About 30 times the paper's settings on its two-week history: about ten
// minutes at the benchmark's rate (units 128 for 50 epochs, or 64 for 100,
// fit; docs/scenario.md, "Limits").
inline constexpr double kMaxLstmTrainingWork = 2e11;
// Trainings expected to take longer are announced by `servesim run`.
inline constexpr double kAnnouncedTrainingSeconds = 5;

// "about 20 s" / "about 3 min": the expected wall time of `work`.
std::string training_time_text(double work);

}  // namespace servesim::mark
