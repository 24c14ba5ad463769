#pragma once
// Everything the cloud and the owned cluster offer: device types (what model
// latencies are profiled on), instance types (what an elastic policy can
// launch) and the Lambda account settings. Filled by the hardware catalog
// reader; immutable during a run.
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "sim/cluster/device_type.hpp"
#include "sim/cluster/instance_type.hpp"
#include "sim/cluster/lambda_spec.hpp"

namespace servesim {

class HardwareCatalog {
 public:
  DeviceTypeId add(DeviceType type);
  const DeviceType& type(DeviceTypeId id) const { return types_.at(id); }
  const std::vector<DeviceType>& types() const { return types_; }
  std::optional<DeviceTypeId> find(std::string_view name) const;

  // Throws InvariantError if a device slot names a device type not in the catalog.
  InstanceTypeId add_instance_type(InstanceType type);
  const InstanceType& instance_type(InstanceTypeId id) const { return instance_types_.at(id); }
  const std::vector<InstanceType>& instance_types() const { return instance_types_; }
  std::optional<InstanceTypeId> find_instance_type(std::string_view name) const;

  // AWS defaults until a catalog sets them.
  const LambdaSpec& lambda() const { return lambda_; }
  void set_lambda(LambdaSpec spec);
  // Whether a catalog has set the Lambda settings (a second one is an error).
  bool lambda_configured() const { return lambda_configured_; }

 private:
  std::vector<DeviceType> types_;
  std::vector<InstanceType> instance_types_;
  LambdaSpec lambda_;
  bool lambda_configured_ = false;
};

}  // namespace servesim
