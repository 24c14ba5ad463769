#pragma once
// The state of the cluster over one time-series window, handed to the metrics
// by the simulation when the window closes.
#include <array>
#include <cstdint>

#include "sim/cluster/device_kind.hpp"
#include "sim/metrics/cost_ledger.hpp"

namespace servesim {

struct ClusterSnapshot {
  // Counts at the end of the window, by device kind.
  std::array<std::uint32_t, kDeviceKindCount> devices{};
  std::array<std::uint32_t, kDeviceKindCount> replicas{};
  // Busy device-seconds accumulated during the window, by kind (for utilisation).
  std::array<double, kDeviceKindCount> busy_seconds{};
  // Model memory resident on devices (loading, serving or draining) during the
  // window, by kind, in GB-seconds: what INFaaS section 6.2 prices.
  std::array<double, kDeviceKindCount> memory_gb_seconds{};
  // Elastic instances alive (not yet stopped) at the end of the window, by market.
  std::uint32_t instances_on_demand = 0;
  std::uint32_t instances_spot = 0;
  // Lambda invocations started during the window, and how many of them started cold.
  std::uint64_t lambda_invocations = 0;
  std::uint64_t lambda_cold_starts = 0;
  // What the cluster costs per hour at the end of the window, in dollars.
  double cost_per_hour = 0;
  // Dollars spent during the window: the one source of every cost report.
  CostLedger ledger;

  // Takes in what flowed during an earlier part of the same window (the part
  // before the warm-up's end); the counts at the end of the window stay ours.
  void add_flows_of(const ClusterSnapshot& earlier) {
    for (std::size_t k = 0; k < kDeviceKindCount; ++k) {
      busy_seconds[k] += earlier.busy_seconds[k];
      memory_gb_seconds[k] += earlier.memory_gb_seconds[k];
    }
    lambda_invocations += earlier.lambda_invocations;
    lambda_cold_starts += earlier.lambda_cold_starts;
    ledger += earlier.ledger;
  }
};

}  // namespace servesim
