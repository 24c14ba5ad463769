#include "policies/queue_threshold/queue_threshold_policy.hpp"

#include <algorithm>

#include "policies/serving_device.hpp"

namespace servesim::queue_threshold {

QueueThresholdPolicy::QueueThresholdPolicy(const JsonNode& params, const PolicyContext& context)
    : params_(parse_queue_threshold_params(params, context.world)), where_(params.where()) {
  const PolicyWorld& world = context.world;
  const InstanceType& type = world.hardware->instance_type(params_.instance_type);
  for (const Application& app : world.applications) {
    if (app.pipeline.stages().size() != 1) {
      params.fail("application \"" + app.name + "\" is a pipeline: serve it with per-stage around queue-threshold");
    }
    const VariantId variant = world.models->most_accurate(app.pipeline.stages()[0].family);
    if (!serving_profile(world, variant, type)) {
      params.at("instance_type").fail("\"" + world.models->variant(variant).name + "\", the most accurate variant of \"" +
                                      app.name + "\", is not profiled on " + type.name + "'s devices");
    }
    fleets_.push_back(Fleet{variant, {}, 0});
  }
}

void QueueThresholdPolicy::start(ClusterControl& control, const ClusterView& view) {
  for (Fleet& fleet : fleets_) {
    for (std::uint32_t i = 0; i < params_.initial_instances; ++i) launch(fleet, control, view);
  }
}

// An instance and the variant on each of its serving devices: they load once
// it has booted (at once in start: the warm initial state).
void QueueThresholdPolicy::launch(Fleet& fleet, ClusterControl& control, const ClusterView& view) {
  const InstanceId id = control.launch_instance(params_.instance_type, params_.market);
  const BatcherSpec one_at_a_time{/*max_batch=*/1, /*plugin: greedy*/ nullptr};
  fleet.members.push_back(Member{id, load_on_serving_devices(control, view, id, fleet.variant, one_at_a_time, where_)});
  ++stats_.instances_launched;
  std::uint32_t total = 0;
  for (const Fleet& f : fleets_) total += static_cast<std::uint32_t>(f.members.size());
  stats_.peak_instances = std::max(stats_.peak_instances, total);
}

// The replica with the fewest outstanding queries among those serving, else
// among those loading (the query waits for the load); rejected with none.
RouteDecision QueueThresholdPolicy::route(const RouteRequest& request, ClusterControl&, const ClusterView& view) {
  ReplicaId best = 0;
  bool found = false, best_active = false;
  std::uint64_t fewest = 0;
  for (const Member& m : fleets_[request.app].members) {
    for (const ReplicaId r : m.replicas) {
      if (!view.accepts(r)) continue;
      const bool active = view.replica(r).state == ReplicaState::kActive;
      const std::uint64_t outstanding = view.outstanding(r);
      if (!found || (active && !best_active) || (active == best_active && outstanding < fewest)) {
        best = r, fewest = outstanding, best_active = active, found = true;
      }
    }
  }
  return found ? RouteDecision::to(best) : RouteDecision::reject();
}

void QueueThresholdPolicy::on_tick(ClusterControl& control, const ClusterView& view) {
  for (Fleet& fleet : fleets_) scale(fleet, control, view);
}

void QueueThresholdPolicy::scale(Fleet& fleet, ClusterControl& control, const ClusterView& view) {
  std::uint64_t queued = 0, serving = 0;
  bool booting = false;
  for (const Member& m : fleet.members) {
    booting = booting || view.instance_state(m.instance) == InstanceState::kBooting;
    for (const ReplicaId r : m.replicas) {
      if (view.replica(r).state != ReplicaState::kActive) continue;
      queued += view.replica(r).queue_length;
      ++serving;
    }
  }
  if (serving == 0) return;  // nothing in service yet: nothing measured
  const double per_replica = static_cast<double>(queued) / static_cast<double>(serving);
  const auto size = static_cast<std::uint32_t>(fleet.members.size());
  fleet.quiet_ticks = per_replica < params_.scale_down_queue ? fleet.quiet_ticks + 1 : 0;
  if (per_replica > params_.scale_up_queue && !booting && size < params_.max_instances) {
    launch(fleet, control, view);
    ++stats_.scale_ups;
  } else if (fleet.quiet_ticks >= params_.scale_down_ticks && size > params_.min_instances) {
    // Out of the fleet before the stop: an idle instance may be gone (and
    // the policy told so) within stop_instance itself.
    const InstanceId newest = fleet.members.back().instance;
    fleet.members.pop_back();
    control.stop_instance(newest);
    fleet.quiet_ticks = 0;
    ++stats_.scale_downs;
  }
}

// Taken back by the cloud (spot) or lost while booting: replaced at once.
void QueueThresholdPolicy::on_instance_gone(InstanceId id, ClusterControl& control, const ClusterView& view) {
  for (Fleet& fleet : fleets_) {
    const auto it = std::find_if(fleet.members.begin(), fleet.members.end(),
                                 [&](const Member& m) { return m.instance == id; });
    if (it == fleet.members.end()) continue;
    fleet.members.erase(it);
    launch(fleet, control, view);
    return;
  }
}

void QueueThresholdPolicy::report(PolicyCounters& out) const {
  out.add("scale_ups", static_cast<double>(stats_.scale_ups));
  out.add("scale_downs", static_cast<double>(stats_.scale_downs));
  out.add("instances_launched", static_cast<double>(stats_.instances_launched));
  out.add("peak_instances", static_cast<double>(stats_.peak_instances));
}

}  // namespace servesim::queue_threshold
