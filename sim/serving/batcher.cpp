#include "sim/serving/batcher.hpp"

#include "sim/serving/greedy_batcher.hpp"
#include "sim/serving/timeout_batcher.hpp"

namespace servesim {

std::unique_ptr<Batcher> make_batcher(const BatcherSpec& spec) {
  switch (spec.kind) {
    case BatcherSpec::Kind::kGreedy:
      return std::make_unique<GreedyBatcher>();
    case BatcherSpec::Kind::kTimeout:
      return std::make_unique<TimeoutBatcher>(spec.max_batch, spec.timeout);
  }
  return nullptr;
}

std::string batcher_kind_name(BatcherSpec::Kind kind) {
  return kind == BatcherSpec::Kind::kGreedy ? "greedy" : "timeout";
}

}  // namespace servesim
