#pragma once
#include "sim/core/time.hpp"
#include "sim/serving/batchers/batcher.hpp"
#include "sim/serving/batchers/batcher_kind.hpp"
#include "sim/serving/batchers/settings_batcher_plugin.hpp"

namespace servesim {

// Fixed size with timeout (MArk's Nbatch and Wbatch, section 4.3): start when
// `size` queries wait, or when the oldest has waited `timeout`, whichever comes
// first; a timed-out batch takes what is there.
class TimeoutBatcher final : public Batcher {
 public:
  TimeoutBatcher(std::uint32_t size, Duration timeout) : size_(size), timeout_(timeout) {}
  BatchDecision decide(const BatchContext& context) override;

 private:
  std::uint32_t size_;  // 0: the replica's maximum batch
  Duration timeout_;
};

// The plug-in of a timeout spec; its setting is the timeout.
using TimeoutBatcherPlugin = SettingsBatcherPlugin<TimeoutBatcher, Duration>;
BatcherSpec timeout_batcher(std::uint32_t max_batch, Duration timeout);
// {"kind": "timeout", "max_batch": N, "timeout_ms": W}
BatcherKind timeout_batcher_kind();

}  // namespace servesim
