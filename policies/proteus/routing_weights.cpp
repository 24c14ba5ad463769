#include "policies/proteus/routing_weights.hpp"

namespace servesim::proteus {
namespace {

double weight_of(RoutingRule rule, const DeviceTarget& target, const Serving& now,
                 const std::vector<VariantOption>& options, DeviceTypeId type) {
  switch (rule) {
    case RoutingRule::kPlanShares:
      return target.option && options[*target.option].app == options[now.option].app ? target.served_qps : 0.0;
    case RoutingRule::kUniform:
      return 1.0;
    case RoutingRule::kCapacity:
      return options[now.option].qps_on(type);
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
  auto weights = weights_by(app, rule, plan, options, device_type, serving);
  if (weights.empty() && rule == RoutingRule::kPlanShares) {
    weights = weights_by(app, RoutingRule::kCapacity, plan, options, device_type, serving);
  }
  return weights;
}

}  // namespace servesim::proteus
