#pragma once
// The profiled latency of one model variant on one device type, by batch size.
//
// Interpolation rule (the only one): between two measured batch sizes the
// latency is linear in the batch size. Outside the measured range there is no
// guess: a profile must measure batch 1, and the largest usable batch is the
// largest measured one. A profile may instead ask for a least-squares line
// latency = intercept + slope * batch over its measured points (what INFaaS'
// public code fits), which then holds for every batch size up to the variant's
// maximum batch.
#include <cstdint>
#include <vector>

#include "sim/core/time.hpp"

namespace servesim {

struct LatencyPoint {
  std::uint32_t batch = 1;
  double latency_ms = 0;
};

class LatencyProfile {
 public:
  enum class Fit : std::uint8_t { kInterpolate, kLinear };

  // Points must be sorted by batch with distinct batches (the parser checks).
  LatencyProfile(std::vector<LatencyPoint> points, Fit fit);

  // Largest batch this profile can answer for, given the variant's own maximum.
  std::uint32_t max_batch(std::uint32_t variant_max_batch) const;
  // Latency at `batch` (1 <= batch <= max_batch(...)).
  Duration at(std::uint32_t batch) const;
  // The dense table used on the hot path: entry b is the latency of batch b
  // (entry 0 unused), for b in 1..max_batch(variant_max_batch).
  std::vector<Duration> table(std::uint32_t variant_max_batch) const;

  const std::vector<LatencyPoint>& points() const { return points_; }
  Fit fit() const { return fit_; }

 private:
  std::vector<LatencyPoint> points_;
  Fit fit_;
  double intercept_ms_ = 0;
  double slope_ms_ = 0;
};

}  // namespace servesim
