#pragma once
// AutoScale (Gandhi et al., TOCS'12), as InferLine's coarse-grained baselines
// tune with it (SoCC'20, section 6): the pipeline is one black box scaled in
// units (one replica of every stage). Every second the units needed are
// k = ceil(n / p), n the requests in the system, p what one unit completes
// within the SLO (its throughput x the SLO). Units are added at once when k
// exceeds them; one is removed only once k has stayed below the count for
// t_wait (120 s), and the wait starts again after each removal.
#include <cstdint>

#include "sim/core/time.hpp"

namespace servesim::inferline {

class AutoScaleRule {
 public:
  AutoScaleRule(double unit_throughput_qps, Duration slo, Duration wait = from_seconds(120));

  // The units to run from now, given `in_system` requests and `units` running
  // (at least one).
  std::uint32_t decide(SimTime now, std::uint64_t in_system, std::uint32_t units);
  // k = ceil(n / p), at least one.
  std::uint32_t units_needed(std::uint64_t in_system) const;

 private:
  double per_unit_;  // p
  Duration wait_;
  SimTime below_since_ = SimTime::never();
};

}  // namespace servesim::inferline
