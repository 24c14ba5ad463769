#pragma once
// Where a policy puts a new replica among candidate devices: the one with the
// most free memory (lowest id on ties), so replicas spread instead of piling
// onto the first device until it is full (which would also make them
// interfere). Shared by every placement a scenario describes.
#include <functional>
#include <optional>

#include "sim/serving/cluster_control.hpp"
#include "sim/serving/cluster_view.hpp"

namespace servesim {

// Loads `request.variant` on the roomiest device for which `eligible` holds,
// trying the next roomiest while the engine refuses (no profile there, no
// memory). Returns the engine's answer for the last device tried.
LoadResult load_on_roomiest(const ClusterView& view, ClusterControl& control, ReplicaRequest request,
                            const std::function<bool(DeviceId)>& eligible);

}  // namespace servesim
