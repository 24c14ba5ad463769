#include "policies/infaas/replica_price.hpp"

#include <algorithm>
#include <limits>

namespace servesim::infaas {
namespace {

constexpr double kSecondsPerHour = 3600.0;

// Replicas of one device of `type` held at once: a CPU's slots, an
// accelerator's one.
double replicas_per_device(const DeviceType& type, std::uint32_t cpu_cores, const InfaasParams& params) {
  return type.kind == DeviceKind::kCpu ? static_cast<double>(params.cpu_slots(cpu_cores)) : 1.0;
}

}  // namespace

std::vector<double> replica_cost_per_second(const PolicyWorld& world, const InfaasParams& params,
                                            const std::set<DeviceTypeId>& usable) {
  const HardwareCatalog& hw = *world.hardware;
  const double unset = std::numeric_limits<double>::infinity();
  std::vector<double> per_hour(hw.types().size(), unset);
  const auto offer = [&](DeviceTypeId t, double price) { per_hour[t] = std::min(per_hour[t], price); };
  const auto add_instance_type = [&](InstanceTypeId id) {
    const InstanceType& it = hw.instance_type(id);
    std::uint32_t devices = 0;
    for (const DeviceSlot& slot : it.devices) devices += slot.count;
    for (const DeviceSlot& slot : it.devices) {
      const DeviceType& type = hw.type(slot.type);
      offer(slot.type, it.price_per_hour / devices / replicas_per_device(type, it.vcpus, params));
    }
  };
  for (const auto& t : params.worker_types) {
    if (t) add_instance_type(*t);
  }
  for (const auto& [type, count] : params.initial_workers) add_instance_type(type);
  for (const auto& group : world.cloud.instances) add_instance_type(group.type);
  for (DeviceTypeId t : world.devices) {
    const DeviceType& type = hw.type(t);
    offer(t, type.price_per_hour / replicas_per_device(type, type.cores, params));
  }
  std::vector<double> per_second(per_hour.size(), 0.0);
  for (DeviceTypeId t : usable) {
    if (per_hour[t] != unset) per_second[t] = per_hour[t] / kSecondsPerHour;
  }
  return per_second;
}

}  // namespace servesim::infaas
