#pragma once
// One loaded model variant on one device: a FIFO queue, a batcher, and up to
// `concurrency` batches executing at once (worker threads of a CPU server; 1
// for an accelerator), each also needing one of its device's slots
// (device_execution.hpp). Engine-internal: policies see a ReplicaInfo.
#include <algorithm>
#include <cstdint>
#include <memory>
#include <vector>

#include "sim/cluster/instance.hpp"
#include "sim/core/random_stream.hpp"
#include "sim/serving/batchers/batcher.hpp"
#include "sim/serving/model_catalog.hpp"
#include "sim/serving/offline_queue.hpp"
#include "sim/serving/service_time.hpp"
#include "sim/serving/sliding_latency.hpp"
#include "sim/serving/sliding_rate.hpp"
#include "sim/serving/visit_queue.hpp"

namespace servesim {

using ReplicaId = std::uint32_t;

inline constexpr ReplicaId kNoReplica = 0xffffffffu;

enum class ReplicaState : std::uint8_t { kLoading, kActive, kDraining, kUnloaded };

struct RunningBatch {
  std::vector<Visit> visits;  // capacity kept across batches: no allocation per batch
  SimTime started;
  Duration solo;  // how long it runs with the device to itself
  bool in_use = false;
  // An offline batch holds offline inputs only (never mixed with online
  // visits), by job; empty for an online batch.
  std::vector<OfflineRun> offline;
};

struct Replica {
  Replica(ReplicaId id, VariantId variant, DeviceId device, std::vector<Duration> latency,
          std::unique_ptr<Batcher> batcher, std::uint32_t concurrency, RandomStream rng);

  // The largest batch the replica's batcher may form: the profile's maximum,
  // or less if the batcher spec asks (0: no cap).
  std::uint32_t max_batch() const { return batch_cap; }
  void cap_batch(std::uint32_t spec_max) {
    const auto profiled = static_cast<std::uint32_t>(latency.size() - 1);
    batch_cap = spec_max == 0 ? profiled : std::min(spec_max, profiled);
  }
  bool accepts_visits() const {
    return !unload_requested && (state == ReplicaState::kLoading || state == ReplicaState::kActive);
  }
  bool has_free_slot() const { return running < batches.size(); }
  std::uint32_t free_slot() const;
  // Queued plus executing visits: the load a router balances.
  std::uint64_t outstanding() const { return queue.size() + executing_visits; }

  // First, together: what a router reads of every candidate on every query
  // (accepts_visits, outstanding), in one cache line rather than spread
  // over the struct.
  ReplicaId id;
  VariantId variant;
  DeviceId device;
  ReplicaState state = ReplicaState::kLoading;
  bool unload_requested = false;  // while loading: drain as soon as the model is in
  std::uint64_t executing_visits = 0;
  VisitQueue queue;
  std::vector<Duration> latency;  // latency[b], b = 1..the profile's max batch on this device
  std::uint32_t batch_cap = 1;
  std::unique_ptr<Batcher> batcher;
  std::vector<RunningBatch> batches;  // one slot per unit of concurrency
  std::uint32_t running = 0;
  std::uint64_t dropped = 0;  // visits dropped here, for ClusterView::dropped
  std::uint32_t central_queue = 0xffffffffu;  // its CentralQueues index once attached, else kNoCentralQueue
  OfflineQueue offline;  // low priority: starts only when `queue` leaves room
  RandomStream rng;                     // service-time draws
  bool waiting_for_device = false;      // in its device's FIFO with a batch ready
  std::uint32_t wake_generation = 0;    // lazy cancellation of batcher wake-ups
  SimTime wake_at = SimTime::never();   // the wake-up currently scheduled
  // Monitoring, as a real monitor would see it.
  SlidingRate served;
  SlidingLatency observed;       // enqueue to batch completion
  SlidingRate busy_us;           // busy microseconds per second: recent utilisation x 1e6
  double busy_slot_seconds = 0;  // integral of running batches over time
  SimTime busy_since;            // last time `running` changed
  SimTime loaded_at;             // when load_replica was called
};

}  // namespace servesim
