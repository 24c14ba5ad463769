#include "sim/cluster/hardware_catalog.hpp"

#include "sim/core/input_error.hpp"

namespace servesim {

DeviceTypeId HardwareCatalog::add(DeviceType type) {
  types_.push_back(std::move(type));
  return static_cast<DeviceTypeId>(types_.size() - 1);
}

std::optional<DeviceTypeId> HardwareCatalog::find(std::string_view name) const {
  for (std::size_t i = 0; i < types_.size(); ++i) {
    if (types_[i].name == name) return static_cast<DeviceTypeId>(i);
  }
  return std::nullopt;
}

InstanceTypeId HardwareCatalog::add_instance_type(InstanceType type) {
  for (const DeviceSlot& slot : type.devices) {
    if (slot.type >= types_.size()) {
      throw InvariantError("instance type " + type.name + " names device type id " + std::to_string(slot.type) +
                           ", but the catalog has " + std::to_string(types_.size()));
    }
  }
  instance_types_.push_back(std::move(type));
  return static_cast<InstanceTypeId>(instance_types_.size() - 1);
}

std::optional<InstanceTypeId> HardwareCatalog::find_instance_type(std::string_view name) const {
  for (std::size_t i = 0; i < instance_types_.size(); ++i) {
    if (instance_types_[i].name == name) return static_cast<InstanceTypeId>(i);
  }
  return std::nullopt;
}

void HardwareCatalog::set_lambda(LambdaSpec spec) {
  lambda_ = spec;
  lambda_configured_ = true;
}

}  // namespace servesim
