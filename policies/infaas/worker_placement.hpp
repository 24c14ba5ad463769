#pragma once
// Where one more replica of a variant can go: a worker's resources (section
// 4.2.1, constraint 3) and the two ways INFaaS picks among workers.
//
// Resources of a device for one more replica of profile p (besides memory,
// which the engine also checks):
//   CPU: at most `cpu_slots` replicas on the device (vCPUs / cores per
//        replica: Table 2's A takes 4 CPUs, so an m5.2xlarge holds 2, which is
//        also the public code's limit of 2 CPU replicas per worker);
//   GPU: at most one replica of the same variant (public code; two in the
//        SM+ baseline, whose per-variant scaler the public code lets run two
//        GPU instances: MetadataStore::gpu_replicas_per_variant), others share it;
//   Inferentia: one replica per NeuronCore (variants "run on separate cores
//        on the chip", section 6.3).
// Choices:
//   lowest_utilisation: Algorithm 1 line 6, the lowest-utilisation running
//        worker with the variant's hardware;
//   best_fit: the model autoscaler's placements, "dispatched ... using an
//        online bin packing algorithm" (section 4.2.3): a preferred worker
//        first (its own, section 4.2.2), else the device with the least free
//        memory that still fits, running workers before booting ones.
#include <cstdint>
#include <optional>
#include <vector>

#include "policies/infaas/metadata_store.hpp"
#include "sim/serving/cluster_view.hpp"

namespace servesim::infaas {

struct Slot {
  std::uint32_t worker = 0;
  DeviceId device = 0;
};

// Whether `device` of `worker` takes one more replica of `profile`.
bool fits(const ClusterView& view, const MetadataStore& store, std::uint32_t worker, DeviceId device,
          std::uint32_t profile);

// The best device of one worker for one more replica (least free memory that
// fits; with `idle_only`, only a device that hosts nothing).
std::optional<DeviceId> device_on(const ClusterView& view, const MetadataStore& store, std::uint32_t worker,
                                  std::uint32_t profile, bool idle_only = false);

// The running workers with a device of `type` that has room for one more
// replica of some variant of its kind (a CPU slot, a free NeuronCore; any
// GPU), in workers_offering's order, into `out`: the only ones device_on can
// find a device on, for any profile of that type, until the cluster changes.
void open_workers(const ClusterView& view, const MetadataStore& store, DeviceTypeId type,
                  std::vector<MetadataStore::WorkerRef>& out);

// How many more replicas of `profile` the running workers take now: the
// model autoscaler's room when no worker can be added (constraint 3).
std::int64_t placeable(const ClusterView& view, const MetadataStore& store, std::uint32_t profile);

std::optional<Slot> lowest_utilisation(const ClusterView& view, const MetadataStore& store, std::uint32_t profile,
                                       std::optional<std::uint32_t> exclude = std::nullopt);

std::optional<Slot> best_fit(const ClusterView& view, const MetadataStore& store, std::uint32_t profile,
                             std::optional<std::uint32_t> prefer = std::nullopt);

}  // namespace servesim::infaas
