#include "policies/mark/adam.hpp"

#include <cmath>

#include "policies/mark/negligible_values.hpp"

namespace servesim::mark {

Adam::Adam(std::size_t parameters, const AdamSettings& settings)
    : settings_(settings),
      first_moment_(Eigen::VectorXd::Zero(static_cast<Eigen::Index>(parameters))),
      second_moment_(Eigen::VectorXd::Zero(static_cast<Eigen::Index>(parameters))) {}

namespace {

// The weights step() updates together: one SSE2 register of doubles (the
// x86-64 baseline's vector width).
constexpr Eigen::Index kLanes = 2;

// The whole update of a few weights: their moments, then (at a zeroing step)
// their negligible moments zeroed, then the weights.
//
// A weight whose gradient stays 0 (a saturated gate's) sees its moments decay
// geometrically towards the subnormal range (negligible_values.hpp). Below
// these thresholds they move no weight: |m| / (sqrt(v) + epsilon) is under
// 1e-100 / epsilon, and sqrt(v) < 1e-100 vanishes beside epsilon. Zeroing
// every kZeroingInterval steps is enough: in 16 steps a moment at its
// threshold shrinks by beta^16 at most, which takes it into the subnormal
// range (below 2.2e-308) only for a beta under 1e-6.
void update(auto weights, const auto& gradient, auto first_moment, auto second_moment, const AdamSettings& settings,
            double step_size, bool zeroing_step) {
  const double b1 = settings.beta1;
  const double b2 = settings.beta2;
  first_moment = b1 * first_moment + (1 - b1) * gradient;
  second_moment.array() = b2 * second_moment.array() + (1 - b2) * gradient.array().square();
  if (zeroing_step) {
    zero_below(first_moment, kNegligible);
    zero_below(second_moment, kNegligible * kNegligible);
  }
  weights.array() -= step_size * first_moment.array() / (second_moment.array().sqrt() + settings.epsilon);
}

}  // namespace

// One pass over the weights, each pair updated completely (moments, zeroing,
// weight) before the next. Every weight's arithmetic is that of its own
// element alone, so this computes exactly what a pass per formula over all the
// weights would, in about 3/4 of the time (on MArk's 6332 weights): the square
// root and the division of every weight take most of a step, and the moment
// updates of the pairs that follow overlap them, where passes of their own
// would follow them.
void Adam::step(Eigen::Ref<Eigen::VectorXd> parameters, const Eigen::Ref<const Eigen::VectorXd>& gradient) {
  ++steps_;
  const double t = static_cast<double>(steps_);
  const double b1 = settings_.beta1;
  const double b2 = settings_.beta2;
  const double step_size = settings_.learning_rate * std::sqrt(1 - std::pow(b2, t)) / (1 - std::pow(b1, t));
  const bool zeroing_step = steps_ % kZeroingInterval == 0;
  // A local copy: the compiler would reload the member after every store of a
  // double, which might have changed it.
  const AdamSettings settings = settings_;
  const Eigen::Index size = parameters.size();
  Eigen::Index i = 0;
  for (; i + kLanes <= size; i += kLanes) {
    update(parameters.segment<kLanes>(i), gradient.segment<kLanes>(i), first_moment_.segment<kLanes>(i),
           second_moment_.segment<kLanes>(i), settings, step_size, zeroing_step);
  }
  if (i < size) {  // the last weight of an odd count
    const Eigen::Index rest = size - i;
    update(parameters.segment(i, rest), gradient.segment(i, rest), first_moment_.segment(i, rest),
           second_moment_.segment(i, rest), settings, step_size, zeroing_step);
  }
}

}  // namespace servesim::mark
