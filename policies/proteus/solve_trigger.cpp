#include "policies/proteus/solve_trigger.hpp"

namespace servesim::proteus {

SolveTrigger::SolveTrigger(Duration interval, std::vector<Duration> warmups, BurstRule burst,
                           std::optional<ArtifactSchedule> schedule)
    : interval_(interval), warmups_(std::move(warmups)), burst_(burst), schedule_(std::move(schedule)) {}

SolveReason SolveTrigger::check(SimTime now, const DemandEstimator& demand,
                                std::span<const double> planned_for) const {
  if (next_warmup_ < warmups_.size() && now >= SimTime::zero() + warmups_[next_warmup_]) return SolveReason::kWarmup;
  if (schedule_) return on_schedule(now, demand) ? SolveReason::kPeriodic : SolveReason::kNone;
  if (now - last_solve_ >= interval_) return SolveReason::kPeriodic;
  if (burst(now, demand, planned_for)) return SolveReason::kBurst;
  return SolveReason::kNone;
}

bool SolveTrigger::burst(SimTime now, const DemandEstimator& demand, std::span<const double> planned_for) const {
  if (now - last_solve_ < burst_.min_gap || demand.samples() < burst_.window_s) return false;
  for (std::size_t a = 0; a < planned_for.size(); ++a) {
    if (demand.recent(a, burst_.window_s) > burst_.factor * planned_for[a]) return true;
  }
  return false;
}

Duration SolveTrigger::scheduled_interval(SimTime now, const DemandEstimator& demand) const {
  if (schedule_->busy && demand.max_total(schedule_->busy->window_s) > schedule_->busy->total_qps_above) {
    return schedule_->busy->interval;
  }
  const Duration t = now - SimTime::zero();
  for (const IntervalWindow& w : schedule_->windows) {
    if (t >= w.from && t <= w.to) return w.interval;
  }
  return interval_;
}

// run.py's "i % period_tuning == 0" at its one-second steps.
bool SolveTrigger::on_schedule(SimTime now, const DemandEstimator& demand) const {
  const std::int64_t ns = (now - SimTime::zero()).ns;
  const std::int64_t interval = scheduled_interval(now, demand).ns;
  return now > last_solve_ && interval > 0 && ns % interval == 0;
}

void SolveTrigger::solved(SimTime now) {
  last_solve_ = now;
  while (next_warmup_ < warmups_.size() && now >= SimTime::zero() + warmups_[next_warmup_]) ++next_warmup_;
}

}  // namespace servesim::proteus
