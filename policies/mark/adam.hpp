#pragma once
// Adam as Keras 2.2 implements it (keras/optimizers.py), which trained MArk's
// LSTM (MArk public code, workload/prediction/train.py: optimizer='adam'; the
// saved resources/my_model_32.h5 records lr 0.001, beta_1 0.9, beta_2 0.999,
// epsilon 1e-7). Keras folds the bias corrections into the step size and adds
// epsilon to sqrt(v) uncorrected; at step t (from 1):
//   lr_t = lr * sqrt(1 - beta2^t) / (1 - beta1^t)
//   m = beta1 m + (1 - beta1) g;  v = beta2 v + (1 - beta2) g^2
//   p = p - lr_t m / (sqrt(v) + epsilon)
#include <Eigen/Core>
#include <cstddef>
#include <cstdint>

namespace servesim::mark {

struct AdamSettings {
  double learning_rate = 1e-3;
  double beta1 = 0.9;
  double beta2 = 0.999;
  double epsilon = 1e-7;  // Keras' K.epsilon()

  auto operator<=>(const AdamSettings&) const = default;
};

class Adam {
 public:
  Adam(std::size_t parameters, const AdamSettings& settings);

  // One update of `parameters` along `gradient` (same size as at construction).
  void step(Eigen::Ref<Eigen::VectorXd> parameters, const Eigen::Ref<const Eigen::VectorXd>& gradient);
  std::uint64_t steps() const { return steps_; }

 private:
  static constexpr std::uint64_t kZeroingInterval = 16;

  AdamSettings settings_;
  Eigen::VectorXd first_moment_;   // m
  Eigen::VectorXd second_moment_;  // v
  std::uint64_t steps_ = 0;
};

}  // namespace servesim::mark
