#pragma once
// A batcher as a scenario writes it, for any policy that takes one:
//   {"kind": "greedy", "max_batch": 8}
//   {"kind": "timeout", "max_batch": 8, "timeout_ms": 5}
// max_batch defaults to the variant's maximum on the device.
#include "sim/core/json_node.hpp"
#include "sim/serving/batcher.hpp"

namespace servesim {

BatcherSpec parse_batcher(const JsonNode& node);

}  // namespace servesim
