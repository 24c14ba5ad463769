#pragma once
// The predictors that need no training, behind section 4.2's pluggable API
// (load_predictor.hpp): baselines that bound what the LSTM buys, and the rule
// the public controller actually plans on. Each forecasts a flat line; before
// any sample that line is 0.
#include <cstddef>
#include <deque>
#include <vector>

#include "policies/mark/load_predictor.hpp"

namespace servesim::mark {

// F_i = the last sample (persistence).
class LastValuePredictor final : public LoadPredictor {
 public:
  explicit LastValuePredictor(std::size_t window) : window_(window) {}
  void observe(double sample) override { last_ = sample; }
  std::vector<double> forecast() const override { return std::vector<double>(window_, last_); }

 private:
  std::size_t window_;
  double last_ = 0;
};

// F_i = the mean of the last k samples (of all of them while fewer).
class MovingAveragePredictor final : public LoadPredictor {
 public:
  MovingAveragePredictor(std::size_t window, std::size_t k) : window_(window), k_(k) {}
  void observe(double sample) override;
  std::vector<double> forecast() const override;

 private:
  std::size_t window_;
  std::size_t k_;
  std::deque<double> recent_;  // the last k samples
};

// F_i = the true sample i units ahead: the forecast a perfect predictor makes.
// Past the end of the truth it repeats the last true sample (0 if none).
class OraclePredictor final : public LoadPredictor {
 public:
  OraclePredictor(std::size_t window, std::vector<double> truth) : window_(window), truth_(std::move(truth)) {}
  void observe(double) override { ++observed_; }
  std::vector<double> forecast() const override;

 private:
  std::size_t window_;
  std::vector<double> truth_;
  std::size_t observed_ = 0;
};

// F_i = factor x the largest sample so far. The public scheduler plans on
// this, not on its LSTM, once warmed up (MArk public code, modules/scheduler.py:
// forecasts = [max_count * Times] * 50 with Times = 1.2; the LSTM's forecast
// there is computed only during warm-up and then discarded).
class RunningMaxPredictor final : public LoadPredictor {
 public:
  RunningMaxPredictor(std::size_t window, double factor) : window_(window), factor_(factor) {}
  void observe(double sample) override;
  std::vector<double> forecast() const override { return std::vector<double>(window_, factor_ * largest_); }

 private:
  std::size_t window_;
  double factor_;
  double largest_ = 0;
};

}  // namespace servesim::mark
