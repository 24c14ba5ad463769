#pragma once
// The engine's side of a policy. policies/policy.hpp builds on this interface;
// the engine never sees more of a policy than this.
#include <cstdint>

#include "sim/metrics/policy_counters.hpp"
#include "sim/serving/cluster_control.hpp"
#include "sim/serving/cluster_view.hpp"

namespace servesim {

struct RouteRequest {
  std::uint64_t query = 0;  // the query's id, unique in the run
  AppId app = 0;
  StageId stage = 0;
  FamilyId family = 0;
  SimTime arrival;
  SimTime deadline;
  // Routed again: the replica that held it was lost with its instance. Not a
  // new arrival, for a policy that measures the arrival rate.
  bool again = false;
};

struct RouteDecision {
  enum class Kind : std::uint8_t {
    kReplica,   // to `target`, a replica
    kLambda,    // to `target`, a Lambda function of the scenario
    kWeighted,  // by the weights set with ClusterControl::set_routing_weights
    kCentral,   // to the central queue of the visit's (application, stage)
    kReject,
  };
  Kind kind = Kind::kReject;
  std::uint32_t target = 0;

  static RouteDecision to(ReplicaId id) { return {Kind::kReplica, id}; }
  static RouteDecision to_lambda(std::uint32_t function) { return {Kind::kLambda, function}; }
  static RouteDecision by_weights() { return {Kind::kWeighted, 0}; }
  static RouteDecision to_central_queue() { return {Kind::kCentral, 0}; }
  static RouteDecision reject() { return {Kind::kReject, 0}; }
};

class Controller {
 public:
  virtual ~Controller() = default;
  // Initial placement, before the first arrival.
  virtual void start(ClusterControl& control, const ClusterView& view) = 0;
  // Where this query's stage goes. On the hot path: keep it cheap. `control`
  // lets a policy act on the query's path (INFaaS' Algorithm 1 loads an
  // inactive variant for the query, which then waits for the load).
  virtual RouteDecision route(const RouteRequest& request, ClusterControl& control, const ClusterView& view) = 0;
  // Periodic control; infinite means never.
  virtual Duration tick_interval() const { return Duration::infinite(); }
  virtual void on_tick(ClusterControl& /*control*/, const ClusterView& /*view*/) {}
  virtual void on_replica_ready(ReplicaId /*id*/, ClusterControl& /*control*/, const ClusterView& /*view*/) {}
  virtual void on_instance_ready(InstanceId /*id*/, ClusterControl& /*control*/, const ClusterView& /*view*/) {}
  // A spot instance will be taken back at `at` (the cloud's two-minute notice).
  virtual void on_interruption_notice(InstanceId /*id*/, SimTime /*at*/, ClusterControl& /*control*/,
                                      const ClusterView& /*view*/) {}
  // The instance is stopped or was taken back; its replicas are gone.
  virtual void on_instance_gone(InstanceId /*id*/, ClusterControl& /*control*/, const ClusterView& /*view*/) {}
  // An offline job was submitted: all its inputs are now in its backlog
  // (ClusterView::offline_backlog). They reach a replica only when the policy
  // dispatches them (ClusterControl::dispatch_offline), now or on a later
  // tick, so a policy that holds them back (INFaaS' throttle) simply waits.
  // The default leaves them in the backlog: unfinished at the end.
  virtual void on_offline_submitted(OfflineJobId /*job*/, ClusterControl& /*control*/, const ClusterView& /*view*/) {}
  // At the end of the run: the policy's own counters (summary.json's "policy"
  // object; the engine adds every policy's control actions by kind itself).
  virtual void report(PolicyCounters& /*out*/) const {}
};

}  // namespace servesim
