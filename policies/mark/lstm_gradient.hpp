#pragma once
// The loss of one training pair and its gradient, as Keras computes them when
// it fits MArk's stateful LSTM with batch size 1 and one time step (MArk
// public code, workload/prediction/train.py: stateful=True,
// batch_input_shape=(1, 1, 1), loss='mean_squared_error'): the state carried
// in from the previous pair is a constant of the step, so the gradient flows
// through this one step only (no backpropagation through time across pairs).
#include <Eigen/Core>
#include <cstddef>

#include "policies/mark/lstm_network.hpp"

namespace servesim::mark {

class LstmStepGradient {
 public:
  LstmStepGradient(std::size_t units, std::size_t outputs);

  // Runs the step from `from` on input x into `to`, writes into `gradient`
  // (same shape as `p`) the gradient of the loss mean_j (y_j - target_j)^2
  // with respect to every parameter, and returns the loss.
  double evaluate(const LstmParameters& p, const LstmState& from, double x,
                  const Eigen::Ref<const Eigen::VectorXd>& target, LstmState& to, LstmParameters& gradient);

 private:
  void backward_through_cell(const LstmParameters& p, const LstmState& from);

  LstmStepTrace trace_;
  Eigen::VectorXd output_;          // y
  Eigen::VectorXd output_grad_;     // dL/dy
  Eigen::VectorXd hidden_grad_;     // dL/dh_t
  Eigen::VectorXd pre_gates_grad_;  // dL/dz
};

}  // namespace servesim::mark
