#pragma once
// The containers of one AWS Lambda account: which invocation starts warm,
// which starts cold, which is throttled.
//
// Lambda reuses an idle container of the same function if one exists and runs
// the request there without loading anything (warm start); otherwise it starts
// a new container that must load the framework and model (cold start; MArk
// section 4.5). Idle containers are recycled after keep_alive. The account
// runs at most concurrency_limit invocations at a time; beyond that AWS
// throttles (the request fails with HTTP 429), it does not queue.
//
// Warm means: an idle container of this function released strictly less than
// keep_alive ago. Among several, the most recently released is reused, as
// Lambda does, so the least recently used ones are the ones that expire.
// Idle containers do not count against the concurrency limit.
#include <cstdint>
#include <deque>
#include <map>

#include "sim/cluster/lambda_spec.hpp"
#include "sim/core/time.hpp"

namespace servesim {

class LambdaAccount {
 public:
  explicit LambdaAccount(const LambdaSpec& spec);

  enum class Start : std::uint8_t { kWarm, kCold, kThrottled };

  // Starts one invocation of `function` at `now`. A throttled start changes
  // nothing; warm and cold ones count as running until release().
  Start acquire(std::uint32_t function, SimTime now);
  // Ends one running invocation of `function`; its container becomes idle at
  // `now`. Throws InvariantError if the function has nothing running.
  void release(std::uint32_t function, SimTime now);
  // Invocations running now, all functions together.
  std::uint32_t running() const { return running_; }
  // Invocations of one function running now.
  std::uint32_t running(std::uint32_t function) const;
  // Idle containers of `function` still warm at `now` (drops expired ones).
  std::uint32_t warm_idle(std::uint32_t function, SimTime now);

 private:
  struct FunctionState {
    std::uint32_t running = 0;
    std::deque<SimTime> idle_since;  // release times, oldest first
  };
  void expire(FunctionState& f, SimTime now) const;

  LambdaSpec spec_;
  std::uint32_t running_ = 0;
  // Ordered map: function ids need not be dense, and iteration order (if ever
  // used) stays deterministic.
  std::map<std::uint32_t, FunctionState> functions_;
};

}  // namespace servesim
