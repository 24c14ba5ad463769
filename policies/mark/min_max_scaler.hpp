#pragma once
// scikit-learn's MinMaxScaler(feature_range=(-1, 1)), which MArk's predictor
// fits to the training differences and applies to every input and output
// (MArk public code, workload/prediction/train.py prepare_data;
// modules/load_predictor.py): the fitted minimum maps to -1, the maximum to 1.
#include <span>

namespace servesim::mark {

class MinMaxScaler {
 public:
  // Fitted to `values` (not empty). A constant series has range 0, which
  // scikit-learn replaces by 1 (_handle_zeros_in_scale): everything maps to -1.
  static MinMaxScaler fitted_to(std::span<const double> values);

  double scale(double value) const { return -1.0 + 2.0 * (value - min_) / range_; }
  double unscale(double scaled) const { return min_ + (scaled + 1.0) * range_ / 2.0; }

  double min() const { return min_; }
  double range() const { return range_; }

 private:
  MinMaxScaler(double min, double range) : min_(min), range_(range) {}

  double min_;
  double range_;
};

}  // namespace servesim::mark
