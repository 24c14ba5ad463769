#include "sim/serving/reachable_device_types.hpp"

namespace servesim {

std::set<std::string> reachable_device_types(const PolicyWorld& world) {
  std::set<std::string> types;
  for (DeviceTypeId d : world.devices) types.insert(world.hardware->type(d).name);
  for (const auto& group : world.cloud.instances) {
    for (const auto& slot : world.hardware->instance_type(group.type).devices) {
      types.insert(world.hardware->type(slot.type).name);
    }
  }
  if (types.empty()) {
    for (const auto& t : world.hardware->types()) types.insert(t.name);
  }
  if (!world.cloud.lambda_functions.empty()) types.insert("lambda");
  return types;
}

}  // namespace servesim
