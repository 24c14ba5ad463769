#include "sim/cluster/lambda_spec.hpp"

#include <algorithm>

namespace servesim {

Duration lambda_billed_duration(const LambdaSpec& spec, Duration run) {
  const std::int64_t unit = std::max<std::int64_t>(1, spec.granularity.ns);
  const std::int64_t ns = std::max<std::int64_t>(0, run.ns);
  const std::int64_t units = std::max<std::int64_t>(1, ns / unit + (ns % unit != 0 ? 1 : 0));
  return Duration{units * unit};
}

double lambda_invocation_cost(const LambdaSpec& spec, double memory_mb, Duration run) {
  const double gb_seconds = memory_mb / 1024.0 * lambda_billed_duration(spec, run).seconds();
  return gb_seconds * spec.price_per_gb_second + spec.price_per_request;
}

double lambda_cpu_share(const LambdaSpec& spec, double memory_mb) { return memory_mb / spec.mb_per_vcpu; }

}  // namespace servesim
