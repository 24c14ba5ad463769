#pragma once
// The Proteus authors' simulation of INFaaS batching ("batching": "infaas" in
// their artifact; Proteus public code, core/predictor.py: enqueue_request,
// finish_batch_callback, infaas_expiring_callback, process_batch,
// drop_expired_requests). INFaaS itself (ATC'21) picks a batch size per
// variant; the artifact turns that into these rules, which this batcher keeps:
//  - a batch starts only when `batch` queries are queued (on an arrival at an
//    idle replica, or when the previous batch finishes), and has exactly that
//    size: an idle replica with fewer queued waits, however long;
//  - the one exception is a one-shot timer: the first query that arrives
//    while a batch runs sets it to arrival + SLO - latency(batch). If the
//    replica is idle with queries when it rings, it runs the largest of
//    {1, 2, 4, 8} that the queue fills (at most `batch`); if it is busy or
//    empty then, the ring is lost. It is never set again in the replica's life;
//  - when a batch forms, queued queries older than `expiry` x their SLO are
//    dropped first (the artifact's 2 x deadline), and the batch then takes
//    what is left, even if fewer than `batch` remain;
//  - batch 0 (no allowed batch meets half the SLO) drops every query at once:
//    the artifact marks such a predictor busy forever and fails each arrival.
// Differences left: the artifact times a batch at latency(batch) even when
// drops left fewer queries in it (the engine times the batch it runs), and it
// drops expired queries anywhere in the queue (here from the head, which is
// the same when a replica's queries share one SLO). The batcher learns of the
// first busy-time arrival when it is next asked (the engine asks only an idle
// replica), so it assumes the profiled latency for the batch it started
// (deterministic service times, as in the artifact).
#include <cstdint>

#include "sim/serving/batchers/batcher.hpp"

namespace servesim {

class InfaasV2Batcher final : public Batcher {
 public:
  InfaasV2Batcher(std::uint32_t batch, double expiry, bool timer_spent)
      : batch_(batch), expiry_(expiry), timer_spent_(timer_spent) {}
  BatchDecision decide(const BatchContext& context) override;

  // The largest of the artifact's batch sizes {1, 2, 4, 8} that `queued`
  // queries fill, at most `cap` (its find_batch_size; 0 when none fits).
  static std::uint32_t filled_batch(std::size_t queued, std::uint32_t cap);

 private:
  void arm_timer_from_busy_arrivals(const BatchContext& context);
  std::uint32_t expired_at_head(const BatchContext& context) const;
  Duration latency_of(const BatchContext& context, std::uint32_t size) const;

  std::uint32_t batch_;
  double expiry_;
  bool timer_spent_;                    // set once: the artifact's batch_expiring_set
  SimTime timer_at_ = SimTime::never(); // the pending ring, if any
  bool scan_pending_ = false;           // a batch ran since the last look at the queue
  SimTime busy_from_ = SimTime::never();
  SimTime busy_until_ = SimTime::never();
  std::uint32_t committed_ = 0;  // a batch decided, waiting for its expired queries to go
  SimTime committed_at_ = SimTime::never();
};

}  // namespace servesim
