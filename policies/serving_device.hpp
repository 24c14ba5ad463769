#pragma once
// Where a policy that runs one replica per instance (MArk, SageMaker) serves
// a model on an instance type: its first device. That is an accelerator
// instance's accelerator (the catalogs list it before the host CPU, which no
// paper serves on) and a CPU instance's only device. The engine creates an
// instance's devices in the type's order, so it is also
// `InstanceInfo::devices.front()`.
#include "sim/cluster/instance_type.hpp"
#include "sim/serving/simulation_config.hpp"

namespace servesim {

// The variant's latency profile on the type's serving device; null when the
// variant is not profiled there or the type has no device.
const LatencyProfile* serving_profile(const SimulationConfig& world, VariantId variant, const InstanceType& type);

// The serving device type's name ("c5.large.cpu", "k80"), for messages.
const std::string& serving_device_name(const SimulationConfig& world, const InstanceType& type);

}  // namespace servesim
