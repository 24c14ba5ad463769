#pragma once
// The actions of the per-stage policy's inner policy, carried out on the real
// cluster: every action forwarded, those that name an application's stage
// translated from the derived application's stage 0 to the real (application,
// stage): set_routing_weights (the engine then routes RouteDecision::
// by_weights() of the real stage by them), attach_central_queue (the real
// stage's queue, which RouteDecision::to_central_queue() fills) and
// set_stage_budget. One lives as long as its per-stage policy, bound to the
// engine's control at every call: an inner policy may keep a pointer to the
// control it was handed (INFaaS does) while the engine calls back into it
// (on_instance_gone from inside stop_instance), so the object must not be a
// temporary of the call.
#include <vector>

#include "policies/per_stage/stage_applications.hpp"
#include "sim/serving/cluster_control.hpp"

namespace servesim::per_stage {

class StageControl final : public ClusterControl {
 public:
  explicit StageControl(const StageApplications& stages) : stages_(stages) {}
  void bind(ClusterControl& real) { real_ = &real; }

  LoadResult load_replica(const ReplicaRequest& request) override { return real_->load_replica(request); }
  void unload_replica(ReplicaId id) override { real_->unload_replica(id); }
  void set_batcher(ReplicaId id, const BatcherSpec& spec) override { real_->set_batcher(id, spec); }
  InstanceId launch_instance(InstanceTypeId type, Market market) override { return real_->launch_instance(type, market); }
  void stop_instance(InstanceId id) override { real_->stop_instance(id); }
  void set_routing_weights(AppId app, StageId stage, std::vector<RoutingWeight> weights) override;
  std::uint64_t dispatch_offline(OfflineJobId job, ReplicaId replica, std::uint64_t count) override {
    return real_->dispatch_offline(job, replica, count);
  }
  void note_offline_paused(DeviceKind kind) override { real_->note_offline_paused(kind); }
  std::uint32_t prewarm_lambda(std::uint32_t function, std::uint32_t count) override {
    return real_->prewarm_lambda(function, count);
  }
  void attach_central_queue(ReplicaId replica, AppId app, StageId stage) override;
  void set_stage_budget(AppId app, StageId stage, Duration budget) override;

 private:
  ClusterControl* real_ = nullptr;
  const StageApplications& stages_;
};

}  // namespace servesim::per_stage
