#pragma once
// The nearest-rank quantile's position, the one definition the project's
// latency quantiles use (LatencyHistogram, InferLine's estimator): the
// q-quantile of n values is the smallest with at least a fraction q of them at
// or below it, the ceil(q n)-th smallest, so p99 of 3 values is the largest.
#include <algorithm>
#include <cmath>
#include <cstdint>

namespace servesim {

// 0-based index of the nearest-rank q-quantile among n >= 1 sorted values:
// ceil(q * n) - 1. The product is nudged down by a relative 1e-12 so that
// 0.07 * 100 = 7.000000000000001 still means rank 7, not 8.
inline std::uint64_t nearest_rank(double q, std::uint64_t n) {
  const double x = std::clamp(q, 0.0, 1.0) * static_cast<double>(n);
  const double rank = std::ceil(x - x * 1e-12);
  return rank < 1 ? 0 : std::min(static_cast<std::uint64_t>(rank) - 1, n - 1);
}

}  // namespace servesim
