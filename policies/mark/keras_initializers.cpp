#include "policies/mark/keras_initializers.hpp"

#include <Eigen/QR>
#include <cmath>

#include "sim/core/input_error.hpp"

namespace servesim::mark {

void fill_glorot_uniform(Eigen::Ref<Eigen::MatrixXd> weights, std::size_t fan_in, std::size_t fan_out,
                         RandomStream& random) {
  const double limit = std::sqrt(6.0 / static_cast<double>(fan_in + fan_out));
  for (Eigen::Index col = 0; col < weights.cols(); ++col) {
    for (Eigen::Index row = 0; row < weights.rows(); ++row) weights(row, col) = limit * (2 * random.uniform01() - 1);
  }
}

void fill_orthogonal(Eigen::Ref<Eigen::MatrixXd> weights, RandomStream& random) {
  if (weights.rows() < weights.cols()) throw InvariantError("orthogonal initialiser: expected rows >= columns");
  Eigen::MatrixXd normal(weights.rows(), weights.cols());
  for (Eigen::Index col = 0; col < normal.cols(); ++col) {
    for (Eigen::Index row = 0; row < normal.rows(); ++row) normal(row, col) = random.normal(0.0, 1.0);
  }
  const Eigen::HouseholderQR<Eigen::MatrixXd> qr(normal);
  const Eigen::MatrixXd thin_q = qr.householderQ() * Eigen::MatrixXd::Identity(weights.rows(), weights.cols());
  // Householder QR leaves R's diagonal signs arbitrary; fixing them makes Q
  // a function of the draws that is uniformly distributed (Mezzadri 2007).
  const Eigen::MatrixXd r = qr.matrixQR().topRows(weights.cols()).triangularView<Eigen::Upper>();
  for (Eigen::Index col = 0; col < weights.cols(); ++col) {
    weights.col(col) = r(col, col) < 0 ? Eigen::VectorXd(-thin_q.col(col)) : Eigen::VectorXd(thin_q.col(col));
  }
}

LstmParameters keras_initial_parameters(std::size_t units, std::size_t outputs, RandomStream& random) {
  LstmParameters p(units, outputs);
  // Keras' shapes: kernel (1, 4n), recurrent_kernel (n, 4n), Dense kernel (n, Pw).
  auto input_kernel = p.input_kernel();
  fill_glorot_uniform(Eigen::Map<Eigen::MatrixXd>(input_kernel.data(), input_kernel.size(), 1), 1, 4 * units, random);
  fill_orthogonal(p.recurrent_kernel(), random);
  fill_glorot_uniform(p.dense_kernel(), units, outputs, random);
  // unit_forget_bias: the forget gate (block f, the second) starts open.
  p.gate_bias().segment(static_cast<Eigen::Index>(units), static_cast<Eigen::Index>(units)).setOnes();
  return p;
}

}  // namespace servesim::mark
