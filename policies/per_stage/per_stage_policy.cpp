#include "policies/per_stage/per_stage_policy.hpp"

#include <nlohmann/json.hpp>

#include "policies/per_stage/stage_world.hpp"

namespace servesim::per_stage {

PerStagePolicy::PerStagePolicy(const JsonNode& params, const PolicyContext& context, const InnerFactory& make_inner)
    : stages_(context.world, parse_per_stage_params(params).split),
      world_(std::make_unique<const PolicyWorld>(stage_world(context.world, stages_))),
      control_(stages_),
      view_(stages_, world_->applications) {
  std::shared_ptr<const ArrivalOracle> inner_oracle;
  if (context.oracle) {
    inner_oracle = std::make_shared<const ArrivalOracle>(stage_oracle(*context.oracle, context.world, stages_));
  }
  const PolicyContext inner_context{*world_,          context.seed,  context.label,      context.base_dir,
                                    context.cache,    context.check_only, std::move(inner_oracle)};
  // The inner params node, so that its errors name policies[i].params.params.<key>.
  const nlohmann::json no_params = nlohmann::json::object();
  const JsonNode inner_params =
      params.has("params") ? params.at("params")
                           : JsonNode(no_params, params.file(), params.path() + ".params", params.observer());
  inner_ = make_inner(params.at("policy"), inner_params, inner_context);
}

template <class F>
void PerStagePolicy::inner_call(ClusterControl& control, const ClusterView& view, F&& f) {
  control_.bind(control);
  view_.bind(view);
  f(control_, view_);
}

void PerStagePolicy::start(ClusterControl& control, const ClusterView& view) {
  for (AppId d = 0; d < stages_.size(); ++d) {
    const StageApplication& s = stages_.real(d);
    control.set_stage_budget(s.app, s.stage, s.budget);
  }
  inner_call(control, view, [&](ClusterControl& c, const ClusterView& v) { inner_->start(c, v); });
}

RouteDecision PerStagePolicy::route(const RouteRequest& request, ClusterControl& control, const ClusterView& view) {
  const AppId d = stages_.derived(request.app, request.stage);
  const SimTime now = view.now();
  const RouteRequest visit{request.query, d, 0, request.family, now, now + stages_.real(d).budget};
  RouteDecision decision;
  inner_call(control, view, [&](ClusterControl& c, const ClusterView& v) { decision = inner_->route(visit, c, v); });
  return decision;
}

void PerStagePolicy::on_tick(ClusterControl& control, const ClusterView& view) {
  inner_call(control, view, [&](ClusterControl& c, const ClusterView& v) { inner_->on_tick(c, v); });
}

void PerStagePolicy::on_replica_ready(ReplicaId id, ClusterControl& control, const ClusterView& view) {
  inner_call(control, view, [&](ClusterControl& c, const ClusterView& v) { inner_->on_replica_ready(id, c, v); });
}

void PerStagePolicy::on_instance_ready(InstanceId id, ClusterControl& control, const ClusterView& view) {
  inner_call(control, view, [&](ClusterControl& c, const ClusterView& v) { inner_->on_instance_ready(id, c, v); });
}

void PerStagePolicy::on_interruption_notice(InstanceId id, SimTime at, ClusterControl& control,
                                            const ClusterView& view) {
  inner_call(control, view,
             [&](ClusterControl& c, const ClusterView& v) { inner_->on_interruption_notice(id, at, c, v); });
}

void PerStagePolicy::on_instance_gone(InstanceId id, ClusterControl& control, const ClusterView& view) {
  inner_call(control, view, [&](ClusterControl& c, const ClusterView& v) { inner_->on_instance_gone(id, c, v); });
}

void PerStagePolicy::on_offline_submitted(OfflineJobId job, ClusterControl& control, const ClusterView& view) {
  inner_call(control, view, [&](ClusterControl& c, const ClusterView& v) { inner_->on_offline_submitted(job, c, v); });
}

}  // namespace servesim::per_stage
