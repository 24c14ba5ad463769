#include "policies/infaas/variant_monitor.hpp"

#include <algorithm>

#include "sim/serving/sliding_latency.hpp"

namespace servesim::infaas {

void VariantMonitor::observe(MetadataStore& store, const ClusterView& view) {
  const SimTime now = view.now();
  // The view's observed latencies cover its last SlidingLatency::kSeconds.
  const Duration latency_window = from_seconds(SlidingLatency::kSeconds);
  const double span = (now - last_).seconds();
  last_ = now;

  // Per worker: busy slot-seconds over the period, by device.
  for (auto& [w, worker] : store.workers()) {
    if (worker.phase == WorkerPhase::kGone) {
      worker.utilisation = 0;
      continue;
    }
    double busy = 0;
    std::uint32_t devices = 0;
    for (DeviceId d : worker.devices) {
      const DeviceOccupancy info = view.occupancy(d);
      const DeviceKind kind = view.hardware().type(info.type).kind;
      if (kind != worker.kind) continue;
      ++devices;
      double device_busy = 0;
      for (ReplicaId r : info.replicas) {
        if (!store.knows(r)) continue;
        ReplicaRecord& record = store.replica(r);
        const ReplicaInfo replica = view.replica(r);
        // The view's utilisation is over the replica's life; its change over
        // the period is the recent busy time.
        const double alive = (now - record.loaded_at).seconds();
        const double slot_seconds = replica.utilisation * alive * replica.concurrency;
        const double recent = span > 0 ? (slot_seconds - record.busy_at_monitor) / (span * replica.concurrency) : 0.0;
        record.busy_at_monitor = slot_seconds;
        const double share = kind == DeviceKind::kCpu ? 1.0 / std::max(1u, worker.cpu_slots) : 1.0;
        device_busy += std::max(0.0, recent) * share;
      }
      busy += std::min(1.0, device_busy);
    }
    worker.utilisation = devices > 0 ? busy / devices : 0.0;
  }

  for (auto& [i, vi] : store.instances()) {
    const VariantProfile& profile = store.profile(vi.profile);
    Worker& worker = store.worker(vi.worker);
    VariantObservation seen;
    seen.kind = profile.kind;
    seen.saturation_qps = profile.saturation_qps;
    seen.profiled = profile.inference;
    seen.replicas = static_cast<std::uint32_t>(vi.replicas.size());
    double routed = 0, served = 0, latency_weighted = 0;
    Duration latency_max;
    for (ReplicaId r : vi.replicas) {
      ReplicaRecord& record = store.replica(r);
      routed += static_cast<double>(record.routed - record.routed_at_monitor);
      record.routed_at_monitor = record.routed;
      const ReplicaInfo info = view.replica(r);
      if (info.state == ReplicaState::kActive && worker.phase == WorkerPhase::kRunning) {
        ++seen.active_replicas;
        if (record.serving_since.is_never()) record.serving_since = now;  // a missed notice
        seen.settled = seen.settled && (record.warm || now - record.serving_since >= latency_window);
      }
      seen.outstanding += view.outstanding(r);
      served += info.served_per_second;
      latency_weighted += info.served_per_second * static_cast<double>(info.observed_latency_mean.ns);
      latency_max = std::max(latency_max, info.observed_latency_mean);
      if (!seen.co_located) {
        for (ReplicaId other : view.occupancy(info.device).replicas) {
          if (other != r && (!store.knows(other) || store.replica(other).instance != i)) seen.co_located = true;
        }
      }
    }
    const double incoming = span > 0 ? routed / span : 0.0;
    seen.load_qps = std::max(incoming, served);
    seen.observed = served > 0 ? Duration{static_cast<std::int64_t>(latency_weighted / served)} : latency_max;
    vi.observed = seen.observed;  // for the offline throttle (offline_throttle.hpp)
    vi.state = next_state(vi.state, seen, limits_);
  }
}

}  // namespace servesim::infaas
