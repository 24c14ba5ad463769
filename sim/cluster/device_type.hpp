#pragma once
#include <string>

#include "sim/cluster/device_kind.hpp"

namespace servesim {

// A kind of device a replica can run on: "v100", "cpu-4core", "inf1-core".
// Model latency profiles are keyed by this name.
struct DeviceType {
  std::string name;
  DeviceKind kind = DeviceKind::kCpu;
  double memory_mb = 0;       // what replicas placed on one device may use together
  double price_per_hour = 0;  // dollars per device-hour; 0 for an owned cluster
};

}  // namespace servesim
