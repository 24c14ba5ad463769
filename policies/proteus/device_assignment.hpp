#pragma once
// From the MILP's counts per (device type, variant) to concrete devices, with
// as few reloads as possible: a device already hosting a variant its type
// still needs keeps it; the rest are handed out in device order.
#include <cstdint>
#include <optional>
#include <vector>

#include "policies/proteus/proteus_milp.hpp"

namespace servesim::proteus {

// device_type[d]: the MILP's type index t of device d. current[d]: the MILP
// variant index m device d hosts now, if any. Returns the variant index per
// device (nothing: the device hosts none), with exactly plan.hosts[t][m]
// devices of type t on m.
std::vector<std::optional<std::uint32_t>> assign_devices(const std::vector<std::uint32_t>& device_type,
                                                         const std::vector<std::optional<std::uint32_t>>& current,
                                                         const MilpPlan& plan);

}  // namespace servesim::proteus
