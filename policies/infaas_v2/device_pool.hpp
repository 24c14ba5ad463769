#pragma once
// The artifact's devices are counts per accelerator kind and a predictor takes
// one; here they are the fixed cluster's devices of each kind's type. At most
// one predictor of this policy per device: a new one takes the free device
// with the lowest id (deterministic), a removed one frees its device at once
// (the artifact counts it available again while its last batch finishes).
#include <optional>
#include <vector>

#include "policies/infaas_v2/predictor.hpp"

namespace servesim::infaas_v2 {

class DevicePool {
 public:
  DevicePool() = default;
  // The fixed cluster's devices (instance-less) of each kind's device type.
  DevicePool(const ClusterView& view, const Params& params);
  // Tests: device ids by kind, all free.
  explicit DevicePool(std::array<std::vector<DeviceId>, kAccKinds> devices);

  Available available() const;
  std::optional<DeviceId> take(std::size_t kind);
  void release(DeviceId device);

 private:
  std::array<std::vector<DeviceId>, kAccKinds> devices_;  // ascending ids
  std::vector<bool> taken_;                                // by device id
};

}  // namespace servesim::infaas_v2
