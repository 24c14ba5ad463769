#include "policies/proteus/artifact_batcher_plugin.hpp"

#include "policies/proteus/artifact_accscale_batcher.hpp"
#include "policies/proteus/artifact_aimd_batcher.hpp"
#include "policies/proteus/idle_batcher.hpp"

namespace servesim {

std::string ArtifactBatcherPlugin::name() const {
  return batching_ == ArtifactBatching::kAccscale ? "artifact_accscale" : "artifact_aimd";
}

std::unique_ptr<Batcher> ArtifactBatcherPlugin::make(std::uint32_t max_batch) const {
  const bool accscale = batching_ == ArtifactBatching::kAccscale;
  // Under accscale an idle predictor's queries wait for good; under aimd its
  // enqueue_request drops each one (idle_batcher.hpp).
  if (never_serves_) return std::make_unique<IdleBatcher>(/*drop_arrivals=*/!accscale);
  if (accscale) return std::make_unique<ArtifactAccscaleBatcher>(max_batch, drop_at_twice_deadline_);
  return std::make_unique<ArtifactAimdBatcher>(max_batch, drop_at_twice_deadline_);
}

BatcherSpec artifact_batcher(ArtifactBatching batching, std::uint32_t max_batch, bool drop_at_twice_deadline,
                             bool never_serves) {
  return {max_batch, std::make_shared<const ArtifactBatcherPlugin>(batching, drop_at_twice_deadline, never_serves)};
}

BatcherKind artifact_batcher_kind(ArtifactBatching batching) {
  if (batching == ArtifactBatching::kAccscale) {
    return {"artifact_accscale", "Proteus/Sommelier batching as the Proteus artifact's simulator runs it",
            {"drop_at_twice_deadline"}, [](const JsonNode& node, std::uint32_t max_batch) {
              return artifact_batcher(ArtifactBatching::kAccscale, max_batch,
                                      node.boolean_or("drop_at_twice_deadline", true));
            }};
  }
  return {"artifact_aimd", "Clipper AIMD batching as the Proteus artifact's simulator runs it",
          {"drop_at_twice_deadline"}, [](const JsonNode& node, std::uint32_t max_batch) {
            return artifact_batcher(ArtifactBatching::kAimd, max_batch, node.boolean_or("drop_at_twice_deadline", true));
          }};
}

}  // namespace servesim
