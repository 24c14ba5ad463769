#pragma once
// What a policy may see of the cluster: what a real monitor would report, never
// engine internals. Replica ids are never reused within a run.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "sim/cluster/hardware_catalog.hpp"
#include "sim/cluster/instance.hpp"
#include "sim/serving/finished_queries.hpp"
#include "sim/serving/application.hpp"
#include "sim/serving/model_catalog.hpp"
#include "sim/serving/offline_job.hpp"
#include "sim/serving/replica.hpp"

namespace servesim {

struct DeviceInfo {
  DeviceTypeId type = 0;
  std::optional<InstanceId> instance;  // empty for a device of the fixed cluster
  bool usable = true;                   // its instance is running
  double memory_free_mb = 0;
  std::vector<ReplicaId> replicas;  // live ones (not unloaded)
  std::uint32_t slots = 1;          // batches it runs at once (cores of a CPU)
  std::uint32_t running_batches = 0;
  std::uint32_t waiting_replicas = 0;  // with a batch ready, waiting for a slot
};

// What placement reads of a device, without a copy of its replica list: the
// span is valid until the cluster next changes (a control call or an event).
struct DeviceOccupancy {
  DeviceTypeId type = 0;
  double memory_free_mb = 0;
  std::span<const ReplicaId> replicas;  // live ones (not unloaded)
};

// least_outstanding's rule, over any way of reading a candidate's
// accepting_outstanding.
template <typename Read>
ReplicaId least_outstanding_of(std::span<const ReplicaId> candidates, std::uint64_t limit, Read&& read) {
  ReplicaId best = kNoReplica;
  std::uint64_t best_load = 0;
  for (const ReplicaId r : candidates) {
    const std::optional<std::uint64_t> load = read(r);
    if (!load || *load > limit) continue;
    if (best == kNoReplica || *load < best_load) {
      best = r;
      best_load = *load;
      if (best_load == 0) break;
    }
  }
  return best;
}

struct ReplicaInfo {
  VariantId variant = 0;
  DeviceId device = 0;
  ReplicaState state = ReplicaState::kLoading;
  std::uint64_t queue_length = 0;    // online visits queued
  std::uint64_t offline_queued = 0;  // offline inputs dispatched here, not started
  std::uint32_t running_batches = 0;
  std::uint32_t concurrency = 1;
  std::uint32_t max_batch = 1;
  double served_per_second = 0;  // over the monitor's recent window
  double utilisation = 0;        // busy fraction since the replica was loaded
  // Mean time from enqueue to batch completion at this replica, over the
  // monitor's recent window (zero when nothing finished there lately).
  Duration observed_latency_mean;
};

// What a front end that dispatched a replica's work knows of it: the visits
// waiting in its own queue, those in its running batches, and when the
// earliest running batch began (never when none runs). With the replica's
// profile this tells when it will be free, as a real dispatcher that timed
// its own requests would (MArk's Bouncer, section 4.1).
struct ReplicaBacklog {
  std::uint64_t queued = 0;
  std::uint64_t executing = 0;
  SimTime running_since = SimTime::never();
};

struct InstanceInfo {
  InstanceTypeId type = 0;
  Market market = Market::kOnDemand;
  InstanceState state = InstanceState::kBooting;
  SimTime requested;
  SimTime ready_at;
  SimTime interruption_at = SimTime::never();  // known once the notice came
  std::vector<DeviceId> devices;
  double cpu_credits = 0;  // burstable types: current balance
};

class ClusterView {
 public:
  virtual ~ClusterView() = default;
  virtual SimTime now() const = 0;
  virtual const ModelCatalog& models() const = 0;
  virtual const HardwareCatalog& hardware() const = 0;
  virtual std::span<const Application> applications() const = 0;
  virtual std::size_t device_count() const = 0;
  virtual DeviceInfo device(DeviceId id) const = 0;
  // device(id)'s type, free memory and replicas, for scans over every device
  // at every placement decision (device() copies the replica list).
  virtual DeviceOccupancy occupancy(DeviceId id) const = 0;
  // Replica ids handed out so far (0 .. count-1), the unloaded ones too.
  virtual std::size_t replica_count() const = 0;
  // Once a replica is unloaded and gone (after the event that unloaded it),
  // the engine forgets it: only its state, kUnloaded, is reported; a policy
  // that needs its variant or device afterwards keeps them itself.
  virtual ReplicaInfo replica(ReplicaId id) const = 0;
  // Queued plus executing visits of a replica: cheap, for per-query routing.
  virtual std::uint64_t outstanding(ReplicaId id) const = 0;
  // Its queued and running visits, and when its earliest running batch began
  // (nothing for a replica unloaded or never made).
  virtual ReplicaBacklog backlog(ReplicaId id) const = 0;
  // Whether the replica takes new queries (loading or active, not going away).
  virtual bool accepts(ReplicaId id) const = 0;
  // outstanding(id) if it accepts, else empty: one call where a per-query
  // router asks both of every candidate.
  virtual std::optional<std::uint64_t> accepting_outstanding(ReplicaId id) const {
    if (!accepts(id)) return std::nullopt;
    return outstanding(id);
  }
  // A least-loaded router's scan in one call: the first of `candidates` with
  // the fewest outstanding visits among those that accept and have at most
  // `limit`; the first idle one ends the scan; kNoReplica if none qualifies.
  // The engine's own scan overlaps the candidates' lookups, which a call per
  // candidate cannot.
  virtual ReplicaId least_outstanding(std::span<const ReplicaId> candidates, std::uint64_t limit) const {
    return least_outstanding_of(candidates, limit,
                                [this](ReplicaId r) { return accepting_outstanding(r); });
  }
  // Visits this replica has dropped so far (its batcher's or the deadline's
  // drops): a monitor's per-replica failure counter. Zero once it is gone.
  virtual std::uint64_t dropped(ReplicaId /*id*/) const { return 0; }
  // Visits waiting in the central queue of (app, stage), not yet taken by a
  // replica (ClusterControl::attach_central_queue).
  virtual std::uint64_t central_queue_length(AppId /*app*/, StageId /*stage*/) const { return 0; }
  // Arrivals per second at an application's stage over the recent window.
  virtual double arrival_rate(AppId app, StageId stage) const = 0;
  // How the application's queries have ended since the run began (warm-up
  // included): on time, late, failed. Zero for a view that sees no outcomes.
  virtual FinishedQueries finished_queries(AppId /*app*/) const { return {}; }
  // The application's queries in the system now: arrived and without an
  // outcome yet, whether queued, served or between stages. A query in two
  // parallel branches is one query (a sum over the stages' visits counts it
  // twice). Zero for a view that sees no queries.
  virtual std::uint64_t queries_in_system(AppId /*app*/) const { return 0; }
  virtual std::size_t instance_count() const = 0;  // ids are never reused
  virtual InstanceInfo instance(InstanceId id) const = 0;
  // instance(id).state, without building the whole InstanceInfo (a policy
  // that follows its workers asks at every tick).
  virtual InstanceState instance_state(InstanceId id) const { return instance(id).state; }
  // What a spot instance of this type costs per hour now, as the cloud
  // quotes it (its own price series, the one for all types, or the
  // discount): what spot instances of the type are billed at this moment.
  // Now only: a real policy cannot see future prices.
  virtual double spot_price_per_hour(InstanceTypeId type) const = 0;
  virtual std::size_t lambda_function_count() const = 0;
  // The scenario's offline jobs (OfflineJobId = index), and how many inputs
  // of one are submitted but not yet dispatched to a replica.
  virtual std::span<const OfflineJob> offline_jobs() const { return {}; }
  virtual std::uint64_t offline_backlog(OfflineJobId /*job*/) const { return 0; }
};

}  // namespace servesim
