#pragma once
// Proteus' proactive, non-work-conserving adaptive batching (Ahmad et al.,
// ASPLOS'24, section 5 and its Figure 3). With q queries queued and the head
// expiring at T_exp(1), the replica may wait for a (q+1)-th query until
//   T_max_wait(q+1) = T_exp(1) - T_process(q+1),
// the last moment at which a batch one larger would still finish in time for
// the head; if none came by then, it runs the q it has (case 1); if one came,
// it repeats with q+1 (case 2). The device may idle while queries wait: that
// is the point, a later batch is a larger one.
//
// Where the paper is silent this follows the authors' simulator (Proteus
// public code, core/predictor.py):
//  - before deciding, drop head queries that would miss their deadline in the
//    batch that would start now, min(q, B*) (their pop_while_first_expires,
//    the same scan as Nexus' early drop);
//  - the batch is never above B* (the largest batch whose latency is at most
//    half the SLO, section 4; here the spec's max_batch, else the replica's);
//  - with B* or more queued it starts a batch of B* at once: a batch cannot
//    grow past B*, so waiting longer only delays the queries behind it. (The
//    artifact does this after a batch finishes with more than B* queued, and
//    otherwise still waits until T_exp(1) - T_process(B*); we start at once in
//    both cases, which is what the paper's rule gives when q+1 > B*.)
//  - every batch size from 1 to B* is allowed (the artifact allows only
//    {1, 2, 4, 8, 12, 16, ...}; our profiles interpolate every size).
#include <cstdint>

#include "sim/serving/batchers/batcher.hpp"
#include "sim/serving/batchers/batcher_kind.hpp"
#include "sim/serving/batchers/settings_batcher_plugin.hpp"

namespace servesim {

class ProteusBatcher final : public Batcher {
 public:
  // max_batch: B* (0: the replica's maximum batch).
  explicit ProteusBatcher(std::uint32_t max_batch = 0) : max_batch_(max_batch) {}
  BatchDecision decide(const BatchContext& context) override;

 private:
  std::uint32_t max_batch_;
};

using ProteusBatcherPlugin = SettingsBatcherPlugin<ProteusBatcher>;
// max_batch: B*.
BatcherSpec proteus_batcher(std::uint32_t max_batch);
// {"kind": "proteus", "max_batch": B*}
BatcherKind proteus_batcher_kind();

}  // namespace servesim
