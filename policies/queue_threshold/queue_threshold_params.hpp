#pragma once
// The `queue-threshold` policy's parameters (docs/adding_a_policy.md walks
// through them), declared once in param_table() (queue_threshold_params.cpp):
// each key's range, default and help; `servesim list policies
// queue-threshold` prints them.
#include <cstdint>

#include "policies/param_table.hpp"

#include "sim/cluster/instance.hpp"
#include "sim/core/json_node.hpp"
#include "sim/core/time.hpp"
#include "sim/serving/simulation_config.hpp"

namespace servesim::queue_threshold {

struct QueueThresholdParams {
  InstanceTypeId instance_type = 0;
  Market market = Market::kOnDemand;
  std::uint32_t initial_instances = 1;
  std::uint32_t min_instances = 1;
  std::uint32_t max_instances = 100;
  double scale_up_queue = 4;
  double scale_down_queue = 0.5;
  std::uint32_t scale_down_ticks = 6;
  Duration tick = from_seconds(10);
};

// The parameters' table (the defaults are the struct's).
const ParamTable& param_table();

// Throws InputError naming the field.
QueueThresholdParams parse_queue_threshold_params(const JsonNode& params, const PolicyWorld& world);

}  // namespace servesim::queue_threshold
