#pragma once
// The CPU credit balance of one AWS T2 (standard mode) burstable instance and
// the speed it runs at (AWS "Burstable performance instances"; MArk ATC'19
// sections 3.2 and 4.5, where stopped t2 instances are the cold standbys that
// cover spot interruptions).
//
// Units: one credit is one vCPU at 100 % for one minute. While running, the
// instance earns credits_per_hour continuously and spends busy_vcpus credits
// per minute; the net drain is busy_vcpus - baseline_share x vcpus per minute
// (earning rate = baseline, as AWS defines it). Launch credits are spent
// first and do not count towards max_credits; earned credits are capped at
// max_credits (further earnings are discarded). When the balance is empty the
// instance is throttled to its baseline: it runs at speed
// min(1, baseline_share x vcpus / busy_vcpus) and the balance stays at 0.
//
// A new t2.large (2 vCPUs, 60 launch credits, 36 credits/h) busy on both
// vCPUs spends its launch credits in 30 minutes -- MArk's "100% utilization
// for 30 minutes" -- and has meanwhile earned 18 credits, which last another
// 18 / 1.4 = 12.9 minutes: it throttles after 42.9 minutes (t2.micro: 33.3).
//
// The busy level is piecewise constant: the engine calls advance(now, b)
// whenever it changes, passing the level b that held since the previous call
// (settle first, then change). speed(b) gives the speed for the level about to
// hold; speed() repeats the level last passed.
#include <cstdint>

#include "sim/cluster/instance_type.hpp"
#include "sim/core/time.hpp"

namespace servesim {

class CpuCreditBalance {
 public:
  // A freshly launched (or started) instance: launch credits, nothing earned.
  CpuCreditBalance(const BurstableSpec& spec, std::uint32_t vcpus, SimTime start);

  // Accounts for (last call, now] with busy_vcpus (clamped to [0, vcpus])
  // busy throughout. Throws InvariantError if now is before the last call.
  void advance(SimTime now, double busy_vcpus);
  // Credits left (launch + earned) as of the last advance().
  double balance() const { return launch_ + earned_; }
  // Speed factor in (0, 1] for a demand of busy_vcpus: 1 while credits remain
  // or the demand is within the baseline, else baseline / demand.
  double speed(double busy_vcpus) const;
  // The same at the level last passed to advance().
  double speed() const { return speed(busy_); }
  // When the balance runs out if busy_vcpus are busy from the last advance()
  // on, or SimTime::never() if it never does (demand at or below the
  // baseline); `now` if already empty then. Rounded up to the nanosecond, so
  // at that time the balance is empty.
  SimTime exhausted_at(SimTime now, double busy_vcpus) const;

  double launch_credits() const { return launch_; }
  double earned_credits() const { return earned_; }
  double baseline_vcpus() const { return spec_.baseline_share * vcpus_; }
  double busy_vcpus() const { return busy_; }
  SimTime updated_at() const { return last_; }

 private:
  void integrate(double minutes, double busy);
  double clamp_busy(double busy_vcpus) const;

  BurstableSpec spec_;
  double vcpus_;
  SimTime last_;
  double launch_;
  double earned_ = 0;
  double busy_ = 0;
};

}  // namespace servesim
