#pragma once
// MArk's rule for its batching hyperparameters (Zhang et al., ATC'19, section
// 4.3), and the batcher that applies it to a replica's own profile.
//
// The rule: with T_b the latency of a batch of b and mu*_nb the best rate
// without batching, grow b from 1 while both
//   (1) W_batch + T_b <= RT_max          (no SLO violation: wait + run fits)
//   (2) W_batch + T_b <= b / mu*_nb      (batching beats serving one by one)
// still hold; N_batch is the last b for which they do. Section 4.3 leaves
// W_batch open (section 5.1: "set accordingly"); the window is the smallest
// that keeps the rate the planner counts the instance at, mu* = N_batch /
// T_N: the time the N_batch - 1 requests after a batch's first take to arrive
// at that rate, (N_batch - 1) / N_batch x T_N. Each b is checked with its own
// such window, since a shorter one closes batches before they fill (and the
// instance would not serve b per T_b) and a longer one only adds waiting. A
// CPU whose latency grows in proportion to the batch (section 3.4) then
// never batches, as section 5.1 says ("for the other models on CPU instance,
// we do not use batching"): (2) fails at b = 2.
// The rule needs no arrival rate: MArk tunes per instance type, offline, and
// treats the tuned instance as a black box of rate mu* (section 4.3).
#include <cstdint>
#include <memory>
#include <optional>
#include <span>

#include "sim/core/time.hpp"
#include "sim/serving/batchers/batcher.hpp"
#include "sim/serving/batchers/batcher_kind.hpp"
#include "sim/serving/batchers/settings_batcher_plugin.hpp"
#include "sim/serving/batchers/timeout_batcher.hpp"

namespace servesim {

struct MarkBatchTuning {
  std::uint32_t n_batch = 1;
  Duration w_batch = Duration::zero();
  // mu*, the instance's rate as MArk's provisioner counts it: N_batch queries
  // per T_N when batches are full back to back (queries per second).
  double max_rate_qps = 0;
  // False when even a batch of 1 exceeds RT_max: then N = 1, W = 0 and the
  // instance cannot meet the SLO at all.
  bool feasible = true;
};

// latency[b] is the profiled latency of a batch of b (entry 0 unused, as in
// BatchContext). nonbatched_rate_qps is mu*_nb; 0 takes 1 / latency[1], the rate
// of one execution slot serving one query at a time.
MarkBatchTuning mark_batch_tuning(Duration rt_max, std::span<const Duration> latency,
                                  double nonbatched_rate_qps = 0);

// A TimeoutBatcher (Nbatch, Wbatch) whose two numbers come from the rule above
// applied, at the first decision, to the profile of the replica it serves: so
// one scenario line {"kind": "mark", "slo_ms": ...} tunes every replica to its
// own device, as MArk tunes each instance type. Assumes one execution slot
// (mu*_nb = 1 / T_1); a policy that knows better calls mark_batch_tuning and
// sets a "timeout" batcher itself.
class MarkBatcher final : public Batcher {
 public:
  // max_batch 0: the replica's maximum; else N_batch is searched only up to it.
  MarkBatcher(std::uint32_t max_batch, Duration rt_max) : rt_max_(rt_max), max_batch_(max_batch) {}
  BatchDecision decide(const BatchContext& context) override;

  const std::optional<MarkBatchTuning>& tuning() const { return tuning_; }

 private:
  Duration rt_max_;
  std::uint32_t max_batch_;
  std::optional<MarkBatchTuning> tuning_;
  std::unique_ptr<TimeoutBatcher> timeout_;
};

// The plug-in of a mark spec; its setting is RT_max.
using MarkBatcherPlugin = SettingsBatcherPlugin<MarkBatcher, Duration>;
BatcherSpec mark_batcher(std::uint32_t max_batch, Duration rt_max);
// {"kind": "mark", "slo_ms": RT_max}
BatcherKind mark_batcher_kind();

}  // namespace servesim
