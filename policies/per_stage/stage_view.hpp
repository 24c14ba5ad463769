#pragma once
// The real cluster as the inner policy of the per-stage policy sees it: every
// question forwarded, with its own world's applications (stage_world.hpp) in
// place of the real ones, and a derived application's stage 0 read as the real
// (application, stage):
//   - arrival_rate(d, 0), central_queue_length(d, 0): the real stage's;
//   - finished_queries(d): the real application's outcomes, end to end. The
//     engine counts outcomes per query, and a stage cannot know which of its
//     visits made the query late; a policy reading it (MArk's SLO monitor)
//     sees every stage of a late query miss. This is the approximation.
// One lives as long as its per-stage policy, bound to the engine's view at
// every call (as StageControl, stage_control.hpp).
#include <span>

#include "policies/per_stage/stage_applications.hpp"
#include "sim/serving/cluster_view.hpp"

namespace servesim::per_stage {

class StageView final : public ClusterView {
 public:
  StageView(const StageApplications& stages, std::span<const Application> applications)
      : stages_(stages), applications_(applications) {}
  void bind(const ClusterView& real) { real_ = &real; }

  SimTime now() const override { return real_->now(); }
  const ModelCatalog& models() const override { return real_->models(); }
  const HardwareCatalog& hardware() const override { return real_->hardware(); }
  std::span<const Application> applications() const override { return applications_; }
  std::size_t device_count() const override { return real_->device_count(); }
  DeviceInfo device(DeviceId id) const override { return real_->device(id); }
  DeviceOccupancy occupancy(DeviceId id) const override { return real_->occupancy(id); }
  std::size_t replica_count() const override { return real_->replica_count(); }
  ReplicaInfo replica(ReplicaId id) const override { return real_->replica(id); }
  std::uint64_t outstanding(ReplicaId id) const override { return real_->outstanding(id); }
  ReplicaBacklog backlog(ReplicaId id) const override { return real_->backlog(id); }
  bool accepts(ReplicaId id) const override { return real_->accepts(id); }
  std::optional<std::uint64_t> accepting_outstanding(ReplicaId id) const override {
    return real_->accepting_outstanding(id);
  }
  ReplicaId least_outstanding(std::span<const ReplicaId> candidates, std::uint64_t limit) const override {
    return real_->least_outstanding(candidates, limit);
  }
  std::uint64_t dropped(ReplicaId id) const override { return real_->dropped(id); }
  std::uint64_t central_queue_length(AppId app, StageId stage) const override;
  double arrival_rate(AppId app, StageId stage) const override;
  FinishedQueries finished_queries(AppId app) const override;
  std::size_t instance_count() const override { return real_->instance_count(); }
  InstanceInfo instance(InstanceId id) const override { return real_->instance(id); }
  InstanceState instance_state(InstanceId id) const override { return real_->instance_state(id); }
  double spot_price_per_hour(InstanceTypeId type) const override { return real_->spot_price_per_hour(type); }
  std::size_t lambda_function_count() const override { return real_->lambda_function_count(); }
  std::span<const OfflineJob> offline_jobs() const override { return real_->offline_jobs(); }
  std::uint64_t offline_backlog(OfflineJobId job) const override { return real_->offline_backlog(job); }

 private:
  const ClusterView* real_ = nullptr;
  const StageApplications& stages_;
  std::span<const Application> applications_;
};

}  // namespace servesim::per_stage
