#include "policies/sagemaker/sagemaker_policy.hpp"

#include <string>

namespace servesim::sagemaker {

SagemakerPolicy::SagemakerPolicy(const JsonNode& params, const PolicyContext& context) {
  for (SagemakerParams& p : parse_sagemaker_params(params, context.world, !context.check_only)) endpoints_.emplace_back(p, params.where());
}

void SagemakerPolicy::start(ClusterControl& control, const ClusterView& view) {
  for (SagemakerEndpoint& e : endpoints_) e.start(control, view);
}

RouteDecision SagemakerPolicy::route(const RouteRequest& request, ClusterControl& /*control*/,
                                     const ClusterView& view) {
  return endpoints_[request.app].route(view);
}

void SagemakerPolicy::on_tick(ClusterControl& control, const ClusterView& view) {
  for (SagemakerEndpoint& e : endpoints_) e.on_datapoint(control, view);
}

void SagemakerPolicy::on_replica_ready(ReplicaId, ClusterControl&, const ClusterView& view) {
  for (SagemakerEndpoint& e : endpoints_) e.on_replica_ready(view);
}

void SagemakerPolicy::on_interruption_notice(InstanceId id, SimTime, ClusterControl& control,
                                             const ClusterView& view) {
  for (SagemakerEndpoint& e : endpoints_) e.on_interruption_notice(id, control, view);
}

void SagemakerPolicy::on_instance_gone(InstanceId id, ClusterControl& control, const ClusterView& view) {
  for (SagemakerEndpoint& e : endpoints_) e.on_instance_gone(id, control, view);
}

void SagemakerPolicy::report(PolicyCounters& out) const {
  for (std::size_t a = 0; a < endpoints_.size(); ++a) {
    endpoints_[a].report(out, endpoints_.size() == 1 ? "" : "app" + std::to_string(a) + "_");
  }
}

}  // namespace servesim::sagemaker
