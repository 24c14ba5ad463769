#pragma once
// The `queue-threshold` policy's parameters (docs/adding_a_policy.md walks
// through them), all but "instance_type" optional:
//   "instance_type": the instance type every application's fleet runs on
//            (its serving devices hold a replica each, serving_device.hpp);
//   "market": "on_demand" (default) or "spot";
//   "initial_instances" (1), "min_instances" (1), "max_instances" (100):
//            per application, in [1, 10000], min <= initial <= max;
//   "scale_up_queue": queued queries per replica in service above which a
//            tick adds an instance (4, in [0.001, 1e6]);
//   "scale_down_queue": below which, for "scale_down_ticks" ticks in a row
//            (6, in [1, 1000000]), a tick removes one (0.5, less than
//            scale_up_queue);
//   "tick_s": how often it looks (10 s, in [0.001, 86400]).
#include <cstdint>

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

// Throws InputError naming the field.
QueueThresholdParams parse_queue_threshold_params(const JsonNode& params, const PolicyWorld& world);

}  // namespace servesim::queue_threshold
