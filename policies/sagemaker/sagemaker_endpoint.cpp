#include "policies/sagemaker/sagemaker_endpoint.hpp"

#include <algorithm>

#include "policies/serving_device.hpp"

namespace servesim::sagemaker {

std::uint32_t SagemakerEndpoint::fleet_size() const {
  return static_cast<std::uint32_t>(
      std::count_if(fleet_.begin(), fleet_.end(), [](const Member& m) { return !m.leaving; }));
}

void SagemakerEndpoint::start(ClusterControl& control, const ClusterView& view) {
  for (std::uint32_t i = 0; i < params_.initial_instances; ++i) launch(control, view);
  rebuild_routing(view);
}

// One instance of the endpoint's type, and the model on each of its serving
// devices (serving_device.hpp): they load once the instance runs (at once in
// start: the warm initial state).
void SagemakerEndpoint::launch(ClusterControl& control, const ClusterView& view) {
  const InstanceId id = control.launch_instance(params_.instance_type, params_.market);
  const BatcherSpec one_at_a_time{/*max_batch=*/1, /*plugin: greedy*/ nullptr};
  fleet_.push_back(
      Member{id, load_on_serving_devices(control, view, id, params_.variant, one_at_a_time, where_), false});
  ++stats_.instances_launched;
  stats_.peak_instances = std::max(stats_.peak_instances, fleet_size());
}

RouteDecision SagemakerEndpoint::route(const ClusterView& view) {
  ++arrivals_;
  // Round robin over the replicas in service; while none is (all booting),
  // over those loading, where the query waits; reject only with none at all.
  for (const std::vector<ReplicaId>* list : {&active_, &loading_}) {
    for (std::size_t tried = 0; tried < list->size(); ++tried) {
      const ReplicaId r = (*list)[next_++ % list->size()];
      if (view.accepts(r)) return RouteDecision::to(r);
    }
  }
  return RouteDecision::reject();
}

std::uint32_t SagemakerEndpoint::rebuild_routing(const ClusterView& view) {
  active_.clear();
  loading_.clear();
  std::uint32_t in_service = 0;
  for (const Member& m : fleet_) {
    bool serves = false;
    for (ReplicaId r : m.replicas) {
      if (!view.accepts(r)) continue;
      const bool active = view.replica(r).state == ReplicaState::kActive;
      (active ? active_ : loading_).push_back(r);
      serves = serves || active;
    }
    in_service += serves ? 1 : 0;
  }
  return in_service;
}

bool SagemakerEndpoint::in_service(const Member& m, const ClusterView& view) {
  return std::any_of(m.replicas.begin(), m.replicas.end(),
                     [&](ReplicaId r) { return view.replica(r).state == ReplicaState::kActive; });
}

void SagemakerEndpoint::on_datapoint(ClusterControl& control, const ClusterView& view) {
  const std::uint32_t serving = rebuild_routing(view);
  const double invocations = static_cast<double>(arrivals_);
  arrivals_ = 0;
  // Invocations per instance, not per replica: the metric is
  // SageMakerVariantInvocationsPerInstance, and the capacity it is tracked
  // against is the instance's (every serving device's).
  if (serving == 0) return;  // no instance in service: CloudWatch has no datapoint
  if (const auto desired = tracking_.datapoint(invocations / serving, serving, view.now())) {
    resize(*desired, control, view);
  }
}

void SagemakerEndpoint::resize(std::uint32_t desired, ClusterControl& control, const ClusterView& view) {
  std::uint32_t current = fleet_size();
  if (desired > current) {
    ++stats_.scale_outs;
    while (current++ < desired) launch(control, view);
  } else if (desired < current) {
    ++stats_.scale_ins;
    for (; current > desired; --current) {
      // The newest instance still booting (or loading), else the newest.
      auto victim = fleet_.rend();
      for (auto it = fleet_.rbegin(); it != fleet_.rend(); ++it) {
        if (it->leaving) continue;
        if (victim == fleet_.rend()) victim = it;
        if (!in_service(*it, view)) {
          victim = it;
          break;
        }
      }
      // Out of the fleet before the stop: an idle instance may be gone (and
      // the policy told so) within stop_instance itself.
      const InstanceId id = victim->instance;
      fleet_.erase(std::next(victim).base());
      control.stop_instance(id);
      ++stats_.instances_stopped;
    }
  }
  rebuild_routing(view);
}

bool SagemakerEndpoint::forget(InstanceId instance) {
  const auto it = std::find_if(fleet_.begin(), fleet_.end(), [&](const Member& m) { return m.instance == instance; });
  if (it == fleet_.end()) return false;
  const bool counted = !it->leaving;
  fleet_.erase(it);
  return counted;
}

// The cloud takes the instance back in two minutes: its replacement starts
// now; the noticed one serves until it goes.
void SagemakerEndpoint::on_interruption_notice(InstanceId id, ClusterControl& control, const ClusterView& view) {
  const auto it = std::find_if(fleet_.begin(), fleet_.end(), [&](const Member& m) { return m.instance == id; });
  if (it == fleet_.end() || it->leaving) return;
  it->leaving = true;
  ++stats_.instances_replaced;
  launch(control, view);
  rebuild_routing(view);
}

// Gone without the policy stopping it (taken back without a notice heard, or
// while booting): relaunched, so the desired count holds.
void SagemakerEndpoint::on_instance_gone(InstanceId id, ClusterControl& control, const ClusterView& view) {
  if (forget(id)) {
    ++stats_.instances_replaced;
    launch(control, view);
  }
  rebuild_routing(view);
}

void SagemakerEndpoint::report(PolicyCounters& out, const std::string& prefix) const {
  const auto add = [&](const std::string& name, double value) { out.add(prefix + name, value); };
  add("scale_outs", static_cast<double>(stats_.scale_outs));
  add("scale_ins", static_cast<double>(stats_.scale_ins));
  add("instances_launched", static_cast<double>(stats_.instances_launched));
  add("instances_stopped", static_cast<double>(stats_.instances_stopped));
  add("instances_replaced", static_cast<double>(stats_.instances_replaced));
  add("peak_instances", static_cast<double>(stats_.peak_instances));
  add("initial_instances", static_cast<double>(params_.initial_instances));
  add("capacity_per_minute", params_.capacity_per_minute);
  add("target_per_minute", params_.tracking.target);
}

}  // namespace servesim::sagemaker
