#pragma once
// Nexus' early-drop batching (Shen et al., SOSP'19), as Proteus section 6.4
// runs it as a baseline: work-conserving, like greedy (Proteus 6.4: Nexus
// "dispatches an inference batch ... as soon as the previous batch is
// finished"), but before a batch is formed the queries at the head that would
// miss their deadline in that batch are dropped, so that a hopeless query never
// takes a batch slot. (The Proteus artifact's "nexus" waits for B* queries or a
// timer instead; we follow the papers' description.)
#include <cstdint>

#include "sim/serving/batchers/batcher.hpp"
#include "sim/serving/batchers/batcher_kind.hpp"
#include "sim/serving/batchers/settings_batcher_plugin.hpp"

namespace servesim {

// How many queries to drop from the head before a batch of up to `max_batch`
// starts now: the scan stops at the first query i that meets its deadline in
// a batch of min(queue length - i, max_batch) starting at context.now (Nexus'
// sliding window of the batch size). Equals the queue length when none can.
// Without a QueueView only the head is examined (0 or 1).
std::uint32_t early_drop_count(const BatchContext& context, std::uint32_t max_batch);

class NexusBatcher final : public Batcher {
 public:
  // max_batch: B*, the batch Nexus' scheduler plans (0: the replica's maximum).
  explicit NexusBatcher(std::uint32_t max_batch = 0) : max_batch_(max_batch) {}
  BatchDecision decide(const BatchContext& context) override;

 private:
  std::uint32_t max_batch_;
};

using NexusBatcherPlugin = SettingsBatcherPlugin<NexusBatcher>;
// max_batch: B*.
BatcherSpec nexus_batcher(std::uint32_t max_batch);
// {"kind": "nexus", "max_batch": B*}
BatcherKind nexus_batcher_kind();

}  // namespace servesim
