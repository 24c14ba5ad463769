#include "policies/mark/adam.hpp"

#include <cmath>

#include "policies/mark/negligible_values.hpp"

namespace servesim::mark {

Adam::Adam(std::size_t parameters, const AdamSettings& settings)
    : settings_(settings),
      first_moment_(Eigen::VectorXd::Zero(static_cast<Eigen::Index>(parameters))),
      second_moment_(Eigen::VectorXd::Zero(static_cast<Eigen::Index>(parameters))) {}

void Adam::step(Eigen::Ref<Eigen::VectorXd> parameters, const Eigen::Ref<const Eigen::VectorXd>& gradient) {
  ++steps_;
  const double t = static_cast<double>(steps_);
  const double b1 = settings_.beta1;
  const double b2 = settings_.beta2;
  const double step_size = settings_.learning_rate * std::sqrt(1 - std::pow(b2, t)) / (1 - std::pow(b1, t));
  first_moment_ = b1 * first_moment_ + (1 - b1) * gradient;
  second_moment_.array() = b2 * second_moment_.array() + (1 - b2) * gradient.array().square();
  if (steps_ % kZeroingInterval == 0) zero_negligible_moments();
  parameters.array() -= step_size * first_moment_.array() / (second_moment_.array().sqrt() + settings_.epsilon);
}

// A weight whose gradient stays 0 (a saturated gate's) sees its moments decay
// geometrically towards the subnormal range (negligible_values.hpp). Below
// these thresholds they move no weight: |m| / (sqrt(v) + epsilon) is under
// 1e-100 / epsilon, and sqrt(v) < 1e-100 vanishes beside epsilon. Zeroing
// every kZeroingInterval steps is enough: in 16 steps a moment at its
// threshold shrinks by beta^16 at most, which takes it into the subnormal
// range (below 2.2e-308) only for a beta under 1e-6.
void Adam::zero_negligible_moments() {
  zero_below(first_moment_, kNegligible);
  zero_below(second_moment_, kNegligible * kNegligible);
}

}  // namespace servesim::mark
