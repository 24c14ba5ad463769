// MArk's LSTM network (lstm_network.hpp): one forward step of a 2-unit network
// with fixed weights against values worked out by hand, and the single-step
// gradient (lstm_gradient.hpp) against central finite differences.
#include "policies/mark/lstm_network.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "policies/mark/keras_initializers.hpp"
#include "policies/mark/lstm_gradient.hpp"
#include "sim/core/random_stream.hpp"

namespace servesim::mark {
namespace {

// Gates in Keras' order i, f, c, o; rows of the recurrent kernel likewise.
LstmParameters two_unit_network() {
  LstmParameters p(2, 2);
  p.input_kernel() << 0.5, -1.0, 1.0, 0.25, 0.3, -0.2, 2.0, 20.0;
  p.recurrent_kernel() << 0.1, 0.0,  //
      0.0, 0.2,                      //
      0.3, 0.0,                      //
      0.0, -0.4,                     //
      0.5, 0.5,                      //
      -0.5, 0.5,                     //
      0.0, 0.0,                      //
      0.0, 0.0;
  p.gate_bias() << 0, 0, 1, 1, 0, 0, 0.1, 0;
  p.dense_kernel() << 1, -1,  //
      0.5, 2;
  p.dense_bias() << 0.1, -0.2;
  return p;
}

// The state the hand computations start from.
LstmState hand_state() {
  LstmState s(2);
  s.hidden << 0.5, -1.0;
  s.cell << 1.0, -2.0;
  return s;
}

TEST(MarkLstmNetwork, OneStepMatchesTheHandComputation) {
  const LstmParameters p = two_unit_network();
  const LstmState from = hand_state();
  LstmState to(2);
  LstmStepTrace trace(2);
  lstm_step(p, from, 0.5, to, trace);
  // Unit 0, x = 0.5:
  //   z_i = 0.5 x + 0.1 h0 = 0.3           i = 0.2 z + 0.5 = 0.56
  //   z_f = 1 x + 1 + 0.3 h0 = 1.65        f = 0.83
  //   z_c = 0.3 x + 0.5 h0 + 0.5 h1 = -0.1 g = tanh(-0.1) = -0.0996679946...
  //   z_o = 2 x + 0.1 = 1.1                o = 0.72
  //   c = f c0 + i g = 0.83 - 0.56 x 0.0996679946 = 0.7741859230...
  //   h = o tanh(c) = 0.72 x 0.6493569028 = 0.4675369700...
  // Unit 1: z_i = -0.7 (i 0.36), z_f = 1.525 (f 0.805), z_c = -0.85,
  //   z_o = 20 x = 10: hard_sigmoid clips at 1.
  EXPECT_NEAR(trace.gates[0], 0.56, 1e-15);
  EXPECT_NEAR(trace.gates[2], 0.83, 1e-15);
  EXPECT_NEAR(trace.gates[6], 0.72, 1e-15);
  EXPECT_EQ(trace.gates[7], 1.0);
  EXPECT_NEAR(to.cell[0], 0.77418592301002487, 1e-14);
  EXPECT_NEAR(to.cell[1], -1.8587850091398548, 1e-14);
  EXPECT_NEAR(to.hidden[0], 0.46753697002462374, 1e-14);
  EXPECT_NEAR(to.hidden[1], -0.95256644481742492, 1e-14);
  Eigen::VectorXd y(2);
  dense_output(p, to.hidden, y);
  // y0 = h0 - h1 + 0.1, y1 = 0.5 h0 + 2 h1 - 0.2
  EXPECT_NEAR(y[0], 1.5201034148420487, 1e-14);
  EXPECT_NEAR(y[1], -1.8713644046225379, 1e-14);
}

double loss_at(const LstmParameters& p, const LstmState& from, double x, const Eigen::VectorXd& target) {
  LstmState to(p.units());
  LstmStepTrace trace(p.units());
  lstm_step(p, from, x, to, trace);
  Eigen::VectorXd y(static_cast<Eigen::Index>(p.outputs()));
  dense_output(p, to.hidden, y);
  return (y - target).squaredNorm() / static_cast<double>(p.outputs());
}

TEST(MarkLstmGradient, MatchesFiniteDifferencesOfTheStepLoss) {
  RandomStream random(42, "mark.lstm.gradient_check");
  LstmParameters p = keras_initial_parameters(3, 4, random);
  // Biases too, so that some gates saturate (zero slope) and others do not.
  for (Eigen::Index k = 0; k < p.gate_bias().size(); ++k) p.gate_bias()[k] += random.normal(0.0, 2.0);
  for (Eigen::Index k = 0; k < p.dense_bias().size(); ++k) p.dense_bias()[k] = random.normal(0.0, 0.5);
  LstmState from(3);
  for (Eigen::Index k = 0; k < 3; ++k) {
    from.hidden[k] = random.normal(0.0, 0.5);
    from.cell[k] = random.normal(0.0, 1.0);
  }
  const double x = 0.7;
  Eigen::VectorXd target(4);
  target << 0.3, -0.8, 0.1, 0.5;

  LstmStepGradient step(3, 4);
  LstmParameters gradient(3, 4);
  LstmState to(3);
  const double loss = step.evaluate(p, from, x, target, to, gradient);
  EXPECT_NEAR(loss, loss_at(p, from, x, target), 1e-15);

  const double h = 1e-6;
  for (Eigen::Index k = 0; k < p.values().size(); ++k) {
    LstmParameters plus = p;
    LstmParameters minus = p;
    plus.values()[k] += h;
    minus.values()[k] -= h;
    const double numeric = (loss_at(plus, from, x, target) - loss_at(minus, from, x, target)) / (2 * h);
    EXPECT_NEAR(gradient.values()[k], numeric, 1e-8 + 1e-6 * std::abs(numeric)) << "parameter " << k;
  }
}

TEST(MarkLstmGradient, TheStepCarriesTheSameStateAsTheForwardPass) {
  const LstmParameters p = two_unit_network();
  const LstmState from = hand_state();
  LstmState forward(2);
  LstmStepTrace trace(2);
  lstm_step(p, from, 0.5, forward, trace);
  LstmStepGradient step(2, 2);
  LstmParameters gradient(2, 2);
  LstmState trained(2);
  step.evaluate(p, from, 0.5, Eigen::VectorXd::Zero(2), trained, gradient);
  EXPECT_EQ(trained.hidden, forward.hidden);
  EXPECT_EQ(trained.cell, forward.cell);
}

}  // namespace
}  // namespace servesim::mark
