#include "sim/cluster/hardware_catalog.hpp"

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

}  // namespace servesim
