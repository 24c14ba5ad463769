#pragma once
// InferLine (SoCC'20) on a fixed cluster: per application, the Planner
// (section 4: Algorithms 1 and 2 on the Estimator over the sample trace)
// picks each stage's hardware, batch and replicas; the stages are served from
// central batched queues (one replica per device, greedy batches up to the
// planned b); the Tuner (section 5) adds replicas when the live arrivals
// break the sample's traffic envelope and removes them, conservatively, when
// the load has fallen. With "tuner": "autoscale" the coarse-grained
// baselines' AutoScale rule (section 6) scales the whole plan as one unit
// instead. Parameters: inferline_params.hpp.
#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <vector>

#include "policies/inferline/inferline_params.hpp"
#include "policies/inferline/live_envelope.hpp"
#include "policies/inferline/plan_inputs.hpp"
#include "policies/inferline/planner.hpp"
#include "policies/inferline/recent_arrivals.hpp"
#include "policies/inferline/stage_replicas.hpp"
#include "policies/inferline/traffic_envelope.hpp"
#include "policies/inferline/tuner_rules.hpp"
#include "policies/inferline/unit_autoscaler.hpp"
#include "policies/policy.hpp"

namespace servesim::inferline {

class InferlinePolicy final : public Policy {
 public:
  struct Stats {
    double planned_cost_per_hour = 0;  // the plans' replicas x prices, all applications
    std::uint64_t estimator_calls = 0;
    // The Estimator's P99 of the deployed plan on its planning trace (the
    // largest over applications), to set beside the run's (Fig. 8).
    double estimated_p99_ms = 0;
    std::uint64_t replicas_added = 0;    // by the Tuner
    std::uint64_t replicas_removed = 0;  // by the Tuner
    std::uint64_t scale_ups = 0;
    std::uint64_t scale_downs = 0;
    std::uint64_t no_free_device = 0;  // replicas the Tuner wanted and found no device for
    std::uint64_t replans = 0;         // re-plans deployed ("replan_interval_s")
    std::uint64_t replans_failed = 0;  // re-plans that found no plan meeting the SLO (the old one stays)
  };

  InferlinePolicy(const JsonNode& params, const PolicyContext& context);

  std::string_view name() const override { return "inferline"; }
  void start(ClusterControl& control, const ClusterView& view) override;
  RouteDecision route(const RouteRequest& request, ClusterControl& control, const ClusterView& view) override;
  Duration tick_interval() const override;
  void on_tick(ClusterControl& control, const ClusterView& view) override;
  void report(PolicyCounters& out) const override;

  const Stats& stats() const { return stats_; }

 private:
  // A plan and what it was made from.
  struct Planned {
    PlanResult result;
    PlanInputs inputs;
  };
  struct AppDeployment {
    std::vector<StageReplicas> stages;       // by StageId
    std::vector<StageReplicas> retiring;     // a re-plan's old stages, until the new ones are loaded
    std::deque<SimTime> recorded;            // entry arrivals, for re-planning (the last sample_size)
    SimTime planned_at;
    std::vector<StageProvision> provisions;  // by StageId
    TrafficEnvelope envelope;
    RecentArrivals live;
    LiveEnvelope live_envelope;  // "envelope_check": "continuous", same widths as `envelope`
    double lowest_ratio = 1;  // rho_p
    SimTime last_change;
    std::optional<UnitAutoscaler> autoscaler;  // "tuner": "autoscale"
  };

  void plan_application(AppId app, ClusterControl& control, const ClusterView& view);
  std::optional<Planned> plan_on(AppId app, PlanInputs inputs);
  void install(AppId app, const Planned& planned, ClusterControl& control, const ClusterView& view);
  double scale_down_ratio() const;
  void replan(AppId app, ClusterControl& control, const ClusterView& view);
  void retire_when_loaded(AppId app, ClusterControl& control, const ClusterView& view);
  bool replanning() const { return !params_.replan_interval.is_infinite(); }
  void tune(AppId app, ClusterControl& control, const ClusterView& view);
  std::optional<double> rate_above_sample(AppDeployment& d, SimTime now);
  bool continuous_envelope() const {
    return params_.tuner == TunerMode::kInferline && params_.envelope_check == EnvelopeCheck::kContinuous;
  }
  void autoscale(AppId app, ClusterControl& control, const ClusterView& view);
  bool scale_to(AppId app, StageId stage, std::uint32_t target, ClusterControl& control, const ClusterView& view);

  InferlineParams params_;
  const PolicyWorld& world_;
  std::shared_ptr<const ArrivalOracle> oracle_;  // with "planning": "oracle" only
  std::uint64_t seed_;
  std::string where_;
  // Built for `servesim validate`: start checks, it does not plan.
  bool check_only_ = false;
  std::vector<AppDeployment> apps_;
  Stats stats_;
};

}  // namespace servesim::inferline
