// Adam as Keras 2.2 implements it (adam.hpp), on a toy case worked out by
// hand: two parameters, two steps, the settings of MArk's training.
#include "policies/mark/adam.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace servesim::mark {
namespace {

TEST(MarkAdam, TwoStepsMatchKerasFormula) {
  Adam adam(2, AdamSettings{});  // lr 1e-3, beta1 0.9, beta2 0.999, epsilon 1e-7
  Eigen::VectorXd p(2);
  p << 1.0, -2.0;
  Eigen::VectorXd g(2);

  g << 0.5, -0.1;
  adam.step(p, g);
  // t = 1: m = 0.1 g, v = 0.001 g^2, lr_t = 1e-3 sqrt(0.001) / 0.1, so the step
  // is about lr sign(g), a little less because of epsilon:
  // 1 - 1e-3 sqrt(0.001) / 0.1 x 0.05 / (sqrt(0.00025) + 1e-7) = 0.9990000063245...
  EXPECT_NEAR(p[0], 0.99900000632451535, 1e-15);
  EXPECT_NEAR(p[1], -1.9990000316217766, 1e-15);

  g << 0.2, 0.3;
  adam.step(p, g);
  // t = 2: m = 0.9 m + 0.1 g, v = 0.999 v + 0.001 g^2,
  // lr_t = 1e-3 sqrt(1 - 0.999^2) / (1 - 0.9^2).
  EXPECT_NEAR(p[0], 0.99810143639880278, 1e-15);
  EXPECT_NEAR(p[1], -1.9994942165129777, 1e-15);
  EXPECT_EQ(adam.steps(), 2u);
}

TEST(MarkAdam, AZeroGradientLeavesAParameterAlone) {
  Adam adam(1, AdamSettings{});
  Eigen::VectorXd p = Eigen::VectorXd::Constant(1, 3.0);
  adam.step(p, Eigen::VectorXd::Zero(1));
  EXPECT_EQ(p[0], 3.0);
}

}  // namespace
}  // namespace servesim::mark
