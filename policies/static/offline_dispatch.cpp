#include "policies/static/offline_dispatch.hpp"

namespace servesim {

std::vector<ReplicaId> offline_replicas(const OfflineJob& job, const ClusterView& view) {
  std::vector<ReplicaId> out;
  for (ReplicaId r = 0; r < view.replica_count(); ++r) {
    if (!view.accepts(r)) continue;
    const VariantId v = view.replica(r).variant;
    if (job.served_by(v, view.models().variant(v))) out.push_back(r);
  }
  return out;
}

std::uint64_t dispatch_evenly(OfflineJobId job, ClusterControl& control, const ClusterView& view) {
  const std::uint64_t backlog = view.offline_backlog(job);
  if (backlog == 0) return 0;
  const std::vector<ReplicaId> replicas = offline_replicas(view.offline_jobs()[job], view);
  std::uint64_t moved = 0;
  for (std::size_t i = 0; i < replicas.size(); ++i) {
    const std::uint64_t share = backlog / replicas.size() + (i < backlog % replicas.size() ? 1 : 0);
    moved += control.dispatch_offline(job, replicas[i], share);
  }
  return moved;
}

}  // namespace servesim
