#pragma once
// Clipper's adaptive batching (Crankshaw et al., NSDI'17, "adaptive batching"; the
// "Clipper" baseline of Proteus, sections 6.1 and 6.4): an additive-increase,
// multiplicative-decrease (AIMD) controller of the batch size. After a batch
// whose queries all met their deadlines the size grows by `step`; after a late
// one it is multiplied by `decrease` and floored (at least one less, at least
// 1). The controller is reactive: it never looks at deadlines in the queue.
//
// Choices where the sources differ:
//  - Clipper backs off by 10 % (decrease 0.9, the default); for sizes below 10
//    that is one size down, what the Proteus artifact does at every size (it
//    moves one allowed size up or down). `step` and `decrease` are parameters.
//  - The controlled size caps a work-conserving batch, as in Clipper: a free
//    replica takes min(queue length, size) at once. (The Proteus artifact
//    instead waits for a full AIMD batch; its timer for a partial batch has an
//    empty callback, so a lone query there waits for company.)
//  - Every batch gives feedback, full or not, as in the artifact.
//  - The size never exceeds the replica's maximum batch (or the spec's max_batch).
#include <cstdint>

#include "sim/serving/batchers/batcher.hpp"
#include "sim/serving/batchers/batcher_kind.hpp"
#include "sim/serving/batchers/settings_batcher_plugin.hpp"

namespace servesim {

class AimdBatcher final : public Batcher {
 public:
  // max_batch 0: the replica's maximum. decrease in (0, 1), step >= 1, initial >= 1.
  AimdBatcher(std::uint32_t max_batch, std::uint32_t initial, std::uint32_t step, double decrease);
  BatchDecision decide(const BatchContext& context) override;
  void on_batch_done(std::uint32_t size, bool all_on_time) override;

  std::uint32_t size() const { return size_; }  // the current AIMD batch size

 private:
  std::uint32_t cap(std::uint32_t replica_max) const;

  std::uint32_t max_batch_;
  std::uint32_t step_;
  double decrease_;
  std::uint32_t size_;
  std::uint32_t replica_max_ = 0;  // learnt at the first decide(); 0 = not yet known
};

// The plug-in of an aimd spec; its settings are initial, step and decrease.
using AimdBatcherPlugin = SettingsBatcherPlugin<AimdBatcher, std::uint32_t, std::uint32_t, double>;
BatcherSpec aimd_batcher(std::uint32_t max_batch, std::uint32_t initial = 1, std::uint32_t step = 1,
                         double decrease = 0.9);  // Clipper (NSDI'17): "back off" by 10 %
// {"kind": "aimd", "max_batch": N, "initial": 1, "step": 1, "decrease": 0.9}
BatcherKind aimd_batcher_kind();

}  // namespace servesim
