#include "sim/serving/batcher.hpp"

#include "sim/serving/aimd_batcher.hpp"
#include "sim/serving/artifact_accscale_batcher.hpp"
#include "sim/serving/artifact_aimd_batcher.hpp"
#include "sim/serving/greedy_batcher.hpp"
#include "sim/serving/idle_batcher.hpp"
#include "sim/serving/infaas_v2_batcher.hpp"
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
    case BatcherSpec::Kind::kArtifactAccscale:
      if (spec.never_serves) return std::make_unique<IdleBatcher>(/*drop_arrivals=*/false);
      return std::make_unique<ArtifactAccscaleBatcher>(spec.max_batch, spec.drop_at_twice_deadline);
    case BatcherSpec::Kind::kArtifactAimd:
      if (spec.never_serves) return std::make_unique<IdleBatcher>(/*drop_arrivals=*/true);
      return std::make_unique<ArtifactAimdBatcher>(spec.max_batch, spec.drop_at_twice_deadline);
    case BatcherSpec::Kind::kInfaasV2:
      return std::make_unique<InfaasV2Batcher>(spec.infaas_batch, spec.infaas_expiry, spec.infaas_timer_spent);
  }
  return nullptr;
}

std::string batcher_kind_name(BatcherSpec::Kind kind) {
  switch (kind) {
    case BatcherSpec::Kind::kGreedy: return "greedy";
    case BatcherSpec::Kind::kTimeout: return "timeout";
    case BatcherSpec::Kind::kProteus: return "proteus";
    case BatcherSpec::Kind::kAimd: return "aimd";
    case BatcherSpec::Kind::kNexus: return "nexus";
    case BatcherSpec::Kind::kMark: return "mark";
    case BatcherSpec::Kind::kArtifactAccscale: return "artifact_accscale";
    case BatcherSpec::Kind::kArtifactAimd: return "artifact_aimd";
    case BatcherSpec::Kind::kInfaasV2: return "infaas-v2";
  }
  return "unknown";
}

}  // namespace servesim
