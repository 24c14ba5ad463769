#include "policies/proteus/device_groups.hpp"

#include <algorithm>

namespace servesim::proteus {
namespace {

std::optional<Capacity> capacity_of(const VariantOption& option, DeviceTypeId type) {
  return option.allowed_on(type) ? option.capacity[type] : std::nullopt;
}

// Compared exactly (batch, latency in ns, rate): only types the MILP cannot
// tell apart are merged, so merging never changes an answer.
bool same_capacities(const std::vector<VariantOption>& options, DeviceTypeId a, DeviceTypeId b) {
  return std::all_of(options.begin(), options.end(),
                     [&](const VariantOption& o) { return capacity_of(o, a) == capacity_of(o, b); });
}

}  // namespace

DeviceGroups group_devices(const std::vector<DeviceTypeId>& device_type, const std::vector<VariantOption>& options,
                           const std::vector<std::optional<AppId>>& pinned) {
  DeviceGroups g;
  g.of_device.resize(device_type.size());
  for (std::size_t d = 0; d < device_type.size(); ++d) {
    const std::optional<AppId> app = pinned.empty() ? std::nullopt : pinned[d];
    std::uint32_t k = 0;
    while (k < g.type.size() && !(g.app[k] == app && same_capacities(options, g.type[k], device_type[d]))) ++k;
    if (k == g.type.size()) {
      g.type.push_back(device_type[d]);
      g.app.push_back(app);
      g.size.push_back(0);
    }
    g.of_device[d] = k;
    ++g.size[k];
  }
  return g;
}

MilpProblem milp_problem(const DeviceGroups& groups, const std::vector<VariantOption>& options,
                         std::vector<double> demand, const MilpLimits& limits) {
  MilpProblem p;
  p.limits = limits;
  p.devices_per_type = groups.size;
  for (const VariantOption& o : options) {
    p.variant_query_type.push_back(o.app);
    p.accuracy.push_back(o.accuracy);
  }
  p.capacity_qps.assign(groups.type.size(), std::vector<double>(options.size(), 0.0));
  for (std::size_t g = 0; g < groups.type.size(); ++g) {
    for (std::size_t m = 0; m < options.size(); ++m) {
      if (groups.app[g] && *groups.app[g] != options[m].app) continue;
      p.capacity_qps[g][m] = options[m].qps_on(groups.type[g]);
    }
  }
  p.demand_qps = std::move(demand);
  return p;
}

UniformLoad max_uniform_load(const DeviceGroups& groups, const std::vector<VariantOption>& options, std::size_t apps,
                             const MilpLimits& limits) {
  // No application can be given more than every device at its fastest.
  double high = 0;
  for (std::size_t g = 0; g < groups.type.size(); ++g) {
    double fastest = 0;
    for (const VariantOption& o : options) fastest = std::max(fastest, o.qps_on(groups.type[g]));
    high += fastest * groups.size[g];
  }
  UniformLoad out;
  // To 0.1 % of the bound (about 10 solves): a start plan, not an optimum.
  while (high - out.qps > 1e-3 * high) {
    const double mid = (out.qps + high) / 2;
    const MilpAttempt attempt = try_solve_milp(milp_problem(groups, options, std::vector<double>(apps, mid), limits));
    out.tally.add(attempt);
    (attempt.plan ? out.qps : high) = mid;
  }
  return out;
}

}  // namespace servesim::proteus
