#pragma once
// A batcher as a scenario writes it, for any policy that takes one:
//   {"kind": "greedy", "max_batch": 8}
//   {"kind": "timeout", "max_batch": 8, "timeout_ms": 5}
//   {"kind": "proteus", "max_batch": 8}           max_batch is B*
//   {"kind": "nexus", "max_batch": 8}             max_batch is B*
//   {"kind": "aimd", "initial": 1, "step": 1, "decrease": 0.9}
//   {"kind": "mark", "slo_ms": 100}               Nbatch, Wbatch from MArk's rule
//   {"kind": "artifact_accscale", "max_batch": 8, "drop_at_twice_deadline": true}
//   {"kind": "artifact_aimd", "max_batch": 8}     the Proteus artifact's batching
// max_batch (every kind) defaults to the variant's maximum on the device.
// Each kind reads its own keys (batcher_kind.hpp); unknown keys, and keys of
// another kind, are errors. docs/batchers.md has the rules.
#include <vector>

#include "sim/core/json_node.hpp"
#include "sim/serving/batchers/batcher.hpp"
#include "sim/serving/batchers/batcher_kind.hpp"

namespace servesim {

// Every batcher a scenario may name: the engine's, then the policies' own.
std::vector<BatcherKind> batcher_kinds();

BatcherSpec parse_batcher(const JsonNode& node);

}  // namespace servesim
