#include "policies/proteus/plan_rollout.hpp"

#include <algorithm>

#include "sim/core/input_error.hpp"

namespace servesim::proteus {

PlanRollout::PlanRollout(std::size_t devices, const std::vector<VariantOption>& options, BatcherFor batcher)
    : slots_(devices), options_(options), batcher_(std::move(batcher)) {}

void PlanRollout::apply(const DevicePlan& plan, ClusterControl& control, const ClusterView& view) {
  for (DeviceId d = 0; d < slots_.size(); ++d) {
    if (plan.devices[d].option != slots_[d].option) change(d, plan.devices[d].option, control, view);
  }
  settle(control, view);
}

// Everything serving on the device now (its target once active, the
// replicas that one replaces) goes on serving for now, as replaced replicas
// that settle() retires; a target still loading goes. Back to one of them:
// nothing to load.
void PlanRollout::change(DeviceId d, std::optional<std::uint32_t> target, ClusterControl& control,
                         const ClusterView& view) {
  Slot& slot = slots_[d];
  std::vector<Serving> serving;
  if (target_active(slot, view)) {
    serving.push_back(Serving{d, *slot.replica, *slot.option});
  } else if (slot.replica) {
    control.unload_replica(*slot.replica);
  }
  for (const Serving& old : slot.retiring) {
    if (view.accepts(old.replica)) serving.push_back(old);
  }
  const auto back = std::find_if(serving.begin(), serving.end(), [&](const Serving& s) { return s.option == target; });
  if (back != serving.end()) {
    const ReplicaId replica = back->replica;
    serving.erase(back);
    slot = Slot{target, replica, std::move(serving), false};
    return;
  }
  slot = Slot{target, std::nullopt, std::move(serving), target.has_value()};
  if (target) try_load(d, control, view);
}

void PlanRollout::settle(ClusterControl& control, const ClusterView& view) {
  for (DeviceId d = 0; d < slots_.size(); ++d) {
    auto& retiring = slots_[d].retiring;
    const auto done = std::stable_partition(retiring.begin(), retiring.end(),
                                            [&](const Serving& old) { return keeps_serving(d, old, view); });
    for (auto it = done; it != retiring.end(); ++it) {
      if (view.accepts(it->replica)) control.unload_replica(it->replica);
    }
    retiring.erase(done, retiring.end());
  }
  for (DeviceId d = 0; d < slots_.size(); ++d) {
    if (slots_[d].waiting) try_load(d, control, view);
  }
}

// A replaced replica serves until its replacement of the same application
// does; one replaced by another application's, while its application is
// coming elsewhere (loading, or waiting for memory) and served by no other
// device's target. Never while its own device waits for its memory: no two
// devices can then wait on each other.
bool PlanRollout::keeps_serving(DeviceId d, const Serving& old, const ClusterView& view) const {
  const Slot& slot = slots_[d];
  if (!view.accepts(old.replica) || slot.waiting) return false;
  const AppId app = app_of(old.option);
  if (slot.replica && app_of(*slot.option) == app) return !target_active(slot, view);
  bool active_elsewhere = false, coming_elsewhere = false;
  for (DeviceId e = 0; e < slots_.size(); ++e) {
    const Slot& other = slots_[e];
    if (e == d || !other.option || app_of(*other.option) != app) continue;
    const bool active = target_active(other, view);
    active_elsewhere = active_elsewhere || active;
    coming_elsewhere = coming_elsewhere || other.waiting || (other.replica && !active);
  }
  return coming_elsewhere && !active_elsewhere;
}

bool PlanRollout::waiting() const {
  return std::any_of(slots_.begin(), slots_.end(), [](const Slot& s) { return s.waiting; });
}

void PlanRollout::try_load(DeviceId d, ClusterControl& control, const ClusterView& view) {
  Slot& slot = slots_[d];
  const VariantOption& option = options_[*slot.option];
  const DeviceTypeId type = view.device(d).type;
  const LoadResult result = control.load_replica(ReplicaRequest{option.variant, d, batcher_(*slot.option, type), 1});
  if (result.replica) {
    slot.replica = result.replica;
    slot.waiting = false;
    ++loads_;
    return;
  }
  // No room beside the replica it replaces: wait for that one's memory.
  slot.waiting = true;
  // Refused with nothing left to drain: the option fits the device's memory
  // (throughput_capacity.hpp), so only a broken invariant gets here.
  if (view.device(d).replicas.empty()) {
    throw InvariantError("proteus: device " + std::to_string(d) + " refused its planned variant: " + result.refusal);
  }
}

bool PlanRollout::target_active(const Slot& slot, const ClusterView& view) const {
  return slot.replica && view.replica(*slot.replica).state == ReplicaState::kActive;
}

std::vector<Serving> PlanRollout::serving(const ClusterView& view) const {
  std::vector<Serving> out;
  for (DeviceId d = 0; d < slots_.size(); ++d) {
    const Slot& slot = slots_[d];
    if (target_active(slot, view)) out.push_back(Serving{d, *slot.replica, *slot.option});
    for (const Serving& old : slot.retiring) {
      if (view.accepts(old.replica)) out.push_back(old);
    }
  }
  return out;
}

std::vector<std::optional<std::uint32_t>> PlanRollout::hosted() const {
  std::vector<std::optional<std::uint32_t>> out(slots_.size());
  for (DeviceId d = 0; d < slots_.size(); ++d) out[d] = slots_[d].option;
  return out;
}

}  // namespace servesim::proteus
