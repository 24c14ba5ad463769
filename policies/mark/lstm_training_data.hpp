#pragma once
// How MArk's LSTM sees a sample series (MArk public code,
// workload/prediction/train.py prepare_data): the first differences
// d_j = s_{j+1} - s_j (to make the series stationary), min-max scaled to
// [-1, 1] (min_max_scaler.hpp), then framed by series_to_supervised(n_in = 1,
// n_out = Pw), whose rows are (e_{t-1} | e_t, ..., e_{t+Pw-1}) with rows
// holding a NaN dropped. We follow that framing exactly: pair r (from 0) has
// input e_r and targets e_{r+1}..e_{r+Pw}, the Pw differences that follow
// it, for r = 0..n-2-Pw (n samples give n-1 differences and n-1-Pw pairs).
// Online, the same holds: the input is the difference that ends at the
// current sample, the output the next Pw differences from it
// (modules/load_predictor.py predict). Unlike train.py, no rows are held out
// as a test set: the whole history trains the model (train.py fits its scaler
// to every difference, held-out ones included; here that is the history's).
#include <Eigen/Core>
#include <cstddef>
#include <span>
#include <vector>

#include "policies/mark/min_max_scaler.hpp"

namespace servesim::mark {

class LstmTrainingData {
 public:
  // `history` must hold at least Pw + 2 samples (min_lstm_history;
  // InvariantError otherwise).
  LstmTrainingData(std::span<const double> history, std::size_t window);

  std::size_t window() const { return window_; }
  const MinMaxScaler& scaler() const { return scaler_; }
  // e_0..e_{n-2}.
  const std::vector<double>& scaled_differences() const { return scaled_; }

  std::size_t pairs() const { return scaled_.size() - window_; }
  double input(std::size_t pair) const { return scaled_[pair]; }
  Eigen::Map<const Eigen::VectorXd> targets(std::size_t pair) const {
    return Eigen::Map<const Eigen::VectorXd>(scaled_.data() + pair + 1, static_cast<Eigen::Index>(window_));
  }

 private:
  std::size_t window_;
  std::vector<double> scaled_;  // declared before scaler_: it is fitted to the raw differences first
  MinMaxScaler scaler_;
};

// The first differences of `samples` (one fewer).
std::vector<double> first_differences(std::span<const double> samples);

}  // namespace servesim::mark
