#include "sim/serving/batchers/batcher_registry.hpp"

#include "sim/serving/batchers/aimd_batcher.hpp"
#include "sim/serving/batchers/greedy_batcher.hpp"
#include "sim/serving/batchers/mark_batch_tuning.hpp"
#include "sim/serving/batchers/nexus_batcher.hpp"
#include "sim/serving/batchers/proteus_batcher.hpp"
#include "sim/serving/batchers/timeout_batcher.hpp"

namespace servesim {

std::vector<BatcherKind> engine_batcher_kinds() {
  return {greedy_batcher_kind(), timeout_batcher_kind(), proteus_batcher_kind(),
          nexus_batcher_kind(),  aimd_batcher_kind(),    mark_batcher_kind()};
}

}  // namespace servesim
