#pragma once
// Where INFaaS loads a variant for an offline job that no loaded replica
// serves. Section 3.2 leaves it open; the public code's master picks the
// job's variant (the first of its architecture in the offline framework) and
// the least-utilised worker, CPU-only ones first, and that worker loads an
// offline instance of it for the job and unloads it when the job ends
// (INFaaS public code, src/master/queryfe_server.cc QueryOffline and
// src/worker/common_model_util.cc QueryModelOffline). Here:
//   - the variant is the job's explicit one; with a family and a floor, the
//     cheapest per input (cost per second / saturation throughput) among
//     those at or above the floor, CPU ones first as the public code sends
//     offline jobs to CPU workers;
//   - the worker is Algorithm 1's lowest-utilisation one with room for it
//     (worker_placement.hpp);
//   - one replica is loaded while none that serves the job exists on a
//     running worker: jobs of one variant share it (the public code loads one
//     offline instance per model on a worker, whichever jobs use it), and the
//     model autoscaler keeps a variant's last replica while it has offline
//     work (model_autoscaler.cpp).
#include <optional>

#include "policies/infaas/metadata_store.hpp"
#include "policies/infaas/worker_placement.hpp"
#include "sim/serving/cluster_view.hpp"

namespace servesim::infaas {

struct OfflineLoad {
  std::uint32_t profile = 0;
  Slot slot;
};

// Whether a replica that serves `job` is loaded or loading on a running
// worker that is not leaving.
bool offline_job_has_replica(const MetadataStore& store, const ClusterView& view, const OfflineJob& job);

// The profile to load for `job` (nothing when no profiled variant serves it).
std::optional<std::uint32_t> offline_profile(const MetadataStore& store, const ClusterView& view,
                                             const OfflineJob& job);

// What to load for the first job, in id order, that has inputs waiting and no
// replica to serve them, if there is room for it.
std::optional<OfflineLoad> next_offline_load(const MetadataStore& store, const ClusterView& view);

}  // namespace servesim::infaas
