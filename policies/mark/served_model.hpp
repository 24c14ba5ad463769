#pragma once
// MArk serving one model (ATC'19, sections 4.1-4.5): its load is sampled
// every Ps and forecast every Pu (section 4.2), Algorithm 1 provisions
// instances for the forecast (4.3) with the cool-down of plan_cooldown.hpp,
// the front end spreads requests by capacity and sends to Lambda those an
// instance would serve late (4.1), the SLO monitor launches instances when
// the last requests miss the SLO (4.4), and under spot a noticed instance
// leaves the plan at once while stopped burstables and warmed Lambda
// containers bridge the gap (4.5).
//
// Each instance runs one replica of the model per serving device (an
// inf1.xlarge's four neuroncores, a c5's one CPU; policies/serving_device.hpp)
// with its type's tuned (N_batch, W_batch) on a timeout batcher (section 4.3:
// "MArk waits until either the batch is full or the timeout is reached"). The
// instance is the unit the plan, the SLO monitor, spot notices and standbys
// launch, count and stop, at its type's C_i; the replica is the unit the
// front end routes to, at its share of C_i.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "policies/mark/batch_manager.hpp"
#include "policies/mark/forecast_error.hpp"
#include "policies/mark/instance_options.hpp"
#include "policies/mark/load_predictor.hpp"
#include "policies/mark/load_samples.hpp"
#include "policies/mark/mark_params.hpp"
#include "policies/mark/mark_router.hpp"
#include "policies/mark/plan_cooldown.hpp"
#include "policies/mark/slo_monitor.hpp"
#include "policies/mark/standby_pool.hpp"
#include "sim/metrics/policy_counters.hpp"
#include "sim/serving/controller.hpp"
#include "sim/serving/simulation_config.hpp"

namespace servesim::mark {

// What one model's MArk is given.
struct ServedModelSetup {
  AppId app = 0;
  VariantId variant = 0;
  Duration rt_max;                           // the application's SLO
  MarkParams params;                         // instance_types: the candidates S
  std::optional<std::uint32_t> lambda;       // its Lambda function; none: no Lambda
  Duration lambda_latency;                   // one request's, warm
  std::string where;                         // the params' location, for errors
};

class ServedModel {
 public:
  ServedModel(ServedModelSetup setup, const PolicyWorld& world, std::unique_ptr<LoadPredictor> predictor);

  // Places the plan for the forecast from the history, warm.
  void start(ClusterControl& control, const ClusterView& view);
  RouteDecision route(const RouteRequest& request, const ClusterView& view);
  void on_tick(ClusterControl& control, const ClusterView& view);  // every Ps
  void on_replica_ready(const ClusterView& view) { refresh_router(view); }
  void on_interruption_notice(InstanceId id, ClusterControl& control, const ClusterView& view);
  void on_instance_gone(InstanceId id, const ClusterView& view);
  // Counters, each name prefixed by `prefix`.
  void report(PolicyCounters& out, const std::string& prefix) const;

 private:
  enum class Role : std::uint8_t { kRegular, kStandby };
  struct Member {
    InstanceId instance = 0;
    std::size_t option = 0;  // into options_ (the standby's is the last)
    Role role = Role::kRegular;
    std::vector<ReplicaId> replicas;  // one per serving device
    bool noticed = false;   // its interruption notice came: out of R
    bool stopping = false;  // MArk stopped it; it drains
  };

  struct Placement {
    std::optional<ReplicaId> replica;
    bool admitted = false;
  };
  // The front end's choice for a request arriving now (mark_params.hpp's front_end).
  Placement place_request(const ClusterView& view);
  std::size_t monitor_option(const PolicyWorld& world) const;
  void plan(ClusterControl& control, const ClusterView& view);
  void reprice(const ClusterView& view);
  void launch(std::size_t option, Role role, ClusterControl& control, const ClusterView& view);
  void stop(InstanceId id, ClusterControl& control);
  void check_slo(ClusterControl& control, const ClusterView& view);
  void stop_standbys_if_covered(ClusterControl& control, const ClusterView& view);
  void prewarm_lambda(double lost_per_minute, ClusterControl& control);
  void refresh_router(const ClusterView& view);
  double ready_regular_capacity(const ClusterView& view) const;
  Member* find(InstanceId id);
  std::size_t candidate_count() const { return candidates_.options.size(); }

  ServedModelSetup setup_;
  InstanceOptions candidates_;                  // S, one option per type
  std::optional<InstanceTypeOption> standby_;   // the burstable standby's
  std::vector<InstanceTypeOption> options_;     // S then the standby
  std::vector<InstanceTypeId> option_types_;
  std::optional<std::size_t> monitor_option_;   // T among S
  PlannerParams planner_;
  std::unique_ptr<LoadPredictor> predictor_;
  LoadSampler sampler_;
  std::vector<double> forecast_;
  ForecastError error_;
  PlanCooldown cooldown_;
  SloMonitor monitor_;
  FinishedQueries seen_;
  StandbyPool standbys_;
  MarkRouter router_;      // front_end "per_instance"
  BatchManager batches_;   // front_end "batch_manager"
  std::vector<Member> members_;
  double planned_capacity_ = 0;  // per minute, of the last plan

  struct Counts {
    std::uint64_t plans = 0, launched = 0, stopped = 0, peak = 0, lambda_routed = 0, prewarm_pings = 0,
                  monitor_triggers = 0, notices = 0, standbys_resumed = 0, standbys_stopped = 0;
    std::vector<std::uint64_t> launched_by_option;
  } counts_;
};

}  // namespace servesim::mark
