#pragma once
// The network of MArk's workload predictor (MArk, ATC'19, section 4.2: "a
// vanilla version of long short-term memory (LSTM) network"), as the public
// code builds it (MArk public code, workload/prediction/train.py; the layer
// configuration saved in resources/my_model_32.h5): one Keras 2.2 LSTM layer
// of n units over one input feature (n_lag 1: the last scaled difference), one
// time step per call, then Dense(Pw) with a linear output (the next Pw scaled
// differences). Keras 2.2's LSTM: gates in the order i, f, c, o; activation
// tanh; recurrent activation hard_sigmoid (that version's default, and what
// the saved model says; sigmoid became the default later).
//
// All parameters live in one flat vector (LstmParameters), so that Adam, the
// gradient and comparisons treat them as one block; the named views below
// give each its shape.
#include <Eigen/Core>
#include <algorithm>
#include <cstddef>

namespace servesim::mark {

class LstmParameters {
 public:
  using VectorView = Eigen::Map<Eigen::VectorXd>;
  using ConstVectorView = Eigen::Map<const Eigen::VectorXd>;
  using MatrixView = Eigen::Map<Eigen::MatrixXd>;
  using ConstMatrixView = Eigen::Map<const Eigen::MatrixXd>;

  // All zero.
  LstmParameters(std::size_t units, std::size_t outputs);

  std::size_t units() const { return units_; }
  std::size_t outputs() const { return outputs_; }

  // 4n: the weights of the one input feature (Keras' kernel, transposed).
  VectorView input_kernel() { return vector_at(0, 4 * units_); }
  ConstVectorView input_kernel() const { return vector_at(0, 4 * units_); }
  // 4n x n: the weights of h_{t-1} (Keras' recurrent_kernel, transposed).
  MatrixView recurrent_kernel() { return matrix_at(recurrent_offset(), 4 * units_, units_); }
  ConstMatrixView recurrent_kernel() const { return matrix_at(recurrent_offset(), 4 * units_, units_); }
  // 4n: the gates' biases.
  VectorView gate_bias() { return vector_at(gate_bias_offset(), 4 * units_); }
  ConstVectorView gate_bias() const { return vector_at(gate_bias_offset(), 4 * units_); }
  // Pw x n: the Dense layer's weights (Keras' kernel, transposed).
  MatrixView dense_kernel() { return matrix_at(dense_kernel_offset(), outputs_, units_); }
  ConstMatrixView dense_kernel() const { return matrix_at(dense_kernel_offset(), outputs_, units_); }
  // Pw: the Dense layer's biases.
  VectorView dense_bias() { return vector_at(dense_bias_offset(), outputs_); }
  ConstVectorView dense_bias() const { return vector_at(dense_bias_offset(), outputs_); }

  Eigen::VectorXd& values() { return values_; }
  const Eigen::VectorXd& values() const { return values_; }

 private:
  std::size_t recurrent_offset() const { return 4 * units_; }
  std::size_t gate_bias_offset() const { return recurrent_offset() + 4 * units_ * units_; }
  std::size_t dense_kernel_offset() const { return gate_bias_offset() + 4 * units_; }
  std::size_t dense_bias_offset() const { return dense_kernel_offset() + outputs_ * units_; }
  std::size_t size() const { return dense_bias_offset() + outputs_; }

  VectorView vector_at(std::size_t offset, std::size_t n) {
    return VectorView(values_.data() + offset, static_cast<Eigen::Index>(n));
  }
  ConstVectorView vector_at(std::size_t offset, std::size_t n) const {
    return ConstVectorView(values_.data() + offset, static_cast<Eigen::Index>(n));
  }
  MatrixView matrix_at(std::size_t offset, std::size_t rows, std::size_t cols) {
    return MatrixView(values_.data() + offset, static_cast<Eigen::Index>(rows), static_cast<Eigen::Index>(cols));
  }
  ConstMatrixView matrix_at(std::size_t offset, std::size_t rows, std::size_t cols) const {
    return ConstMatrixView(values_.data() + offset, static_cast<Eigen::Index>(rows), static_cast<Eigen::Index>(cols));
  }

  std::size_t units_;
  std::size_t outputs_;
  Eigen::VectorXd values_;
};

// The layer's state between steps (Keras stateful: carried from one call to
// the next, zero after a reset).
struct LstmState {
  explicit LstmState(std::size_t units = 0)
      : hidden(Eigen::VectorXd::Zero(static_cast<Eigen::Index>(units))),
        cell(Eigen::VectorXd::Zero(static_cast<Eigen::Index>(units))) {}
  Eigen::VectorXd hidden;  // h
  Eigen::VectorXd cell;    // c
};

// What one step computed beyond its new state: its working storage, and what
// the step's gradient needs (lstm_gradient.hpp).
struct LstmStepTrace {
  explicit LstmStepTrace(std::size_t units = 0)
      : pre_gates(static_cast<Eigen::Index>(4 * units)),
        gates(static_cast<Eigen::Index>(4 * units)),
        cell_tanh(static_cast<Eigen::Index>(units)) {}
  Eigen::VectorXd pre_gates;  // z = W x + U h_{t-1} + b, blocks i, f, c, o
  Eigen::VectorXd gates;      // i, f, o = hard_sigmoid(z); the candidate g = tanh(z_c)
  Eigen::VectorXd cell_tanh;  // tanh(c_t)
};

// Keras 2.2's hard_sigmoid: clip(0.2 x + 0.5, 0, 1).
inline double hard_sigmoid(double x) { return std::clamp(0.2 * x + 0.5, 0.0, 1.0); }

// One step from `from` with input x into `to` (a different object):
//   z = W x + U h_{t-1} + b;  i, f, o = hard_sigmoid(z_i, z_f, z_o);  g = tanh(z_c)
//   c_t = f c_{t-1} + i g;  h_t = o tanh(c_t)
void lstm_step(const LstmParameters& p, const LstmState& from, double x, LstmState& to, LstmStepTrace& trace);

// The Dense(Pw) linear output on the hidden state: y = V h + d.
void dense_output(const LstmParameters& p, const Eigen::VectorXd& hidden, Eigen::VectorXd& output);

}  // namespace servesim::mark
