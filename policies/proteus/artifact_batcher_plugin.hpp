#pragma once
// The Proteus artifact's batchers (artifact_accscale_batcher.hpp,
// artifact_aimd_batcher.hpp) as engine plug-ins (batcher.hpp's BatcherPlugin):
// the artifact flavour of the proteus policies uses them, and a scenario may
// name them ("artifact_accscale", "artifact_aimd"; policies/batcher_params.hpp).
#include <cstdint>
#include <memory>
#include <string>

#include "sim/serving/batchers/batcher.hpp"
#include "sim/serving/batchers/batcher_kind.hpp"

namespace servesim {

enum class ArtifactBatching : std::uint8_t { kAccscale, kAimd };

class ArtifactBatcherPlugin final : public BatcherPlugin {
 public:
  // drop_at_twice_deadline: drop queued queries more than twice their SLO old
  // when a batch starts (the artifact's drop_expired_requests: on for Proteus
  // and Clipper, off for Sommelier). never_serves: the artifact's B* of 0 (no
  // batch within half the SLO on that device), a replica that never serves
  // (idle_batcher.hpp).
  ArtifactBatcherPlugin(ArtifactBatching batching, bool drop_at_twice_deadline, bool never_serves)
      : batching_(batching), drop_at_twice_deadline_(drop_at_twice_deadline), never_serves_(never_serves) {}

  std::string name() const override;
  std::unique_ptr<Batcher> make(std::uint32_t max_batch) const override;

  ArtifactBatching batching() const { return batching_; }
  bool drop_at_twice_deadline() const { return drop_at_twice_deadline_; }
  bool never_serves() const { return never_serves_; }

 private:
  ArtifactBatching batching_;
  bool drop_at_twice_deadline_;
  bool never_serves_;
};

// A spec of the artifact's batcher with the given B*.
BatcherSpec artifact_batcher(ArtifactBatching batching, std::uint32_t max_batch, bool drop_at_twice_deadline,
                             bool never_serves = false);

// {"kind": "artifact_accscale" or "artifact_aimd", "max_batch": B*, "drop_at_twice_deadline": true}
BatcherKind artifact_batcher_kind(ArtifactBatching batching);

}  // namespace servesim
