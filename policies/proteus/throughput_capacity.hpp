#pragma once
// Proteus' peak throughput capacity P(d, m, q) (ASPLOS'24 section 4,
// "Estimation of throughput capacity"): the largest batch whose profiled
// latency is at most half the SLO (a query arriving just after a batch starts
// waits for it, then runs in the next) and that fits the device's memory,
// divided by that batch's latency. A variant with no such batch is not allowed
// on the device.
#include <cstdint>
#include <optional>

#include "sim/cluster/device_type.hpp"
#include "sim/core/time.hpp"
#include "sim/serving/model_catalog.hpp"

namespace servesim::proteus {

struct Capacity {
  std::uint32_t batch = 1;  // the maximum allowed batch size
  Duration latency;         // profiled latency at that batch
  double qps = 0;           // batch / latency

  bool operator==(const Capacity&) const = default;
};

std::optional<Capacity> throughput_capacity(const ModelVariant& variant, const DeviceType& device, Duration slo);

}  // namespace servesim::proteus
