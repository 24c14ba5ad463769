#include "policies/mark/bouncer.hpp"

#include <algorithm>
#include <limits>

namespace servesim::mark {

Duration worst_response_time(const BatchingShape& shape, std::uint64_t outstanding) {
  const std::uint64_t n = std::max<std::uint32_t>(1, shape.n_batch);
  const std::uint64_t batches = outstanding / n + 1;  // ceil((q + 1) / n)
  const auto per_batch = static_cast<std::uint64_t>(std::max<std::int64_t>(0, shape.batch_latency.ns));
  // A queue long enough to overflow the clock is never in time.
  if (per_batch > 0 && batches > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()) / per_batch) {
    return Duration::infinite();
  }
  return shape.w_batch + Duration{static_cast<std::int64_t>(batches * per_batch)};
}

bool admits(const BatchingShape& shape, std::uint64_t outstanding, Duration rt_max) {
  return worst_response_time(shape, outstanding) <= rt_max;
}

}  // namespace servesim::mark
