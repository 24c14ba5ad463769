#pragma once
// How well the forecasts a run planned on matched the samples that came
// (MArk section 4.2 judges its LSTM by prediction error; the issue's
// predictor experiment compares RMSE at horizon 5, the planner's tau, and
// over the whole window 1..Pw). A forecast made after k samples predicts
// sample k + h with its F_h; each is scored once that sample has come, and a
// forecast whose horizon runs past the end of the run is scored only on the
// samples that came.
#include <cstddef>
#include <cstdint>
#include <deque>
#include <vector>

namespace servesim::mark {

class ForecastError {
 public:
  // `horizon`: the one step scored on its own (1-based, within the window).
  explicit ForecastError(std::size_t horizon = 5) : horizon_(horizon) {}

  // F_1..F_Pw made now, after every sample observed so far.
  void forecast_made(std::vector<double> forecast);
  // The next sample has come: score every forecast that predicted it.
  void sample_came(double sample);

  // Root mean squared error at the horizon and over every step; 0 before any
  // forecast is scored.
  double rmse_at_horizon() const;
  double rmse_over_window() const;
  std::uint64_t scored_at_horizon() const { return at_horizon_.count; }

 private:
  struct Sum {
    double squares = 0;
    std::uint64_t count = 0;
    void add(double error) {
      squares += error * error;
      ++count;
    }
    double rms() const;
  };
  struct Made {
    std::size_t after;  // samples observed when it was made
    std::vector<double> values;
  };

  std::size_t horizon_;
  std::size_t samples_ = 0;
  std::deque<Made> pending_;  // oldest first
  Sum at_horizon_;
  Sum over_window_;
};

}  // namespace servesim::mark
