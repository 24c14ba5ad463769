#pragma once
// When the Resource Manager runs (section 4: "invoked periodically ... if the
// demand changes rapidly in a short period of time, the monitoring daemon in
// the load balancers invokes the Resource Manager"): every solve interval
// after the last solve, at the warm-up times, and on a burst (the rule is in
// proteus_params.hpp). Never while a solved plan waits to take effect. With
// the artifact's schedule (proteus_params.hpp, ArtifactSchedule) instead:
// at whole seconds that are multiples of the interval in effect, and at the
// warm-up times; no burst rule.
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "policies/proteus/demand_estimator.hpp"
#include "policies/proteus/proteus_params.hpp"

namespace servesim::proteus {

enum class SolveReason : std::uint8_t { kNone, kWarmup, kPeriodic, kBurst };

class SolveTrigger {
 public:
  SolveTrigger(Duration interval, std::vector<Duration> warmups, BurstRule burst,
               std::optional<ArtifactSchedule> schedule = std::nullopt);

  // `planned_for`: by application, the estimate the current plan was solved for.
  SolveReason check(SimTime now, const DemandEstimator& demand, std::span<const double> planned_for) const;
  void solved(SimTime now);

 private:
  bool burst(SimTime now, const DemandEstimator& demand, std::span<const double> planned_for) const;
  bool on_schedule(SimTime now, const DemandEstimator& demand) const;
  Duration scheduled_interval(SimTime now, const DemandEstimator& demand) const;

  Duration interval_;
  std::vector<Duration> warmups_;  // sorted
  BurstRule burst_;
  std::optional<ArtifactSchedule> schedule_;
  SimTime last_solve_ = SimTime::zero();
  std::size_t next_warmup_ = 0;
};

}  // namespace servesim::proteus
