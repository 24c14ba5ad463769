#pragma once
// MArk (ATC'19) section 5.1's baseline, SageMaker hosting: each application
// is one endpoint of its own (sagemaker_endpoint.hpp: one instance type, one
// query at a time per instance, round robin, AWS target tracking), with its
// own instance type, instances and tracking. Every 60 s (CloudWatch's
// one-minute datapoint) each endpoint takes its datapoint. Parameters:
// sagemaker_params.hpp. Counters: each endpoint's, prefixed app<i>_ when
// there are several (docs/policies.md, "What a policy reports").
#include <cstdint>
#include <vector>

#include "policies/policy.hpp"
#include "policies/sagemaker/sagemaker_endpoint.hpp"

namespace servesim::sagemaker {

class SagemakerPolicy final : public Policy {
 public:
  using Stats = SagemakerEndpoint::Stats;

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

  const SagemakerEndpoint& endpoint(AppId app = 0) const { return endpoints_.at(app); }
  const SagemakerParams& params(AppId app = 0) const { return endpoint(app).params(); }
  const Stats& stats(AppId app = 0) const { return endpoint(app).stats(); }
  std::uint32_t fleet_size(AppId app = 0) const { return endpoint(app).fleet_size(); }

 private:
  std::vector<SagemakerEndpoint> endpoints_;  // by AppId
};

}  // namespace servesim::sagemaker
