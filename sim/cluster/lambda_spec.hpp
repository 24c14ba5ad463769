#pragma once
// AWS Lambda as a serving option (MArk ATC'19 sections 2.3, 3.1, 4.5): billed
// per GB-second of configured memory plus a fee per request, CPU allocated in
// proportion to memory, containers kept warm for a while after use, and an
// account-wide concurrency limit.
//
// Defaults (AWS Lambda pricing and "Lambda quotas" pages, us-east-1, x86):
//   $0.0000166667 per GB-second and $0.20 per million requests (unchanged
//   2017-2024); duration rounded up to 1 ms since December 2020 -- 100 ms
//   before, the granularity of MArk's era, so set granularity to 100 ms to
//   reproduce 2019 bills; 1,000 concurrent executions per account and region
//   (default quota); one vCPU's worth of CPU at 1,769 MB ("Configuring Lambda
//   function memory"). Keep-alive: an idle container is recycled "after it
//   stays inactive for 45 to 60 minutes" (MArk section 4.5, citing [31]); we
//   take the middle, 50 minutes.
#include <cstdint>

#include "sim/core/time.hpp"

namespace servesim {

struct LambdaSpec {
  double price_per_gb_second = 0.0000166667;
  double price_per_request = 0.0000002;
  Duration granularity = from_millis(1);
  Duration keep_alive = from_seconds(50 * 60);
  std::uint32_t concurrency_limit = 1000;
  double mb_per_vcpu = 1769;
};

// The billed duration of one invocation that ran for `run`: rounded up to a
// whole number of `granularity` units, at least one unit (an invocation that
// started is billed even if it took no measurable time).
Duration lambda_billed_duration(const LambdaSpec& spec, Duration run);
// Dollars for one invocation: GB-seconds (memory in MB / 1024, as AWS counts
// it) of the billed duration plus the request fee.
double lambda_invocation_cost(const LambdaSpec& spec, double memory_mb, Duration run);
// vCPUs a function of this memory size gets: memory / mb_per_vcpu (Lambda
// allocates CPU in proportion to memory; MArk section 3.1).
double lambda_cpu_share(const LambdaSpec& spec, double memory_mb);

}  // namespace servesim
