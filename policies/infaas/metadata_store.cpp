#include "policies/infaas/metadata_store.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace servesim::infaas {

MetadataStore::MetadataStore(std::vector<VariantProfile> profiles)
    : profiles_(std::move(profiles)), loaded_by_profile_(profiles_.size()) {}

std::uint32_t MetadataStore::add_worker(Worker worker) {
  const std::uint32_t w = by_worker_.size();  // the id by_worker_.add hands out next
  Worker& added = workers_.emplace(w, std::move(worker)).first->second;
  by_worker_.add(std::make_unique<WorkerIndex>(WorkerIndex{&added, std::vector<std::int32_t>(profiles_.size(), -1), {}}));
  for (const DeviceTypeId type : added.device_types) {
    if (offering_.size() <= type) offering_.resize(type + 1);
    if (offering_[type].empty() || offering_[type].back().first != w) offering_[type].emplace_back(w, &added);
  }
  return w;
}

void MetadataStore::missing(const char* what, std::uint32_t id) {
  throw std::out_of_range(std::string("MetadataStore: no ") + what + " " + std::to_string(id));
}

const std::vector<MetadataStore::WorkerRef>& MetadataStore::workers_offering(DeviceTypeId type) const {
  static const std::vector<WorkerRef> none;
  return type < offering_.size() ? offering_[type] : none;
}

std::uint32_t MetadataStore::instance_of(std::uint32_t profile, std::uint32_t worker) {
  WorkerIndex& index = index_of(worker);
  std::int32_t& slot = index.by_profile[profile];
  if (slot < 0) {
    VariantInstance vi;
    vi.profile = profile;
    vi.worker = worker;
    const std::uint32_t i = instance_nodes_.size();  // the id instance_nodes_.add hands out next
    VariantInstance& added = instances_.emplace(i, std::move(vi)).first->second;
    instance_nodes_.add(std::make_unique<VariantInstance*>(&added));
    slot = static_cast<std::int32_t>(i);
    index.instances.push_back(i);
  }
  return static_cast<std::uint32_t>(slot);
}

void MetadataStore::add_replica(ReplicaId id, std::uint32_t i, DeviceId device, SimTime now) {
  VariantInstance& vi = instance(i);
  ReplicaRecord r;
  r.instance = i;
  r.variant = profiles_[vi.profile].variant;
  r.device = device;
  r.loaded_at = now;
  replicas_.put(id, std::make_unique<ReplicaRecord>(r));
  if (vi.replicas.empty()) {
    std::vector<std::uint32_t>& loaded = loaded_by_profile_[vi.profile];
    loaded.insert(std::lower_bound(loaded.begin(), loaded.end(), i), i);
  }
  vi.replicas.push_back(id);
  if (vi.state == VariantState::kInactive) vi.state = VariantState::kActive;
}

bool MetadataStore::serving(ReplicaId id) const {
  const ReplicaRecord* record = replicas_.get(id);
  return record && !record->retired;
}

void MetadataStore::retire(ReplicaId id) {
  ReplicaRecord& r = record_of(id);
  if (r.retired) return;
  r.retired = true;
  retired_.push_back(id);
  VariantInstance& vi = instance(r.instance);
  std::erase(vi.replicas, id);
  if (vi.replicas.empty()) {
    vi.state = VariantState::kInactive;
    std::erase(loaded_by_profile_[vi.profile], r.instance);
  }
}

void MetadataStore::prune(const ClusterView& view) {
  for (auto& [i, vi] : instances_) {
    for (std::size_t k = vi.replicas.size(); k-- > 0;) {
      const ReplicaId r = vi.replicas[k];
      if (!view.accepts(r)) retire(r);
    }
  }
}

void MetadataStore::forget(const ClusterView& view) {
  for (auto it = workers_.begin(); it != workers_.end();) {
    const std::uint32_t w = it->first;
    ++it;  // forget_worker erases w
    const WorkerIndex& index = index_of(w);
    if (forgettable(*index.worker, index)) forget_worker(w);
  }
  std::erase_if(retired_, [&](ReplicaId id) {
    if (!left_device(id, record_of(id), view)) return false;
    replicas_.erase(id);
    return true;
  });
}

// Gone, and none of its instances waits on a transition (which still reads
// them); their replicas were all retired when it went.
bool MetadataStore::forgettable(const Worker& worker, const WorkerIndex& index) const {
  if (worker.phase != WorkerPhase::kGone) return false;
  return std::none_of(index.instances.begin(), index.instances.end(),
                      [&](std::uint32_t i) { return instance(i).in_transition; });
}

void MetadataStore::forget_worker(std::uint32_t w) {
  for (std::uint32_t i : index_of(w).instances) {
    for (ReplicaId r : instance(i).replicas) replicas_.erase(r);  // none, unless one still accepted
    std::erase(loaded_by_profile_[instance(i).profile], i);
    instances_.erase(i);
    instance_nodes_.erase(i);
  }
  by_worker_.erase(w);
  for (const DeviceTypeId type : workers_.at(w).device_types) {
    std::erase_if(offering_[type], [&](const WorkerRef& ref) { return ref.first == w; });
  }
  workers_.erase(w);
}

// Nothing reads a retired record once its replica is off its device: the
// monitor looks at live devices' replicas only. A forgotten worker's devices
// are not looked at again.
bool MetadataStore::left_device(ReplicaId id, const ReplicaRecord& record, const ClusterView& view) const {
  VariantInstance* const* vi = instance_nodes_.get(record.instance);
  if (!vi || worker((*vi)->worker).phase == WorkerPhase::kGone) return true;
  const std::span<const ReplicaId> on_device = view.occupancy(record.device).replicas;
  return std::find(on_device.begin(), on_device.end(), id) == on_device.end();
}

}  // namespace servesim::infaas
