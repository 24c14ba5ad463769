#pragma once
// MArk's SLO monitor (section 4.4): "MArk constantly checks if the last M
// requests satisfy the SLO requirements, if not, L instances of type T will be
// launched (c5.large by default)". The SLO (section 4.1, after Swayam) holds
// when at least SL_min of requests finish within RT_max, so the check fails
// when more than (1 - SL_min) x M of the last M requests were late or failed
// (Lambda's included). Before M requests have finished, the last ones seen
// are judged against the same (1 - SL_min) x M allowance: a burst of misses
// at the start triggers as soon as it exceeds it.
//
// After a trigger the monitor cools down (the paper gives no period; 5 min by
// default, as the issue sets) so that the instances it launched can boot
// before it judges again; the window is kept, so misses during the cool-down
// still count once it ends.
//
// The public code's rule is an option: an exponentially weighted miss rate
// f <- 0.999 f + 0.001 [missed] on each request, triggering above 0.02 and
// then reset to 0 (MArk public code, modules/frontend.py, SLA_BOUND in
// modules/constants.py), about the last 1000 requests against a 98 % service
// level. The code has no timed cool-down (its reset is one: some 20 misses in
// a row trigger again); `cooldown` applies to both rules, so set it to 0 to
// match the code exactly.
#include <cstdint>
#include <vector>

#include "sim/core/time.hpp"

namespace servesim::mark {

enum class SloMonitorRule : std::uint8_t {
  kLastRequests,  // the paper: more than (1 - SL_min) x M misses in the last M
  kEwma,          // the public code: f = 0.999 f + 0.001 [missed] > 0.02
};

struct SloMonitorParams {
  SloMonitorRule rule = SloMonitorRule::kLastRequests;
  std::uint32_t last_requests = 1000;      // M
  double service_level = 0.98;             // SL_min (section 5.1: 98 %)
  Duration cooldown = from_seconds(300);   // after a trigger
  double ewma_weight = 0.001;              // the public code's
  double ewma_threshold = 0.02;            // the public code's
};

class SloMonitor {
 public:
  explicit SloMonitor(SloMonitorParams params);

  // One finished request: `missed` when late (past RT_max) or failed.
  // Returns true when the check fails now and the monitor is not cooling
  // down: the caller launches L instances of type T.
  bool record(bool missed, SimTime now);

  std::uint64_t triggers() const { return triggers_; }
  std::uint32_t misses_in_window() const { return misses_; }

 private:
  bool failing() const;

  SloMonitorParams params_;
  std::vector<bool> window_;  // the last M outcomes, a ring
  std::size_t next_ = 0;
  std::size_t seen_ = 0;      // outcomes in the ring, up to M
  std::uint32_t misses_ = 0;  // missed outcomes in the ring
  double ewma_ = 0;
  SimTime quiet_until_ = SimTime::zero();
  std::uint64_t triggers_ = 0;
};

}  // namespace servesim::mark
