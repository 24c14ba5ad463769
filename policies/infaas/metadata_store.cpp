#include "policies/infaas/metadata_store.hpp"

#include <algorithm>

namespace servesim::infaas {

MetadataStore::MetadataStore(std::vector<VariantProfile> profiles)
    : profiles_(std::move(profiles)), by_profile_(profiles_.size()) {}

std::uint32_t MetadataStore::add_worker(Worker worker) {
  workers_.push_back(std::move(worker));
  index_.emplace_back(profiles_.size(), -1);
  by_worker_.emplace_back();
  return static_cast<std::uint32_t>(workers_.size() - 1);
}

std::optional<std::uint32_t> MetadataStore::worker_of_instance(InstanceId id) const {
  for (std::uint32_t w = 0; w < workers_.size(); ++w) {
    if (workers_[w].instance == id) return w;
  }
  return std::nullopt;
}

std::uint32_t MetadataStore::instance_of(std::uint32_t profile, std::uint32_t worker) {
  std::int32_t& slot = index_[worker][profile];
  if (slot < 0) {
    slot = static_cast<std::int32_t>(instances_.size());
    VariantInstance vi;
    vi.profile = profile;
    vi.worker = worker;
    instances_.push_back(std::move(vi));
    by_profile_[profile].push_back(static_cast<std::uint32_t>(slot));
    by_worker_[worker].push_back(static_cast<std::uint32_t>(slot));
  }
  return static_cast<std::uint32_t>(slot);
}

std::optional<std::uint32_t> MetadataStore::find_instance(std::uint32_t profile, std::uint32_t worker) const {
  const std::int32_t slot = index_[worker][profile];
  if (slot < 0) return std::nullopt;
  return static_cast<std::uint32_t>(slot);
}

void MetadataStore::add_replica(ReplicaId id, std::uint32_t i, SimTime now) {
  if (replicas_.size() <= id) replicas_.resize(id + 1);
  ReplicaRecord& r = replicas_[id];
  r = ReplicaRecord{};
  r.instance = i;
  r.loaded_at = now;
  r.known = true;
  VariantInstance& vi = instances_[i];
  vi.replicas.push_back(id);
  if (vi.state == VariantState::kInactive) vi.state = VariantState::kActive;
}

void MetadataStore::retire(ReplicaId id) {
  ReplicaRecord& r = replicas_[id];
  if (r.retired) return;
  r.retired = true;
  VariantInstance& vi = instances_[r.instance];
  std::erase(vi.replicas, id);
  if (vi.replicas.empty()) vi.state = VariantState::kInactive;
}

void MetadataStore::prune(const ClusterView& view) {
  for (VariantInstance& vi : instances_) {
    for (std::size_t k = vi.replicas.size(); k-- > 0;) {
      const ReplicaId r = vi.replicas[k];
      if (!view.accepts(r)) retire(r);
    }
  }
}

}  // namespace servesim::infaas
