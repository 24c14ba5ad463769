#pragma once
// The `mark` policy's parameters (MArk, ATC'19, sections 4.1-4.5), read from
// a scenario's policies[i].params. Every key is optional; defaults are the
// paper's, with the public code's choice offered where the two differ:
//
//   "predictor": "lstm", "prediction_window": 60, "sample_window_s": 5,
//   "prediction_unit_s": 60, "moving_average_k": 15, "running_max_factor": 1.2,
//   "lstm_units": 32, "lstm_epochs": 50, "lstm_learning_rate": 0.001, ...
//                                   (predictor_settings.hpp, section 4.2)
//   "tau_steps": 5,                  // section 4.3's look-ahead, 1..prediction_window
//   "launch_overhead": "paper",      // O_i = P_i x (boot + load); "public_code": 180 s of P_i
//   "target_step": "paper",          // step tau; "public_code": the largest of the first 6
//   "cooldown_plans": 6,             // a running instance goes when none of the last 6 plans kept it
//   "instance_types": [...],         // S; default every c5 and m5 size and p2.xlarge (section 5.1);
//                                    // with several applications each uses those its model runs on
//   "batching": "paper",             // section 5.1's pairs where they fit, section 4.3's rule elsewhere;
//                                    // "tuned": the rule everywhere
//   "front_end": "batch_manager",    // section 4.1's Batch Manager (batch_manager.hpp); "per_instance":
//                                    // a queue per instance fed request by request (a departure)
//   "market": "on_demand",           // or "spot" (MArk-spot, section 4.5)
//   "service_level": 0.98,           // SL_min (section 5.1)
//   "slo_monitor_rule": "paper",     // the last M requests; "public_code": the EWMA (slo_monitor.hpp)
//   "slo_monitor_requests": 1000,    // M
//   "slo_monitor_instances": 1,      // L
//   "slo_monitor_type": "c5.large",  // T (section 4.4: "c5.large by default"); unnamed, c5.large
//                                    // if it serves the model within RT_max, else the cheapest
//                                    // candidate type that does
//   "slo_monitor_cooldown_s": 300,
//   "standby_type": "t2.medium", "standby_count": 10,  // section 4.5; the public code's pool
//   "lambda_function": "...",        // the scenario's Lambda function for this model
//   "lambda": true, "slo_monitor": true, "standby": true, "gpu": true  // ablations
//
// Errors are one InputError naming the field.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "policies/mark/planner_inputs.hpp"
#include "policies/mark/predictor_settings.hpp"
#include "policies/mark/slo_monitor.hpp"
#include "sim/cluster/hardware_catalog.hpp"
#include "sim/cluster/instance.hpp"
#include "sim/core/json_node.hpp"

namespace servesim::mark {

// Section 4.1's front end (batch_manager.hpp), or a queue per instance that
// the balancer feeds request by request with the Bouncer's per-instance bound
// (bouncer.hpp): servesim's earlier reading, kept to compare.
enum class FrontEnd : std::uint8_t { kBatchManager, kPerInstance };

enum class BatchingRule : std::uint8_t {
  kTuned,  // section 4.3's rule on the catalog's profiles (mark_batch_tuning.hpp)
  kPaper,  // section 5.1's p2.xlarge pairs where they meet RT_max
};

struct MarkAblations {
  bool lambda = true;       // the Bouncer sends late requests to Lambda
  bool slo_monitor = true;  // section 4.4
  bool standby = true;      // section 4.5's burstable standbys (spot only)
  bool gpu = true;          // p2 instances among the candidates
};

struct MarkParams {
  PredictorSettings predictor;
  std::size_t tau_steps = 5;
  LaunchOverheadRule overhead = LaunchOverheadRule::kLaunchDelay;
  TargetStepRule target = TargetStepRule::kTau;
  std::size_t cooldown_plans = 6;
  std::vector<InstanceTypeId> instance_types;
  BatchingRule batching = BatchingRule::kPaper;
  FrontEnd front_end = FrontEnd::kBatchManager;
  Market market = Market::kOnDemand;
  SloMonitorParams monitor;
  std::uint32_t monitor_instances = 1;
  std::optional<InstanceTypeId> monitor_type;  // T; empty: section 4.4's default (served_model.hpp)
  InstanceTypeId standby_type = 0;
  std::uint32_t standby_count = 10;
  std::optional<std::string> lambda_function;
  MarkAblations ablations;
};

// The instance types section 5.1 lets MArk choose from: every c5 and m5 size
// and p2.xlarge, those the hardware catalog has.
std::vector<InstanceTypeId> default_mark_instance_types(const HardwareCatalog& hardware);

MarkParams parse_mark_params(const JsonNode& params, const HardwareCatalog& hardware);

}  // namespace servesim::mark
