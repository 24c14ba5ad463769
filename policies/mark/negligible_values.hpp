#pragma once
// Zeroing values too small to matter, so that training never computes on
// subnormal numbers. Keras 2.2's hard-sigmoid gates are exactly 0 or 1 when
// saturated: behind a shut input gate a cell decays geometrically, and Adam's
// moments decay likewise for weights whose gradient is exactly 0, both down
// into the subnormal range, where x86 arithmetic is about 100 times slower
// (training on two weeks of a smooth series took 4x longer). TensorFlow, which
// ran the public code's Keras, avoids them by running in flush-to-zero mode;
// we zero them explicitly instead of changing the thread's floating-point
// mode. A value below 1e-100 cannot change a sum with any term of normal size
// in double precision, so the results are those of exact arithmetic on the
// other terms.
#include <Eigen/Core>

namespace servesim::mark {

inline constexpr double kNegligible = 1e-100;

// Sets to 0 every value whose magnitude is below `threshold` (as one
// vectorised select: Adam applies it to every weight at every step).
inline void zero_below(Eigen::Ref<Eigen::VectorXd> values, double threshold) {
  values = (values.array().abs() < threshold).select(0.0, values.array()).matrix();
}

}  // namespace servesim::mark
