#pragma once
// A start plan read from a file in the Proteus artifact's format
// (artifact_allocation.hpp) instead of solved by the MILP: the static
// allocations the artifact's Clipper-HA/HT, Sommelier and Proteus start from.
// Scenario params (any flavor):
//
//   "start_allocation": {
//     "file": "${PROTEUS_ARTIFACT}/algorithms/clipper_solutions/clipper_highacc_optimized.txt",
//     "device_map": {"CPU": "cpu", "VPU": "vpu", "GPU_PASCAL": "gtx1080ti", "GPU_AMPERE": "a100"}
//   }
//
// The artifact's device "CPU-3" is the fourth device of the mapped type in the
// scenario's cluster; its query type k is the scenario's k-th application.
// Each device hosts the option of its ilp_x variant (the application whose
// family has that variant; it must be one of the policy's options); its rate
// in the plan is its canary share (a weight: the router's shares are
// relative). A share given to a device that hosts another application's
// variant routes nothing (the artifact's router finds no replica for it; its
// files hold such shares of 1e-13) and is counted in `stray_shares`. A
// variant the policy may use, but not on the device's type (no batch within
// half the SLO there), is placed all the same and counted in
// `infeasible_hosts`, as the artifact places it: a predictor whose largest
// batch is 0, which stays busy and never serves (core/predictor.py), so the
// queries routed to it never finish (the artifact's Proteus start file puts
// gpt2 on an Ampere GPU, 204 ms > 150 ms; its Clipper-HA file serves gpt2
// with gpt2-medium, 250 ms on a GTX 1080 Ti). The policy gives such a
// replica a batcher that never starts a batch.
#include <filesystem>
#include <string>
#include <vector>

#include "policies/proteus/device_plan.hpp"
#include "policies/proteus/variant_options.hpp"
#include "sim/core/json_node.hpp"

namespace servesim::proteus {

struct StartAllocationSpec {
  std::filesystem::path file;
  std::vector<std::pair<std::string, DeviceTypeId>> device_map;  // artifact type -> device type
};

// Parses the params object above; `base` resolves a relative file.
StartAllocationSpec parse_start_allocation(const JsonNode& node, const PolicyWorld& world,
                                           const std::filesystem::path& base);

struct StartAllocation {
  DevicePlan plan;               // options and shares; planned_for and beta left to the caller
  std::size_t stray_shares = 0;      // shares on a device of another application
  std::size_t infeasible_hosts = 0;  // variants placed where no batch meets half the SLO
};

// `allowed`: the policy's own variant list (empty: all). Throws InputError
// "file:line: ..." for a variant the policy may not use, a
// device the map or the cluster does not have, a query type past the last application.
StartAllocation read_start_allocation(const StartAllocationSpec& spec, const PolicyWorld& world,
                                      const std::vector<DeviceTypeId>& device_type,
                                      const std::vector<VariantOption>& options,
                                      const std::vector<VariantId>& allowed);

}  // namespace servesim::proteus
