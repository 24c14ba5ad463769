#include "policies/serving_device.hpp"

#include <span>

#include "sim/core/input_error.hpp"

namespace servesim {

const LatencyProfile* serving_profile(const PolicyWorld& world, VariantId variant, const InstanceType& type) {
  if (type.devices.empty()) return nullptr;
  return world.models->variant(variant).profile_on(serving_device_name(world, type));
}

const std::string& serving_device_name(const PolicyWorld& world, const InstanceType& type) {
  return world.hardware->type(type.devices.front().type).name;
}

std::uint32_t serving_device_count(const InstanceType& type) {
  return type.devices.empty() ? 0 : type.devices.front().count;
}

std::vector<ReplicaId> load_on_serving_devices(ClusterControl& control, const ClusterView& view, InstanceId id,
                                               VariantId variant, const BatcherSpec& batcher,
                                               const std::string& where) {
  const InstanceInfo instance = view.instance(id);
  const InstanceType& type = view.hardware().instance_type(instance.type);
  const std::uint32_t count = serving_device_count(type);
  if (instance.devices.size() < count) throw InvariantError("an instance has fewer devices than its type");
  const std::span<const DeviceId> serving(instance.devices.data(), count);
  std::vector<ReplicaId> replicas;
  for (DeviceId device : serving) {
    const LoadResult loaded = control.load_replica(ReplicaRequest{variant, device, batcher, 1});
    if (!loaded.replica) {
      throw InputError(where, "cannot load variant \"" + view.models().variant(variant).name + "\" on " + type.name +
                                  ": " + loaded.refusal);
    }
    replicas.push_back(*loaded.replica);
  }
  return replicas;
}

}  // namespace servesim
