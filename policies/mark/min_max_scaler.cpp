#include "policies/mark/min_max_scaler.hpp"

#include <algorithm>

#include "sim/core/input_error.hpp"

namespace servesim::mark {

MinMaxScaler MinMaxScaler::fitted_to(std::span<const double> values) {
  if (values.empty()) throw InvariantError("min-max scaler: nothing to fit");
  const auto [low, high] = std::minmax_element(values.begin(), values.end());
  const double range = *high - *low;
  return MinMaxScaler(*low, range > 0 ? range : 1.0);
}

}  // namespace servesim::mark
