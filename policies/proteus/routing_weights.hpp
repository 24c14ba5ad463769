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
//   kCanary      the Proteus artifact's canary routing (Proteus public code,
//                core/simulator.py apply_canary_dict, core/executor.py
//                enqueue_request): its table is keyed by (device type,
//                variant) and a key's weight is the share of ONE device, the
//                last with that key (devices in index order, as its ILP and
//                files list them), not the key's sum; a query then goes to
//                any of the application's replicas with that key alike. A
//                variant on n devices thus gets about 1/n of its planned rate.
#include <cstdint>
#include <optional>
#include <vector>

#include "policies/proteus/device_plan.hpp"
#include "sim/serving/cluster_control.hpp"

namespace servesim::proteus {

enum class RoutingRule : std::uint8_t { kPlanShares, kUniform, kCapacity, kCanary };

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
