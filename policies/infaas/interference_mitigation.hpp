#pragma once
// INFaaS' mitigation of an Interfered variant (section 4.1, "Mitigating
// performance degradation"): "If there are idle resources available on the
// same worker, INFaaS migrates the variant ... to the available resources
// (e.g., a different set of cores) ... If no resources are available ..., the
// worker asks the controller's Dispatcher to place the variant on the
// least-loaded worker." One replica moves per monitor period: a replica that
// shares its device goes to an idle device of its worker (one hosting
// nothing), else to the running worker with the lowest utilisation that has
// room. The policy loads the new replica and unloads the old one once the new
// one serves. With nowhere to go the variant stays; the VM autoscaler adds a
// worker when it is Interfered on every worker (section 4.2.3, rule 2).
#include <optional>

#include "policies/infaas/metadata_store.hpp"
#include "policies/infaas/worker_placement.hpp"

namespace servesim::infaas {

struct Migration {
  ReplicaId from = kNoReplica;
  Slot to;
};

std::optional<Migration> plan_migration(const MetadataStore& store, const ClusterView& view, std::uint32_t instance);

}  // namespace servesim::infaas
