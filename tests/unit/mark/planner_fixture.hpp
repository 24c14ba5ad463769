#pragma once
// The two instance types (MArk public code, modules/constants.py:
// Inception-v3 on c5.large at 284 requests/min, p2.xlarge at 415 x 8 = 3320
// with batching; 2019 on-demand prices) with equal 180 s launch overheads,
// and a 60-step forecast at 1-min steps (section 4.2's [Pu, Pw] = [1 min, 60]).
// Their batching times are illustrative: both meet the 200 ms RT_max.
#include <cstddef>
#include <vector>

#include "policies/mark/instance_planner.hpp"
#include "sim/core/time.hpp"

namespace servesim::mark::test {

inline InstanceTypeOption c5_large() {
  return {"c5.large", 0.085, 284, 1, from_millis(0), from_millis(180), from_seconds(180)};
}
inline InstanceTypeOption p2_xlarge() {
  return {"p2.xlarge", 0.90, 3320, 8, from_millis(100), from_millis(90), from_seconds(180)};
}
inline std::vector<InstanceTypeOption> c5_and_p2() { return {c5_large(), p2_xlarge()}; }
inline constexpr std::size_t kC5 = 0;
inline constexpr std::size_t kP2 = 1;

inline PlannerParams planner_params() {
  PlannerParams p;
  p.rt_max = from_millis(200);
  return p;  // tau 5, Pu 1 min, the paper's overhead and target step
}

inline std::vector<double> flat(double per_minute, std::size_t steps = 60) {
  return std::vector<double>(steps, per_minute);
}

// `value` on steps [first, last] (1-based), 0 elsewhere.
inline std::vector<double> plateau(std::size_t first, std::size_t last, double value, std::size_t steps = 60) {
  std::vector<double> f(steps, 0.0);
  for (std::size_t t = first; t <= last; ++t) f[t - 1] = value;
  return f;
}

}  // namespace servesim::mark::test
