#pragma once
// INFaaS' reported cost (ATC'21 section 6.2): "the cost for a running variant
// instance is estimated based on AWS EC2 pricing, proportional to its memory
// footprint", normalized to 0.031 per GB-second on CPU, 0.190 on Inferentia
// and 0.498 on GPU. A reporting option (outputs.memory_cost_per_gb_second):
// it prices the model memory resident on devices, not the instances, so an
// idle worker costs nothing and two small models on one GPU cost less than
// one large one. The dollar ledger is unaffected.
#include <array>

#include "sim/cluster/device_kind.hpp"

namespace servesim {

using MemoryPrices = std::array<double, kDeviceKindCount>;  // per GB-second, by DeviceKind

// The metric's default prices, section 6.2's (cpu, gpu, inferentia, lambda);
// Lambda is not priced there.
inline constexpr MemoryPrices kDefaultMemoryPrices = {0.031, 0.498, 0.190, 0.0};

inline double memory_cost(const std::array<double, kDeviceKindCount>& gb_seconds, const MemoryPrices& prices) {
  double total = 0;
  for (std::size_t k = 0; k < kDeviceKindCount; ++k) total += gb_seconds[k] * prices[k];
  return total;
}

}  // namespace servesim
