#pragma once
// `per-stage`: a single-model policy (mark, sagemaker, proteus, sommelier,
// clipper-ha, clipper-ht, infaas in any mode) applied to each stage of the
// scenario's pipelines, the end-to-end SLO split over the stages by a stated
// rule (stage_budgets.hpp). Issue 17 runs the single-model systems beside
// InferLine on its pipelines this way.
//
// The inner policy is built (policy_registry.hpp) with its own world
// (stage_world.hpp), where every (application, stage) is a single-model
// application with the stage's budget as its SLO, and with this policy's label,
// so that its random streams are those it would draw alone. It only ever sees
// that world: the wrapper translates
//   - route: a visit of (a, s) is routed as a query of the derived application
//     (a, s), stage 0, arriving now (its arrival at the stage) with the
//     deadline now + budget_s, the stage's, not the query's;
//   - the view (stage_view.hpp) and the actions (stage_control.hpp): a derived
//     application's stage 0 is the real stage; outcomes are the real
//     application's, end to end (the approximation a stage cannot avoid);
//   - the rest (notices, ticks, counters) is passed on as it is.
// Before the inner policy's start, every (a, s) gets its budget as its stage
// budget (ClusterControl::set_stage_budget), so the batchers form a stage's
// batches against its own deadline; drops and outcomes stay end to end.
#include <functional>
#include <memory>

#include "policies/per_stage/per_stage_params.hpp"
#include "policies/per_stage/stage_applications.hpp"
#include "policies/per_stage/stage_control.hpp"
#include "policies/per_stage/stage_view.hpp"
#include "policies/policy.hpp"
#include "policies/policy_registry.hpp"
#include "sim/core/json_node.hpp"

namespace servesim::per_stage {

class PerStagePolicy final : public Policy {
 public:
  // Builds the inner policy from its name and params node in its own context:
  // the registry's make_policy, or a test's stand-in.
  using InnerFactory = std::function<std::unique_ptr<Policy>(const JsonNode& name, const JsonNode& params,
                                                             const PolicyContext& context)>;

  PerStagePolicy(const JsonNode& params, const PolicyContext& context, const InnerFactory& make_inner = make_policy);

  std::string_view name() const override { return "per-stage"; }
  void start(ClusterControl& control, const ClusterView& view) override;
  RouteDecision route(const RouteRequest& request, ClusterControl& control, const ClusterView& view) override;
  Duration tick_interval() const override { return inner_->tick_interval(); }
  void on_tick(ClusterControl& control, const ClusterView& view) override;
  void on_replica_ready(ReplicaId id, ClusterControl& control, const ClusterView& view) override;
  void on_instance_ready(InstanceId id, ClusterControl& control, const ClusterView& view) override;
  void on_interruption_notice(InstanceId id, SimTime at, ClusterControl& control, const ClusterView& view) override;
  void on_instance_gone(InstanceId id, ClusterControl& control, const ClusterView& view) override;
  void on_offline_submitted(OfflineJobId job, ClusterControl& control, const ClusterView& view) override;
  void report(PolicyCounters& out) const override { inner_->report(out); }

  // The world the inner policy was built with.
  const PolicyWorld& inner_world() const { return *world_; }

 private:
  // Calls f(control, view) on the inner policy with the translating wrappers.
  template <class F>
  void inner_call(ClusterControl& control, const ClusterView& view, F&& f);

  StageApplications stages_;
  std::unique_ptr<const PolicyWorld> world_;  // the inner policy's, which refers to it
  StageControl control_;  // what the inner policy acts through, for the whole run
  StageView view_;        // what it sees
  std::unique_ptr<Policy> inner_;
};

}  // namespace servesim::per_stage
