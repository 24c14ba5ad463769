#pragma once
// MArk-spot's cold standbys (MArk, ATC'19, section 4.5): "we reserve a few
// stopped burstable instances as cold standbys. Once MArk receives
// interruption notices, it resumes the corresponding amount of burstable
// instances to handle the transient requests until the regular spot instances
// capacity is back to normal, after which those burstable instances are
// stopped." The corresponding amount is ceil(lost capacity / a standby's
// capacity), at most the stopped ones; the public code resumes every standby
// (an option). The pool only counts: the policy launches and stops the t2s.
//
// And Lambda's warm-up for the same gap (section 4.5: "MArk sends concurrent
// pings to Lambda to warm up more instances"): the requests the lost capacity
// served, arriving at lost_C per second and each holding a container for the
// Lambda latency, keep ceil(lost_C x latency) containers busy (Little's law).
#include <cstdint>

#include "sim/core/time.hpp"

namespace servesim::mark {

class StandbyPool {
 public:
  // `stopped`: standbys ready to resume; `capacity_per_minute`: one's C_t2.
  StandbyPool(std::uint32_t stopped, double capacity_per_minute, bool resume_all = false);

  // A notice took `lost_per_minute` of capacity: how many to resume now.
  // They count as running from now on.
  std::uint32_t resume_for(double lost_per_minute);
  // How many running standbys to stop now: all of them once the regular
  // (non-standby) capacity meets the plan's, none before.
  std::uint32_t to_stop(double regular_per_minute, double planned_per_minute);

  std::uint32_t stopped() const { return stopped_; }
  std::uint32_t running() const { return running_; }

 private:
  std::uint32_t stopped_;
  std::uint32_t running_ = 0;
  double capacity_per_minute_;
  bool resume_all_;
};

// Lambda containers to warm for `lost_per_minute` requests a minute that each
// take `lambda_latency`.
std::uint32_t lambda_prewarm_count(double lost_per_minute, Duration lambda_latency);

}  // namespace servesim::mark
