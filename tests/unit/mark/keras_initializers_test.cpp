// Keras 2.2's initial weights for MArk's network (keras_initializers.hpp):
// Glorot uniform bounds, an orthogonal recurrent kernel, zero biases but the
// forget gate's (unit_forget_bias).
#include "policies/mark/keras_initializers.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "sim/core/input_error.hpp"

namespace servesim::mark {
namespace {

TEST(MarkKerasInitializers, GlorotKernelsOrthogonalRecurrentAndAnOpenForgetGate) {
  RandomStream random(1, "mark.lstm.init");
  const LstmParameters p = keras_initial_parameters(8, 5, random);
  EXPECT_LE(p.input_kernel().cwiseAbs().maxCoeff(), std::sqrt(6.0 / (1 + 32)));
  EXPECT_LE(p.dense_kernel().cwiseAbs().maxCoeff(), std::sqrt(6.0 / (8 + 5)));
  EXPECT_GT(p.dense_kernel().cwiseAbs().maxCoeff(), 0.0);
  const Eigen::MatrixXd gram = p.recurrent_kernel().transpose() * p.recurrent_kernel();
  EXPECT_TRUE(gram.isIdentity(1e-12));
  Eigen::VectorXd expected_bias = Eigen::VectorXd::Zero(32);
  expected_bias.segment(8, 8).setOnes();
  EXPECT_EQ(p.gate_bias(), expected_bias);
  EXPECT_EQ(p.dense_bias(), Eigen::VectorXd::Zero(5));
}

TEST(MarkKerasInitializers, OrthogonalNeedsATallMatrix) {
  RandomStream random(1, "mark.lstm.init");
  Eigen::MatrixXd wide(2, 3);
  EXPECT_THROW(fill_orthogonal(wide, random), InvariantError);
}

}  // namespace
}  // namespace servesim::mark
