#include "policies/proteus/device_plan.hpp"

#include "policies/proteus/device_assignment.hpp"

namespace servesim::proteus {
namespace {

std::optional<AppId> app_of(const std::vector<VariantOption>& options, const std::optional<std::uint32_t>& option) {
  return option ? std::optional<AppId>(options[*option].app) : std::nullopt;
}

// The application with the highest estimate among those with an option on `type`.
std::optional<AppId> busiest_app(const std::vector<VariantOption>& options, DeviceTypeId type,
                                 const std::vector<double>& estimates) {
  std::optional<AppId> best;
  for (AppId a = 0; a < estimates.size(); ++a) {
    if (!most_accurate_option(options, a, type)) continue;
    if (!best || estimates[a] > estimates[*best]) best = a;
  }
  return best;
}

}  // namespace

DevicePlan plan_on_devices(const MilpPlan& plan, const DeviceGroups& groups,
                           const std::vector<std::optional<std::uint32_t>>& current) {
  const auto assigned = assign_devices(groups.of_device, current, plan);
  DevicePlan out;
  out.devices.resize(assigned.size());
  for (std::size_t d = 0; d < assigned.size(); ++d) {
    if (!assigned[d]) continue;
    const std::uint32_t g = groups.of_device[d];
    const std::uint32_t m = *assigned[d];
    out.devices[d].option = m;
    out.devices[d].served_qps = plan.served_qps[g][m] / static_cast<double>(plan.hosts[g][m]);
  }
  return out;
}

std::optional<std::uint32_t> most_accurate_option(const std::vector<VariantOption>& options, AppId app,
                                                  DeviceTypeId type) {
  std::optional<std::uint32_t> best;
  for (std::uint32_t m = 0; m < options.size(); ++m) {
    if (options[m].app != app || !options[m].allowed_on(type)) continue;
    if (!best || options[m].accuracy > options[*best].accuracy) best = m;
  }
  return best;
}

void fill_idle_devices(DevicePlan& plan, const std::vector<VariantOption>& options, const DeviceGroups& groups,
                       const std::vector<std::optional<std::uint32_t>>& current, const std::vector<double>& estimates) {
  for (std::size_t d = 0; d < plan.devices.size(); ++d) {
    DeviceTarget& target = plan.devices[d];
    if (target.option && target.served_qps > 0) continue;
    const DeviceTypeId type = groups.type[groups.of_device[d]];
    std::optional<AppId> app = app_of(options, target.option);
    if (!app) app = app_of(options, current[d]);
    if (!app) app = groups.app[groups.of_device[d]];
    if (!app) app = busiest_app(options, type, estimates);
    // No option of its application fits: it keeps what it has (the artifact's
    // find_most_accurate_feasible_variant returns the variant itself).
    if (app) {
      if (const auto best = most_accurate_option(options, *app, type)) target.option = best;
    }
    target.served_qps = 0;
  }
}

void share_by_variant(DevicePlan& plan, const MilpPlan& milp, const DeviceGroups& groups) {
  std::vector<std::vector<std::uint32_t>> hosting(milp.hosts.size());
  for (std::size_t g = 0; g < hosting.size(); ++g) hosting[g].assign(milp.hosts[g].size(), 0);
  for (std::size_t d = 0; d < plan.devices.size(); ++d) {
    if (plan.devices[d].option) ++hosting[groups.of_device[d]][*plan.devices[d].option];
  }
  for (std::size_t d = 0; d < plan.devices.size(); ++d) {
    DeviceTarget& target = plan.devices[d];
    if (!target.option) continue;
    const std::uint32_t g = groups.of_device[d], m = *target.option;
    target.served_qps = milp.served_qps[g][m] / static_cast<double>(hosting[g][m]);
  }
}

}  // namespace servesim::proteus
