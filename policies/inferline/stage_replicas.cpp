#include "policies/inferline/stage_replicas.hpp"

#include <algorithm>

#include "policies/inferline/plan_inputs.hpp"
#include "sim/core/input_error.hpp"

namespace servesim::inferline {

StageReplicas::Change& StageReplicas::Change::operator+=(const Change& other) {
  added += other.added;
  removed += other.removed;
  short_of += other.short_of;
  return *this;
}

StageReplicas::StageReplicas(AppId app, StageId stage, VariantId variant, DeviceTypeId device_type,
                             std::uint32_t batch)
    : app_(app), stage_(stage), variant_(variant), device_type_(device_type), batch_(batch) {}

bool StageReplicas::add(ClusterControl& control, const ClusterView& view) {
  for (DeviceId dev = 0; dev < view.device_count(); ++dev) {
    const DeviceInfo info = view.device(dev);
    if (info.type != device_type_ || !info.usable || !info.replicas.empty()) continue;
    const BatcherSpec batcher{batch_, /*plugin: greedy*/ nullptr};
    const LoadResult r = control.load_replica(ReplicaRequest{variant_, dev, batcher, 1});
    if (!r.replica) continue;
    control.attach_central_queue(*r.replica, app_, stage_);
    replicas_.push_back(*r.replica);
    return true;
  }
  return false;
}

void StageReplicas::deploy(std::uint32_t count, ClusterControl& control, const ClusterView& view,
                           const PolicyWorld& world, const std::string& where) {
  for (std::uint32_t k = 0; k < count; ++k) {
    if (add(control, view)) continue;
    const Application& application = world.applications[app_];
    throw InputError(where, application_label(world, app_) + "'s plan needs " + std::to_string(count) +
                                " devices of type \"" + world.hardware->type(device_type_).name + "\" for stage \"" +
                                application.pipeline.stages()[stage_].name + "\", more than the cluster has free");
  }
}

StageReplicas::Change StageReplicas::scale_to(std::uint32_t target, ClusterControl& control, const ClusterView& view) {
  Change change;
  while (replicas_.size() < target) {
    if (!add(control, view)) {
      change.short_of = target - static_cast<std::uint32_t>(replicas_.size());
      break;
    }
    ++change.added;
  }
  while (replicas_.size() > std::max<std::uint32_t>(target, 1)) {
    control.unload_replica(replicas_.back());
    replicas_.pop_back();
    ++change.removed;
  }
  return change;
}

bool StageReplicas::loaded(const ClusterView& view) const {
  return std::none_of(replicas_.begin(), replicas_.end(),
                      [&](ReplicaId r) { return view.replica(r).state == ReplicaState::kLoading; });
}

void StageReplicas::unload_all(ClusterControl& control) {
  for (ReplicaId r : replicas_) control.unload_replica(r);
  replicas_.clear();
}


}  // namespace servesim::inferline
