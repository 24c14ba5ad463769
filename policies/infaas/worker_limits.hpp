#pragma once
// An upper bound on the workers of an instance type the infaas policy may
// have at once (INFaaS section 6.3: "INFaaS started from one GPU and was
// allowed to scale up to 2 GPU workers"). The paper's VM-Autoscaler has no such
// bound; an experiment sets it.
//
//   "max_workers": {"p3.2xlarge": 2}
//
// Counts the workers of that type that are booting or running and not leaving
// (initial ones included); a type not listed is unbounded. A worker replacing
// one the cloud takes back (section 7) is not a new one: its predecessor is
// leaving, so the count allows it.
//
// Read by parse_infaas_params; may_launch guards the VM autoscaler's launches
// and the model autoscaler's requests for a worker (InfaasPolicy::request_worker).
#include <cstdint>
#include <optional>
#include <vector>

#include "policies/infaas/metadata_store.hpp"
#include "sim/core/json_node.hpp"
#include "sim/serving/simulation_config.hpp"

namespace servesim::infaas {

struct WorkerLimits {
  std::vector<std::optional<std::uint32_t>> max_by_type;  // by instance type id
};

// Reads "max_workers" (absent: no bound). Throws InputError naming the JSON
// path of an unknown instance type or a count that is not a positive integer.
WorkerLimits parse_worker_limits(const JsonNode& params, const PolicyWorld& world);

// Workers of instance type `type` that are booting or running and not leaving.
std::uint32_t live_workers(const MetadataStore& store, InstanceTypeId type);

// Whether one more worker of `type` stays within the bound.
bool may_launch(const WorkerLimits& limits, InstanceTypeId type, const MetadataStore& store);

}  // namespace servesim::infaas
