#include "policies/mark/bouncer.hpp"

#include <algorithm>
#include <limits>

namespace servesim::mark {
namespace {

// `batches` x T_N, infinite where the product would overflow the clock: a
// queue that long is never in time.
Duration batches_of(const BatchingShape& shape, std::uint64_t batches) {
  const auto per_batch = static_cast<std::uint64_t>(std::max<std::int64_t>(0, shape.batch_latency.ns));
  if (per_batch > 0 && batches > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()) / per_batch) {
    return Duration::infinite();
  }
  return Duration{static_cast<std::int64_t>(batches * per_batch)};
}

std::uint64_t n_of(const BatchingShape& shape) { return std::max<std::uint32_t>(1, shape.n_batch); }

}  // namespace

SimTime completion_bound(const BatchingShape& shape, const ReplicaBacklog& backlog, const FormingBatch& batch,
                         SimTime now) {
  const SimTime free = backlog.executing > 0 ? std::max(now, backlog.running_since + shape.batch_latency) : now;
  const std::uint64_t closed = backlog.queued > batch.size ? backlog.queued - batch.size : 0;
  const std::uint64_t ahead = (closed + n_of(shape) - 1) / n_of(shape);
  const bool fills = batch.size + 1 >= n_of(shape);
  const SimTime close = fills ? now : batch.opened + shape.w_batch;
  return std::max(free + batches_of(shape, ahead), close) + shape.batch_latency;
}

Duration worst_response_time(const BatchingShape& shape, std::uint64_t outstanding) {
  return shape.w_batch + batches_of(shape, outstanding / n_of(shape) + 1);  // ceil((q + 1) / n)
}

bool admits(const BatchingShape& shape, std::uint64_t outstanding, Duration rt_max) {
  return worst_response_time(shape, outstanding) <= rt_max;
}

}  // namespace servesim::mark
