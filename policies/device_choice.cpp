#include "policies/device_choice.hpp"

#include <algorithm>
#include <vector>

namespace servesim {

LoadResult load_on_roomiest(const ClusterView& view, ClusterControl& control, ReplicaRequest request,
                            const std::function<bool(DeviceId)>& eligible) {
  std::vector<std::pair<double, DeviceId>> candidates;
  for (DeviceId d = 0; d < view.device_count(); ++d) {
    if (eligible(d)) candidates.emplace_back(-view.device(d).memory_free_mb, d);
  }
  std::sort(candidates.begin(), candidates.end());  // most free first, then lowest id
  LoadResult last{std::nullopt, "no eligible device"};
  for (const auto& [_, device] : candidates) {
    request.device = device;
    last = control.load_replica(request);
    if (last.replica) return last;
  }
  return last;
}

}  // namespace servesim
