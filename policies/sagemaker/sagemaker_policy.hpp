#pragma once
// MArk (ATC'19) section 5.1's baseline, SageMaker hosting: one endpoint on
// one instance type, one replica per instance serving one query at a time
// (no batching), round robin over the instances in service, no Lambda, no
// rejection (a query waits however late; it is rejected only when no replica
// exists at all), and AWS target tracking (target_tracking.hpp) on
// SageMakerVariantInvocationsPerInstance at capacity / over-provisioning.
//
// Every 60 s (CloudWatch's one-minute datapoint): the invocations routed in
// the last minute over the instances in service (those whose replica is
// active; none in service: no datapoint) go to the tracker with that
// in-service count as the current capacity; a new desired count launches
// instances (each loads the replica as soon as it runs) or stops them (those
// still booting first, then the newest). A spot instance with a notice, or an
// instance gone without being stopped, is replaced at once, so the desired
// count holds. Parameters: sagemaker_params.hpp.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "policies/policy.hpp"
#include "policies/sagemaker/sagemaker_params.hpp"
#include "policies/sagemaker/target_tracking.hpp"

namespace servesim::sagemaker {

class SagemakerPolicy final : public Policy {
 public:
  struct Stats {
    std::uint64_t scale_outs = 0;
    std::uint64_t scale_ins = 0;
    std::uint64_t instances_launched = 0;  // the initial ones and replacements too
    std::uint64_t instances_stopped = 0;   // by the policy (not taken back)
    std::uint64_t instances_replaced = 0;  // lost or noticed, relaunched
    std::uint32_t peak_instances = 0;      // the largest fleet (desired) size
  };

  SagemakerPolicy(const JsonNode& params, const PolicyContext& context);

  std::string_view name() const override { return "sagemaker"; }
  void start(ClusterControl& control, const ClusterView& view) override;
  RouteDecision route(const RouteRequest& request, ClusterControl& control, const ClusterView& view) override;
  Duration tick_interval() const override { return from_seconds(60); }
  void on_tick(ClusterControl& control, const ClusterView& view) override;
  void on_replica_ready(ReplicaId id, ClusterControl& control, const ClusterView& view) override;
  void on_interruption_notice(InstanceId id, SimTime at, ClusterControl& control, const ClusterView& view) override;
  void on_instance_gone(InstanceId id, ClusterControl& control, const ClusterView& view) override;
  void report(PolicyCounters& out) const override;

  const SagemakerParams& params() const { return params_; }
  const Stats& stats() const { return stats_; }
  // Instances the policy counts toward the desired count (booting or in
  // service, not leaving).
  std::uint32_t fleet_size() const;

 private:
  struct Member {
    InstanceId instance = 0;
    ReplicaId replica = 0;
    bool leaving = false;  // noticed: replaced already, serves until taken back
  };

  void launch(ClusterControl& control, const ClusterView& view);
  void resize(std::uint32_t desired, ClusterControl& control, const ClusterView& view);
  // Drops the member on `instance` from the fleet; true if it was there.
  bool forget(InstanceId instance);
  void rebuild_routing(const ClusterView& view);
  std::uint32_t in_service(const ClusterView& view) const;

  SagemakerParams params_;
  TargetTracking tracking_;
  std::string where_;
  std::vector<Member> fleet_;          // in launch order, leaving ones too
  std::vector<ReplicaId> active_;      // round robin over these
  std::vector<ReplicaId> loading_;     // used only while none is active
  std::size_t next_ = 0;
  std::uint64_t arrivals_ = 0;         // since the last datapoint
  Stats stats_;
};

}  // namespace servesim::sagemaker
