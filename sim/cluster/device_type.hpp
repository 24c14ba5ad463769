#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include "sim/cluster/device_kind.hpp"
#include "sim/cluster/interference.hpp"

namespace servesim {

using DeviceTypeId = std::uint32_t;

// A kind of device a replica can run on: "v100", "neuroncore", "c5.large.cpu".
// Model latency profiles are keyed by this name.
struct DeviceType {
  std::string name;
  DeviceKind kind = DeviceKind::kCpu;
  double memory_mb = 0;       // what replicas placed on one device may use together
  double price_per_hour = 0;  // dollars per device-hour when used in a fixed cluster; 0 for an owned one
  // How co-located replicas slow each other on this device type; none = no
  // interference (INFaaS saw none on Inferentia, section 6.3.1).
  std::optional<InterferenceModel> interference;
  // A CPU's cores: its replicas run at most this many batches at once, one per
  // core (a replica's concurrency is its worker threads). Accelerators run one
  // batch at a time (serving.gpu_concurrency may let GPU batches overlap).
  std::uint32_t cores = 1;
};

}  // namespace servesim
