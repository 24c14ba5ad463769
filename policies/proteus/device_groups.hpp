#pragma once
// The MILP's device types: sets of interchangeable devices, so that the MILP
// is posed on counts (proteus_milp.hpp). Devices are interchangeable when
// their device types have the same capacity for every option (the same
// options allowed, each at the same batch and rate, throughput_capacity.hpp):
// such types form one group. Two types with identical profiles (the
// artifact's VPUs run the CPU profile) as two MILP types would make branch
// and bound symmetric: every split of a count between them is the same plan,
// and GLPK explores them all (minutes at the artifact's 40 devices;
// bench/proteus_artifact_solves.cpp). With pinned applications (Proteus
// without model placement and Sommelier, section 6.5: variants change
// "without moving them around"), a group is also one application, and only
// that application's variants are allowed on it. Groups are numbered in
// order of their first device, so the same cluster always gives the same
// groups; counts go back to concrete devices of the group in
// device_assignment.hpp.
#include <cstdint>
#include <optional>
#include <vector>

#include "policies/proteus/proteus_milp.hpp"
#include "policies/proteus/variant_options.hpp"

namespace servesim::proteus {

struct DeviceGroups {
  std::vector<std::uint32_t> of_device;   // [d]: the group of device d
  // [g]: the type of the group's first device; every type in the group has
  // its capacities, so it stands for all of them.
  std::vector<DeviceTypeId> type;
  std::vector<std::optional<AppId>> app;  // [g]: the pinned application, if any
  std::vector<std::uint32_t> size;        // [g]: devices in it
};

// `pinned` is empty (no application pinned) or gives each device's application.
DeviceGroups group_devices(const std::vector<DeviceTypeId>& device_type, const std::vector<VariantOption>& options,
                           const std::vector<std::optional<AppId>>& pinned = {});

// The MILP for `demand` (by application): P[g][m] is option m's capacity on
// group g's type, 0 where m is not allowed (or belongs to another pinned application).
MilpProblem milp_problem(const DeviceGroups& groups, const std::vector<VariantOption>& options,
                         std::vector<double> demand, const MilpLimits& limits = {});

struct UniformLoad {
  double qps = 0;   // per application
  MilpTally tally;  // the bisection's solves
};

// The largest load the groups can serve when every application asks for the
// same rate (0 if they cannot serve all applications at once): the start
// load when the scenario gives none. Found by bisection on the MILP's
// feasibility; a solve the time limit stops without a plan counts as
// infeasible.
UniformLoad max_uniform_load(const DeviceGroups& groups, const std::vector<VariantOption>& options, std::size_t apps,
                             const MilpLimits& limits = {});

}  // namespace servesim::proteus
