#pragma once
// The engine's batchers by name, in the order `servesim list batchers` prints
// them: greedy, timeout, proteus, nexus, aimd, mark. A policy's own batchers
// join them where the scenario's batchers are read (policies/batcher_params.hpp).
#include <vector>

#include "sim/serving/batchers/batcher_kind.hpp"

namespace servesim {

std::vector<BatcherKind> engine_batcher_kinds();

}  // namespace servesim
