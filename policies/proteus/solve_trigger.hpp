#pragma once
// When the Resource Manager runs (section 4: "invoked periodically ... if the
// demand changes rapidly in a short period of time, the monitoring daemon in
// the load balancers invokes the Resource Manager"): every solve interval
// after the last solve, at the warm-up times, and on a burst (the rule is in
// proteus_params.hpp). Never while a solved plan waits to take effect.
#include <cstdint>
#include <span>
#include <vector>

#include "policies/proteus/demand_estimator.hpp"
#include "policies/proteus/proteus_params.hpp"

namespace servesim::proteus {

enum class SolveReason : std::uint8_t { kNone, kWarmup, kPeriodic, kBurst };

class SolveTrigger {
 public:
  SolveTrigger(Duration interval, std::vector<Duration> warmups, BurstRule burst);

  // `planned_for`: by application, the estimate the current plan was solved for.
  SolveReason check(SimTime now, const DemandEstimator& demand, std::span<const double> planned_for) const;
  void solved(SimTime now);

 private:
  bool burst(SimTime now, const DemandEstimator& demand, std::span<const double> planned_for) const;

  Duration interval_;
  std::vector<Duration> warmups_;  // sorted
  BurstRule burst_;
  SimTime last_solve_ = SimTime::zero();
  std::size_t next_warmup_ = 0;
};

}  // namespace servesim::proteus
