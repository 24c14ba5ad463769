#pragma once
// What MArk's instance planner (Zhang et al., ATC'19, section 4.3, Algorithm
// 1) is given, and the checks that say which inputs it accepts. The planner
// itself is in instance_planner.hpp; this file has no algorithm.
//
// Units: a forecast F_t and a capacity C_i are rates in requests per minute
// (MArk's [Pu, Pw, Ps] = [1 min, 60, 5 s], section 4.2: F_t is the largest
// rate predicted in step t); prices are $ per hour. Section 4.3 gives C_i
// "requests per hour" against F per step; one unit for both is what the
// comparison L_t = F_t - C_sum needs.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

#include "sim/cluster/instance.hpp"
#include "sim/core/time.hpp"

namespace servesim::mark {

// One candidate instance type, as MArk profiles it offline (section 4.3,
// "Batching"): a black box serving C_i requests per minute within RT_max with
// its tuned (N_batch, W_batch). The instance serves on all its serving
// devices (policies/serving_device.hpp), one replica on each: C_i is theirs
// together, and each replica has its share of it.
struct InstanceTypeOption {
  std::string name;                   // for messages only
  double price_per_hour = 0;          // P_i: the current on-demand or spot price
  double capacity_per_minute = 0;     // C_i, the whole instance's
  std::uint32_t n_batch = 1;          // N_batch, of each replica
  Duration w_batch;                   // W_batch
  Duration batch_latency;             // T_N: the latency of a batch of N_batch
  Duration launch_delay;              // boot + model load: the paper's O_i is P_i x this
  std::uint32_t replicas = 1;         // one per serving device

  // One replica's share of C_i: its weight at the front end.
  double replica_capacity_per_minute() const { return capacity_per_minute / replicas; }
};

// A running or booting instance: Algorithm 1's R, each a candidate with zero
// launch overhead that can be kept once.
struct RunningInstance {
  InstanceId id = 0;        // the caller's
  std::size_t type = 0;     // index into the candidate types
  bool booting = false;
};

// O_i, the "cost due to the instance provisioning latency" (section 4.3).
enum class LaunchOverheadRule : std::uint8_t {
  kLaunchDelay,     // the paper: P_i x (boot + model load), the type's launch_delay
  kPublicCode180s,  // MArk public code, modules/scheduler.py: 180 s of P_i for every type
};

// Which step's shortfall FILL must cover.
enum class TargetStepRule : std::uint8_t {
  kTau,                    // the paper: step tau (section 4.3, "tau is set to 5 minutes")
  kLargestOfFirstSteps,    // MArk public code, modules/proactive_controller2.py
                           // (STEP_AHEAD = 6): the step of the largest shortfall
                           // among the first 6 (the first such step on ties)
};

inline constexpr Duration kPublicCodeLaunchOverhead{180'000'000'000};  // 180 s
inline constexpr std::size_t kPublicCodeLookAheadSteps = 6;

struct PlannerParams {
  std::size_t tau_steps = 5;                 // section 4.3; 1-based, within the forecast
  Duration step{60'000'000'000};             // Pu, 1 min (section 4.2)
  Duration rt_max;                           // RT_max, the SLO's response-time threshold (section 4.1)
  LaunchOverheadRule overhead = LaunchOverheadRule::kLaunchDelay;
  TargetStepRule target = TargetStepRule::kTau;
  std::string where = "mark planner";        // prefix of InputError locations, e.g. "s.json: policies[0].params"
};

// Each throws InputError at "<where>.<field>" naming what was expected.
// tau_steps in 1..forecast_steps; step and rt_max positive.
void validate_planner_params(const PlannerParams& params, std::size_t forecast_steps);
// Not empty; every entry finite, at least 0.
void validate_forecast(std::span<const double> forecast, const std::string& where);
// Not empty; capacity positive, price at least 0 (both finite), n_batch and
// replicas at least 1, times not negative.
void validate_instance_types(std::span<const InstanceTypeOption> types, const std::string& where);

// A running instance naming a type that is not in the list is the caller's
// bug, not the user's: InvariantError.
void check_running_instances(std::span<const RunningInstance> running, std::size_t type_count);

}  // namespace servesim::mark
