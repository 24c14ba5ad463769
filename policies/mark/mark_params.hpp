#pragma once
// The `mark` policy's parameters (MArk, ATC'19, sections 4.1-4.5), read from
// a scenario's policies[i].params. Every key is optional and declared once in
// param_table() (mark_params.cpp): its range, its default (the structs'
// below: the paper's, with the public code's choice offered where the two
// differ) and its help; `servesim list policies mark` prints them. Errors are
// one InputError naming the field.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "policies/mark/planner_inputs.hpp"
#include "policies/param_table.hpp"
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

// The parameters' table (the defaults are MarkParams{}'s).
const ParamTable& param_table();

MarkParams parse_mark_params(const JsonNode& params, const HardwareCatalog& hardware);

}  // namespace servesim::mark
