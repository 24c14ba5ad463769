#include "sim/cluster/interference.hpp"

#include <algorithm>

namespace servesim {

double InterferenceModel::factor(double device_load, std::uint32_t others_running,
                                 std::uint32_t larger_running) const {
  // `!(a > b)` also maps a NaN load to "no effect" rather than poisoning latencies.
  if (others_running == 0 || !(device_load > threshold)) return 1.0;
  const std::uint32_t larger = std::min(larger_running, others_running);
  const double weighted = static_cast<double>(others_running - larger) + smaller_model_weight * larger;
  return 1.0 + std::max(0.0, slope * (device_load - threshold) * weighted);
}

}  // namespace servesim
