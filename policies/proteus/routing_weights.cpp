#include "policies/proteus/routing_weights.hpp"

#include <map>

namespace servesim::proteus {
namespace {

using CanaryKey = std::pair<DeviceTypeId, VariantId>;

// The artifact's table for `app`: each key's share is its last device's.
std::map<CanaryKey, double> canary_table(AppId app, const DevicePlan& plan, const std::vector<VariantOption>& options,
                                         const std::vector<DeviceTypeId>& device_type) {
  std::map<CanaryKey, double> table;
  for (DeviceId d = 0; d < plan.devices.size(); ++d) {
    const DeviceTarget& target = plan.devices[d];
    if (!target.option || target.served_qps <= 0 || options[*target.option].app != app) continue;
    table[{device_type[d], options[*target.option].variant}] = target.served_qps;
  }
  return table;
}

std::vector<RoutingWeight> canary_weights(AppId app, const DevicePlan& plan, const std::vector<VariantOption>& options,
                                          const std::vector<DeviceTypeId>& device_type,
                                          const std::vector<Serving>& serving) {
  const auto table = canary_table(app, plan, options, device_type);
  std::map<CanaryKey, std::uint32_t> replicas;
  for (const Serving& s : serving) {
    if (options[s.option].app == app) ++replicas[{device_type[s.device], options[s.option].variant}];
  }
  std::vector<RoutingWeight> out;
  for (const Serving& s : serving) {
    if (options[s.option].app != app) continue;
    const CanaryKey key{device_type[s.device], options[s.option].variant};
    const auto it = table.find(key);
    if (it != table.end()) out.push_back({s.replica, it->second / replicas[key]});
  }
  return out;
}

double weight_of(RoutingRule rule, const DeviceTarget& target, const Serving& now,
                 const std::vector<VariantOption>& options, DeviceTypeId type) {
  switch (rule) {
    case RoutingRule::kPlanShares:
      return target.option && options[*target.option].app == options[now.option].app ? target.served_qps : 0.0;
    case RoutingRule::kUniform:
      return 1.0;
    case RoutingRule::kCapacity:
      return options[now.option].qps_on(type);
    case RoutingRule::kCanary:
      break;  // canary_weights: a key's weight depends on other devices
  }
  return 0.0;
}

std::vector<RoutingWeight> weights_by(AppId app, RoutingRule rule, const DevicePlan& plan,
                                      const std::vector<VariantOption>& options,
                                      const std::vector<DeviceTypeId>& device_type,
                                      const std::vector<Serving>& serving) {
  std::vector<RoutingWeight> out;
  for (const Serving& s : serving) {
    if (options[s.option].app != app) continue;
    const double w = weight_of(rule, plan.devices[s.device], s, options, device_type[s.device]);
    if (w > 0) out.push_back({s.replica, w});
  }
  return out;
}

}  // namespace

std::vector<RoutingWeight> routing_weights(AppId app, RoutingRule rule, const DevicePlan& plan,
                                           const std::vector<VariantOption>& options,
                                           const std::vector<DeviceTypeId>& device_type,
                                           const std::vector<Serving>& serving) {
  if (rule == RoutingRule::kCanary) return canary_weights(app, plan, options, device_type, serving);
  auto weights = weights_by(app, rule, plan, options, device_type, serving);
  if (weights.empty() && rule == RoutingRule::kPlanShares) {
    weights = weights_by(app, RoutingRule::kCapacity, plan, options, device_type, serving);
  }
  return weights;
}

}  // namespace servesim::proteus
