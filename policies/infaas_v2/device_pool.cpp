#include "policies/infaas_v2/device_pool.hpp"

#include <algorithm>

namespace servesim::infaas_v2 {

DevicePool::DevicePool(const ClusterView& view, const Params& params) {
  for (DeviceId d = 0; d < view.device_count(); ++d) {
    const DeviceInfo info = view.device(d);
    if (info.instance) continue;  // elastic instances are not the artifact's world
    const std::string& type = view.hardware().type(info.type).name;
    for (std::size_t k = 0; k < kAccKinds; ++k) {
      if (!params.device_types[k].empty() && params.device_types[k] == type) devices_[k].push_back(d);
    }
  }
  taken_.assign(view.device_count(), false);
}

DevicePool::DevicePool(std::array<std::vector<DeviceId>, kAccKinds> devices) : devices_(std::move(devices)) {
  DeviceId top = 0;
  for (auto& list : devices_) {
    std::sort(list.begin(), list.end());
    if (!list.empty()) top = std::max(top, list.back() + 1);
  }
  taken_.assign(top, false);
}

Available DevicePool::available() const {
  Available out{};
  for (std::size_t k = 0; k < kAccKinds; ++k) {
    for (const DeviceId d : devices_[k]) out[k] += taken_[d] ? 0 : 1;
  }
  return out;
}

std::optional<DeviceId> DevicePool::take(std::size_t kind) {
  for (const DeviceId d : devices_[kind]) {
    if (!taken_[d]) {
      taken_[d] = true;
      return d;
    }
  }
  return std::nullopt;
}

void DevicePool::release(DeviceId device) {
  if (device < taken_.size()) taken_[device] = false;
}

}  // namespace servesim::infaas_v2
