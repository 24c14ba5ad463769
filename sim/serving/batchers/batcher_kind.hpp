#pragma once
// A batcher as a scenario names it: {"kind": NAME, "max_batch": B, KEYS...}.
// Each batcher declares its own kind next to its code (its name, one line of
// help and the keys it reads) and parses them itself; batcher_registry.hpp
// lists the engine's, and a policy may add its own (the Proteus artifact's).
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "sim/core/json_node.hpp"
#include "sim/serving/batchers/batcher.hpp"

namespace servesim {

struct BatcherKind {
  std::string name;
  std::string description;        // one line, for `servesim list batchers`
  std::vector<std::string> keys;  // the keys it reads besides "kind" and "max_batch"
  // The spec from a node already checked for keys of other kinds, with the
  // node's max_batch (0 when absent).
  BatcherSpec (*parse)(const JsonNode& node, std::uint32_t max_batch);
};

// A batch count as a positive integer that fits a batch size without
// wrapping: far above any profiled batch, far below 2^32.
std::uint32_t batch_count_or(const JsonNode& node, std::string_view key, std::uint32_t fallback);

}  // namespace servesim
