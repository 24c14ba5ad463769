#pragma once
// MArk's Bouncer (section 4.1): "If an incoming request cannot be served
// within a specified time RT_max, it will be handled by Lambda instances
// immediately." An instance serving batches of N_batch with timeout W_batch,
// each taking T_N, with q requests outstanding (queued or in a batch), serves
// a new request at the latest after the batches ahead of it and its own:
//
//   W_batch + ceil((q + 1) / N_batch) x T_N
//
// (its batch may wait up to W_batch to fill, then ceil((q + 1) / N) batches
// run one after another). The request goes to Lambda when that exceeds
// RT_max. This bound is the issue's reading of the paper's "cannot be served
// within RT_max"; it assumes one batch at a time per instance, as MArk's
// serving back ends run.
#include <cstdint>

#include "sim/core/time.hpp"

namespace servesim::mark {

struct BatchingShape {
  std::uint32_t n_batch = 1;  // N_batch
  Duration w_batch;           // W_batch
  Duration batch_latency;     // T_N
};

// The latest a new request finishes on an instance with `outstanding` requests.
Duration worst_response_time(const BatchingShape& shape, std::uint64_t outstanding);

// Whether the instance takes the request (else it goes to Lambda).
bool admits(const BatchingShape& shape, std::uint64_t outstanding, Duration rt_max);

}  // namespace servesim::mark
