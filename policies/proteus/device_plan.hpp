#pragma once
// A resource-allocation plan on concrete devices: what each device hosts (an
// option of variant_options.hpp, i.e. a variant serving one application) and
// the rate the plan routes to it. Made from the MILP's counts
// (assign_devices, fewest reloads) or by Sommelier's heuristic.
#include <cstdint>
#include <optional>
#include <vector>

#include "policies/proteus/device_groups.hpp"
#include "policies/proteus/proteus_milp.hpp"

namespace servesim::proteus {

struct DeviceTarget {
  std::optional<std::uint32_t> option;  // none: the device hosts nothing
  double served_qps = 0;                // the rate the plan gives it
};

struct DevicePlan {
  std::vector<DeviceTarget> devices;  // by DeviceId
  std::vector<double> planned_for;    // by application: the estimate it was made for
  double beta = 1;                    // the headroom the MILP met (demand_lowering.hpp)
};

// The MILP's plan on devices: each of the hosts[g][m] devices of group g that
// host m gets served_qps[g][m] / hosts[g][m] (an optimum on counts splits
// evenly, proteus_milp.hpp). `current[d]`: the option device d hosts now.
DevicePlan plan_on_devices(const MilpPlan& plan, const DeviceGroups& groups,
                           const std::vector<std::optional<std::uint32_t>>& current);

// Devices left without load get the most accurate option that fits them (the
// artifact's postprocess_predictor_dict: "to ensure the cluster does not go
// under utilized", a warm variant the next plan may route to without a
// reload), of the application of, in order: the option the plan gave them,
// the one they host now, their pinned application, else the application with
// the highest estimate that has an option on their type. They get no rate.
// A device with an option no variant of its application fits (a start
// allocation's, start_allocation.hpp) keeps it, as the artifact's
// find_most_accurate_feasible_variant returns the variant itself.
void fill_idle_devices(DevicePlan& plan, const std::vector<VariantOption>& options, const DeviceGroups& groups,
                       const std::vector<std::optional<std::uint32_t>>& current, const std::vector<double>& estimates);

// The router's table is keyed by (device type, variant), as the artifact's
// canary routing (a query for a key goes to any device of that type hosting
// that variant): r[g][m] is split evenly over every device of group g that
// hosts m once idle devices are filled, so a filled device whose variant the
// plan routes to shares that rate.
void share_by_variant(DevicePlan& plan, const MilpPlan& milp, const DeviceGroups& groups);

// The most accurate option of `app` allowed on `type` (the first on ties).
std::optional<std::uint32_t> most_accurate_option(const std::vector<VariantOption>& options, AppId app,
                                                  DeviceTypeId type);

}  // namespace servesim::proteus
