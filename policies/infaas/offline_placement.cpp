#include "policies/infaas/offline_placement.hpp"

namespace servesim::infaas {

bool offline_job_has_replica(const MetadataStore& store, const ClusterView& view, const OfflineJob& job) {
  for (const auto& [w, worker] : store.workers()) {
    if (worker.phase != WorkerPhase::kRunning || worker.leaving) continue;
    for (std::uint32_t i : store.instances_on_worker(w)) {
      const VariantInstance& vi = store.instance(i);
      const VariantId v = store.profile(vi.profile).variant;
      if (vi.replicas.empty() || !job.served_by(v, view.models().variant(v))) continue;
      for (ReplicaId r : vi.replicas) {
        if (view.accepts(r)) return true;
      }
    }
  }
  return false;
}

std::optional<std::uint32_t> offline_profile(const MetadataStore& store, const ClusterView& view,
                                             const OfflineJob& job) {
  std::optional<std::uint32_t> best;
  auto cost_per_input = [&](std::uint32_t p) {
    const VariantProfile& v = store.profile(p);
    return v.saturation_qps > 0 ? v.cost_per_second / v.saturation_qps : v.cost_per_second;
  };
  auto better = [&](std::uint32_t p, std::uint32_t than) {
    const bool cpu = store.profile(p).kind == DeviceKind::kCpu;
    const bool than_cpu = store.profile(than).kind == DeviceKind::kCpu;
    if (cpu != than_cpu) return cpu;
    return cost_per_input(p) < cost_per_input(than);
  };
  for (std::uint32_t p = 0; p < store.profiles().size(); ++p) {
    const VariantId v = store.profile(p).variant;
    if (!job.served_by(v, view.models().variant(v))) continue;
    if (!best || better(p, *best)) best = p;
  }
  return best;
}

std::optional<OfflineLoad> next_offline_load(const MetadataStore& store, const ClusterView& view) {
  const auto jobs = view.offline_jobs();
  for (OfflineJobId j = 0; j < jobs.size(); ++j) {
    if (view.offline_backlog(j) == 0 || offline_job_has_replica(store, view, jobs[j])) continue;
    const auto profile = offline_profile(store, view, jobs[j]);
    if (!profile) continue;
    if (const auto slot = lowest_utilisation(view, store, *profile)) return OfflineLoad{*profile, *slot};
  }
  return std::nullopt;
}

}  // namespace servesim::infaas
