#pragma once
// InferLine's coarse-grained baselines (SoCC'20, section 6), `cg-mean` and
// `cg-peak`, on a fixed cluster. Per application the pipeline is one black
// box: every stage serves its family's most accurate variant on the
// hardware InferLine's Initialize picks (its lowest-latency device type
// among the cluster's), all stages at one batch B, the largest power of two
// whose critical path meets the SLO ("the single maximum batch size capable
// of meeting the SLO"); the pipeline is replicated in units of one replica
// per stage, as many as the planning trace's rate needs: its mean (CG-Mean)
// or its peak over a sliding window as wide as the SLO (CG-Peak). Served as
// InferLine serves (one replica per device, greedy batches up to B, central
// queues per stage); tuned every second by AutoScale (Gandhi et al.,
// TOCS'12), the paper's "scaling algorithm introduced in [12]".
// The plan's arithmetic: policies/inferline/coarse_grained_plan.hpp;
// parameters: coarse_params.hpp.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "policies/arrival_oracle.hpp"
#include "policies/coarse/coarse_params.hpp"
#include "policies/inferline/stage_replicas.hpp"
#include "policies/inferline/unit_autoscaler.hpp"
#include "policies/policy.hpp"

namespace servesim::coarse {

// The rate a plan provisions for: CG-Mean's or CG-Peak's.
enum class ProvisionFor : std::uint8_t { kMean, kPeak };

class CoarseGrainedPolicy final : public Policy {
 public:
  // One application's figures (report() prefixes them `app<i>_` when the
  // scenario has several applications).
  struct Stats {
    double planned_cost_per_hour = 0;  // units_planned x the unit's price
    std::uint32_t batch = 0;           // B
    std::uint32_t units_planned = 0;
    std::uint64_t units_added = 0;    // by AutoScale
    std::uint64_t units_removed = 0;  // by AutoScale
    // Units AutoScale wanted and could not complete for want of a free
    // device, counted at every step that fell short.
    std::uint64_t no_free_device = 0;
    std::uint32_t peak_units = 0;  // the most complete units at once
  };

  CoarseGrainedPolicy(const JsonNode& params, const PolicyContext& context, ProvisionFor rate);

  std::string_view name() const override { return rate_ == ProvisionFor::kPeak ? "cg-peak" : "cg-mean"; }
  void start(ClusterControl& control, const ClusterView& view) override;
  RouteDecision route(const RouteRequest& request, ClusterControl& control, const ClusterView& view) override;
  Duration tick_interval() const override;
  void on_tick(ClusterControl& control, const ClusterView& view) override;
  void report(PolicyCounters& out) const override;

  const Stats& stats(AppId app = 0) const { return apps_.at(app).stats; }

 private:
  struct AppDeployment {
    std::vector<inferline::StageReplicas> stages;  // by StageId
    std::optional<inferline::UnitAutoscaler> autoscaler;
    Stats stats;
  };

  // Plans the application and deploys its units (section 6).
  AppDeployment deploy(AppId app, ClusterControl& control, const ClusterView& view);

  CoarseParams params_;
  ProvisionFor rate_;
  const PolicyWorld& world_;
  std::shared_ptr<const ArrivalOracle> oracle_;  // with "planning": "oracle" only
  std::string where_;
  // Built for `servesim validate`: start checks, it does not plan.
  bool check_only_ = false;
  std::vector<AppDeployment> apps_;
};

}  // namespace servesim::coarse
