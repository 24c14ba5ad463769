#pragma once
// One SageMaker endpoint (MArk, ATC'19, section 5.1's baseline) serving one
// application: one instance type, one replica per serving device of each
// instance (serving_device.hpp: an inf1.xlarge's four neuroncores hold four,
// as a SageMaker endpoint on a multi-core Inferentia instance serves on all
// its cores; a c5 or g4dn.xlarge holds one), each serving one query at a
// time (no batching), round robin over the replicas in service, no Lambda,
// no rejection (a query waits however late; it is rejected only when no
// replica exists at all), and AWS target tracking (target_tracking.hpp) on
// SageMakerVariantInvocationsPerInstance at capacity / over-provisioning.
//
// Every datapoint (each policy tick, 60 s): the invocations routed in the last
// minute over the instances in service (those with a replica active; none in
// service: no datapoint) go to the tracker with that in-service count as the
// current capacity; a new desired count launches instances (each loads its
// replicas as soon as it runs) or stops them (those still booting first,
// then the newest). A spot instance with a notice, or an instance gone
// without being stopped, is replaced at once, so the desired count holds.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "policies/sagemaker/sagemaker_params.hpp"
#include "policies/sagemaker/target_tracking.hpp"
#include "sim/metrics/policy_counters.hpp"
#include "sim/serving/controller.hpp"

namespace servesim::sagemaker {

class SagemakerEndpoint {
 public:
  struct Stats {
    std::uint64_t scale_outs = 0;
    std::uint64_t scale_ins = 0;
    std::uint64_t instances_launched = 0;  // the initial ones and replacements too
    std::uint64_t instances_stopped = 0;   // by the policy (not taken back)
    std::uint64_t instances_replaced = 0;  // lost or noticed, relaunched
    std::uint32_t peak_instances = 0;      // the largest fleet (desired) size
  };

  // `where`: the policy's params, named by a refused load.
  SagemakerEndpoint(SagemakerParams params, std::string where)
      : params_(params), tracking_(params_.tracking), where_(std::move(where)) {}

  void start(ClusterControl& control, const ClusterView& view);
  RouteDecision route(const ClusterView& view);
  // One datapoint: the minute's invocations to target tracking.
  void on_datapoint(ClusterControl& control, const ClusterView& view);
  void on_replica_ready(const ClusterView& view) { rebuild_routing(view); }
  // Notices about instances of other endpoints are ignored.
  void on_interruption_notice(InstanceId id, ClusterControl& control, const ClusterView& view);
  void on_instance_gone(InstanceId id, ClusterControl& control, const ClusterView& view);
  void report(PolicyCounters& out, const std::string& prefix) const;

  const SagemakerParams& params() const { return params_; }
  const Stats& stats() const { return stats_; }
  // Instances counted toward the desired count (booting or in service, not leaving).
  std::uint32_t fleet_size() const;

 private:
  // One instance: the unit of launch, stop and replacement. Its replicas
  // (one per serving device) are the units of routing.
  struct Member {
    InstanceId instance = 0;
    std::vector<ReplicaId> replicas;
    bool leaving = false;  // noticed: replaced already, serves until taken back
  };

  void launch(ClusterControl& control, const ClusterView& view);
  void resize(std::uint32_t desired, ClusterControl& control, const ClusterView& view);
  // Drops the member on `instance` from the fleet; true if it was counted.
  bool forget(InstanceId instance);
  // Refills active_ and loading_; returns the instances in service (those
  // with a replica in active_), the datapoint's capacity.
  std::uint32_t rebuild_routing(const ClusterView& view);
  // Some replica of the instance has loaded: it serves.
  static bool in_service(const Member& m, const ClusterView& view);

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
