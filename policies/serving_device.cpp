#include "policies/serving_device.hpp"

namespace servesim {

const LatencyProfile* serving_profile(const SimulationConfig& world, VariantId variant, const InstanceType& type) {
  if (type.devices.empty()) return nullptr;
  return world.models->variant(variant).profile_on(serving_device_name(world, type));
}

const std::string& serving_device_name(const SimulationConfig& world, const InstanceType& type) {
  return world.hardware->type(type.devices.front().type).name;
}

}  // namespace servesim
