#pragma once
// The state of the cluster over one time-series window, handed to the metrics
// by the simulation when the window closes.
#include <array>
#include <cstdint>

#include "sim/cluster/device_kind.hpp"

namespace servesim {

struct ClusterSnapshot {
  // Counts at the end of the window, by device kind.
  std::array<std::uint32_t, kDeviceKindCount> devices{};
  std::array<std::uint32_t, kDeviceKindCount> replicas{};
  // Busy device-seconds accumulated during the window, by kind (for utilisation).
  std::array<double, kDeviceKindCount> busy_seconds{};
  // What the cluster costs per hour at the end of the window, in dollars.
  double cost_per_hour = 0;
  // Dollars spent during the window.
  double cost = 0;
};

}  // namespace servesim
