#include "policies/proteus/solve_trigger.hpp"

namespace servesim::proteus {

SolveTrigger::SolveTrigger(Duration interval, std::vector<Duration> warmups, BurstRule burst)
    : interval_(interval), warmups_(std::move(warmups)), burst_(burst) {}

SolveReason SolveTrigger::check(SimTime now, const DemandEstimator& demand,
                                std::span<const double> planned_for) const {
  if (next_warmup_ < warmups_.size() && now >= SimTime::zero() + warmups_[next_warmup_]) return SolveReason::kWarmup;
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

void SolveTrigger::solved(SimTime now) {
  last_solve_ = now;
  while (next_warmup_ < warmups_.size() && now >= SimTime::zero() + warmups_[next_warmup_]) ++next_warmup_;
}

}  // namespace servesim::proteus
