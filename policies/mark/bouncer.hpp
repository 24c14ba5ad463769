#pragma once
// MArk's Bouncer (section 4.1): "If an incoming request cannot be served
// within a specified time RT_max, it will be handled by Lambda instances
// immediately." Two readings, one per front end (batch_manager.hpp):
//
// The Batch Manager's (the default): a request joins the batch being formed
// for an instance, and its response is bounded by the work ahead of it there,
// each batch at the type's capacity (N_batch requests in T_N):
//
//   free  = when the running batch ends (its start + T_N), or now if idle
//   start = max(free + ceil(closed / N_batch) x T_N, close)
//   done  = start + T_N
//
// where `closed` are the requests of earlier batches waiting on the instance,
// and `close` is when the request's own batch closes: now if the request
// fills it, else W_batch after the batch's first request (a batch is charged
// W_batch only while it is not full). Every term is the most it can take, so
// a request admitted when done - now <= RT_max finishes in time unless the
// load changes after it arrives (an instance taken back, a slower batch).
//
// Per-instance queues (front_end "per_instance", a departure kept for
// comparison): an instance with q requests outstanding serves a new one at
// the latest after W_batch + ceil((q + 1) / N_batch) x T_N, charging the
// whole window to every request.
#include <cstdint>

#include "sim/core/time.hpp"
#include "sim/serving/cluster_view.hpp"

namespace servesim::mark {

struct BatchingShape {
  std::uint32_t n_batch = 1;  // N_batch
  Duration w_batch;           // W_batch
  Duration batch_latency;     // T_N
};

// The batch a request would join on an instance: how many requests it holds
// already (0 for a new one) and when its first request came (now for a new one).
struct FormingBatch {
  std::uint32_t size = 0;
  SimTime opened;
};

// The latest the request finishes on the instance whose backlog is `backlog`
// (its `queued` include the forming batch's requests), joining `batch`.
SimTime completion_bound(const BatchingShape& shape, const ReplicaBacklog& backlog, const FormingBatch& batch,
                         SimTime now);

// Per-instance queues: the latest a new request finishes on an instance with
// `outstanding` requests, and whether that meets RT_max.
Duration worst_response_time(const BatchingShape& shape, std::uint64_t outstanding);
bool admits(const BatchingShape& shape, std::uint64_t outstanding, Duration rt_max);

}  // namespace servesim::mark
