#pragma once
// MArk (Zhang et al., ATC'19) as a policy: every application is a model MArk
// serves on its own (served_model.hpp), with the parameters of
// mark_params.hpp. "market": "spot" is MArk-spot (section 4.5); the
// ablation switches lambda, slo_monitor, standby and gpu turn one mechanism
// off each.
//
// The predictor is built before the run from the application's history
// (applications[i].history): the LSTM is trained on its samples once per run
// and shared by every policy of the run that asks for the same model
// (an entry of PolicyContext::cache), so MArk-ondemand and MArk-spot plan on the
// same network. Its initial weights come from the stream
// "mark-lstm/<application>", which does not depend on the policy's label.
#include <memory>
#include <vector>

#include "policies/mark/served_model.hpp"
#include "policies/policy.hpp"
#include "sim/core/json_node.hpp"

namespace servesim {

class MarkPolicy final : public Policy {
 public:
  MarkPolicy(const JsonNode& params, const PolicyContext& context);

  std::string_view name() const override { return "mark"; }
  void start(ClusterControl& control, const ClusterView& view) override;
  RouteDecision route(const RouteRequest& request, ClusterControl& control, const ClusterView& view) override;
  Duration tick_interval() const override { return tick_; }
  void on_tick(ClusterControl& control, const ClusterView& view) override;
  void on_replica_ready(ReplicaId id, ClusterControl& control, const ClusterView& view) override;
  void on_interruption_notice(InstanceId id, SimTime at, ClusterControl& control, const ClusterView& view) override;
  void on_instance_gone(InstanceId id, ClusterControl& control, const ClusterView& view) override;
  void report(PolicyCounters& out) const override;

 private:
  Duration tick_;  // Ps
  std::vector<std::unique_ptr<mark::ServedModel>> models_;  // by AppId
};

}  // namespace servesim
