#pragma once
// The request router's query assignment (section 3): per application, a
// weight for each serving replica; the engine routes by them
// (RouteDecision::by_weights). Only replicas that serve now count: one still
// loading would hold its queries for the whole load latency (while it loads,
// the replica it replaces serves, plan_rollout.hpp).
//   kPlanShares  the MILP's y: a device's weight is its share of the served
//                rate (section 4), if what serves on it now is of the same
//                application. When none of the application's replicas with a
//                share serves, kCapacity among those that do, rather than
//                rejecting the queries.
//   kUniform     every replica alike (Proteus without query assignment,
//                section 6.5: "distributes queries uniformly to all devices
//                that host the respective model variants").
//   kCapacity    in proportion to each replica's peak throughput capacity
//                (Sommelier, which assigns no queries at the cluster level).
#include <cstdint>
#include <optional>
#include <vector>

#include "policies/proteus/device_plan.hpp"
#include "sim/serving/cluster_control.hpp"

namespace servesim::proteus {

enum class RoutingRule : std::uint8_t { kPlanShares, kUniform, kCapacity };

// A replica serving queries now: its device and the option it hosts.
struct Serving {
  DeviceId device = 0;
  ReplicaId replica = 0;
  std::uint32_t option = 0;
};

// `serving`: every replica serving now. `device_type[d]`: device d's type.
std::vector<RoutingWeight> routing_weights(AppId app, RoutingRule rule, const DevicePlan& plan,
                                           const std::vector<VariantOption>& options,
                                           const std::vector<DeviceTypeId>& device_type,
                                           const std::vector<Serving>& serving);

}  // namespace servesim::proteus
