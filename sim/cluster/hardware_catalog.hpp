#pragma once
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "sim/cluster/device_type.hpp"

namespace servesim {

using DeviceTypeId = std::uint32_t;

class HardwareCatalog {
 public:
  DeviceTypeId add(DeviceType type);
  const DeviceType& type(DeviceTypeId id) const { return types_.at(id); }
  const std::vector<DeviceType>& types() const { return types_; }
  std::optional<DeviceTypeId> find(std::string_view name) const;

 private:
  std::vector<DeviceType> types_;
};

}  // namespace servesim
