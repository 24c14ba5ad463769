#include "policies/mark/lstm_gradient.hpp"

namespace servesim::mark {
namespace {

// d hard_sigmoid / dz: 0.2 where the clip is inactive. At the bounds
// (|z| = 2.5) TensorFlow's clip_by_value passes the gradient, so do we.
double hard_sigmoid_slope(double z) { return (z >= -2.5 && z <= 2.5) ? 0.2 : 0.0; }

}  // namespace

LstmStepGradient::LstmStepGradient(std::size_t units, std::size_t outputs)
    : trace_(units),
      output_(static_cast<Eigen::Index>(outputs)),
      output_grad_(static_cast<Eigen::Index>(outputs)),
      hidden_grad_(static_cast<Eigen::Index>(units)),
      pre_gates_grad_(static_cast<Eigen::Index>(4 * units)) {}

double LstmStepGradient::evaluate(const LstmParameters& p, const LstmState& from, double x,
                                  const Eigen::Ref<const Eigen::VectorXd>& target, LstmState& to,
                                  LstmParameters& gradient) {
  lstm_step(p, from, x, to, trace_);
  dense_output(p, to.hidden, output_);
  const double outputs = static_cast<double>(p.outputs());
  output_grad_ = output_ - target;
  const double loss = output_grad_.squaredNorm() / outputs;
  output_grad_ *= 2.0 / outputs;  // Keras' MSE: the mean over the Pw outputs

  gradient.dense_kernel().noalias() = output_grad_ * to.hidden.transpose();
  gradient.dense_bias() = output_grad_;
  hidden_grad_.noalias() = p.dense_kernel().transpose() * output_grad_;

  backward_through_cell(p, from);
  gradient.input_kernel() = pre_gates_grad_ * x;
  gradient.recurrent_kernel().noalias() = pre_gates_grad_ * from.hidden.transpose();
  gradient.gate_bias() = pre_gates_grad_;
  return loss;
}

// From dL/dh_t to dL/dz through c_t = f c_{t-1} + i g and h_t = o tanh(c_t),
// with c_{t-1} and h_{t-1} held constant.
void LstmStepGradient::backward_through_cell(const LstmParameters& p, const LstmState& from) {
  const Eigen::Index n = static_cast<Eigen::Index>(p.units());
  for (Eigen::Index k = 0; k < n; ++k) {
    const double input_gate = trace_.gates[k];
    const double candidate = trace_.gates[2 * n + k];
    const double output_gate = trace_.gates[3 * n + k];
    const double cell_tanh = trace_.cell_tanh[k];
    const double cell_grad = hidden_grad_[k] * output_gate * (1 - cell_tanh * cell_tanh);
    pre_gates_grad_[k] = cell_grad * candidate * hard_sigmoid_slope(trace_.pre_gates[k]);
    pre_gates_grad_[n + k] = cell_grad * from.cell[k] * hard_sigmoid_slope(trace_.pre_gates[n + k]);
    pre_gates_grad_[2 * n + k] = cell_grad * input_gate * (1 - candidate * candidate);
    pre_gates_grad_[3 * n + k] = hidden_grad_[k] * cell_tanh * hard_sigmoid_slope(trace_.pre_gates[3 * n + k]);
  }
}

}  // namespace servesim::mark
