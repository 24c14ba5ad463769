#include "sim/serving/batcher.hpp"

#include "sim/serving/aimd_batcher.hpp"
#include "sim/serving/greedy_batcher.hpp"
#include "sim/serving/mark_batch_tuning.hpp"
#include "sim/serving/nexus_batcher.hpp"
#include "sim/serving/proteus_batcher.hpp"
#include "sim/serving/timeout_batcher.hpp"

namespace servesim {

std::unique_ptr<Batcher> make_batcher(const BatcherSpec& spec) {
  switch (spec.kind) {
    case BatcherSpec::Kind::kGreedy:
      return std::make_unique<GreedyBatcher>();
    case BatcherSpec::Kind::kTimeout:
      return std::make_unique<TimeoutBatcher>(spec.max_batch, spec.timeout);
    case BatcherSpec::Kind::kProteus:
      return std::make_unique<ProteusBatcher>(spec.max_batch);
    case BatcherSpec::Kind::kAimd:
      return std::make_unique<AimdBatcher>(spec.max_batch, spec.aimd_initial, spec.aimd_step, spec.aimd_decrease);
    case BatcherSpec::Kind::kNexus:
      return std::make_unique<NexusBatcher>(spec.max_batch);
    case BatcherSpec::Kind::kMark:
      return std::make_unique<MarkBatcher>(spec.slo, spec.max_batch);
    case BatcherSpec::Kind::kPlugin:
      return spec.plugin->make(spec.max_batch);
  }
  return nullptr;
}

std::string batcher_name(const BatcherSpec& spec) {
  switch (spec.kind) {
    case BatcherSpec::Kind::kGreedy: return "greedy";
    case BatcherSpec::Kind::kTimeout: return "timeout";
    case BatcherSpec::Kind::kProteus: return "proteus";
    case BatcherSpec::Kind::kAimd: return "aimd";
    case BatcherSpec::Kind::kNexus: return "nexus";
    case BatcherSpec::Kind::kMark: return "mark";
    case BatcherSpec::Kind::kPlugin: return spec.plugin->name();
  }
  return "unknown";
}

}  // namespace servesim
