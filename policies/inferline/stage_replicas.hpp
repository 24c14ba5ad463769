#pragma once
// One pipeline stage's replicas as InferLine deploys them (SoCC'20, sections
// 4.3 and 6: Clipper "modified to add a centralized batched queueing
// system"): one replica per free device of the stage's hardware, each with a
// greedy batcher up to the stage's batch, all taking from the central queue
// of (application, stage). The inferline policy and the coarse-grained
// baselines place and remove replicas through it.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "sim/serving/cluster_control.hpp"
#include "sim/serving/cluster_view.hpp"
#include "sim/serving/simulation_config.hpp"

namespace servesim::inferline {

class StageReplicas {
 public:
  struct Change {
    std::uint32_t added = 0;
    std::uint32_t removed = 0;
    std::uint32_t short_of = 0;  // replicas wanted that found no free device
    bool changed() const { return added > 0 || removed > 0; }
    Change& operator+=(const Change& other);
  };

  StageReplicas(AppId app, StageId stage, VariantId variant, DeviceTypeId device_type, std::uint32_t batch);

  StageId stage() const { return stage_; }
  VariantId variant() const { return variant_; }
  DeviceTypeId device_type() const { return device_type_; }
  std::uint32_t batch() const { return batch_; }
  // Live replicas, loading ones included.
  std::size_t size() const { return replicas_.size(); }
  std::span<const ReplicaId> replicas() const { return replicas_; }

  // One more replica on a free device of the stage's type (a usable device
  // without a live replica); false when there is none.
  bool add(ClusterControl& control, const ClusterView& view);
  // At start: `count` replicas, or an InputError (at `where`) naming the
  // application, the stage and the device type the cluster has too few of.
  void deploy(std::uint32_t count, ClusterControl& control, const ClusterView& view, const PolicyWorld& world,
              const std::string& where);
  // Up to `target` replicas (loading ones count), or down to it by
  // unloading the newest first; never below one, so the stage stays served.
  Change scale_to(std::uint32_t target, ClusterControl& control, const ClusterView& view);
  // Whether none of its replicas is still loading.
  bool loaded(const ClusterView& view) const;
  // Unloads every replica (a re-plan's old deployment, once the new one is
  // loaded); each still serves what it had queued.
  void unload_all(ClusterControl& control);

 private:
  AppId app_;
  StageId stage_;
  VariantId variant_;
  DeviceTypeId device_type_;
  std::uint32_t batch_;
  std::vector<ReplicaId> replicas_;  // in load order: the newest last
};

}  // namespace servesim::inferline
