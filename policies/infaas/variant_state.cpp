#include "policies/infaas/variant_state.hpp"

namespace servesim::infaas {

std::string_view variant_state_name(VariantState state) {
  switch (state) {
    case VariantState::kInactive: return "inactive";
    case VariantState::kActive: return "active";
    case VariantState::kOverloaded: return "overloaded";
    case VariantState::kInterfered: return "interfered";
  }
  return "?";
}

namespace {

enum class Latency : std::uint8_t { kUnknown, kLow, kBetween, kHigh };

// Observed against profiled latency, with the public code's two ratios.
Latency classify_latency(const VariantObservation& seen, const StateThresholds& limits) {
  if (seen.observed <= Duration::zero() || seen.profiled <= Duration::zero()) return Latency::kUnknown;
  const bool cpu = seen.kind == DeviceKind::kCpu;
  if (!cpu && seen.profiled < limits.accelerator_min_latency) return Latency::kUnknown;
  const double ratio = static_cast<double>(seen.observed.ns) / static_cast<double>(seen.profiled.ns);
  const double trigger = cpu ? limits.cpu_overload_ratio : limits.accelerator_overload_ratio;
  const double clear = cpu ? limits.cpu_clear_ratio : limits.accelerator_clear_ratio;
  if (ratio > trigger) return Latency::kHigh;
  if (ratio < clear) return Latency::kLow;
  return Latency::kBetween;
}

}  // namespace

VariantState next_state(VariantState previous, const VariantObservation& seen, const StateThresholds& limits) {
  if (seen.replicas == 0) return VariantState::kInactive;
  // Loading: Figure 4's "Loaded" edge; it takes queries, which wait for the load.
  if (seen.active_replicas == 0) return VariantState::kActive;
  const double peak = seen.saturation_qps * seen.active_replicas;
  const bool at_peak = seen.load_qps >= peak;
  const bool backlog = seen.settled && static_cast<double>(seen.outstanding) > limits.backlog_fraction * peak;
  const Latency latency = seen.settled ? classify_latency(seen, limits) : Latency::kUnknown;
  if (at_peak || backlog) return VariantState::kOverloaded;
  if (latency == Latency::kHigh) return seen.co_located ? VariantState::kInterfered : VariantState::kOverloaded;
  const bool degraded = previous == VariantState::kOverloaded || previous == VariantState::kInterfered;
  if (degraded && latency == Latency::kBetween) return previous;  // not mitigated yet
  return VariantState::kActive;
}

}  // namespace servesim::infaas
