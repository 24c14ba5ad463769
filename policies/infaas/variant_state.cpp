#include "policies/infaas/variant_state.hpp"

#include <algorithm>

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
  const double ratio = static_cast<double>(seen.observed.ns) / static_cast<double>(seen.profiled.ns);
  double trigger = limits.cpu_overload_ratio;
  double clear = limits.cpu_clear_ratio;
  if (seen.kind == DeviceKind::kGpu) {
    clear = limits.accelerator_clear_ratio;
    trigger = seen.profiled >= limits.accelerator_min_latency
                  ? limits.accelerator_overload_ratio
                  : std::min(limits.small_latency_max_ratio, static_cast<double>(limits.small_latency_trigger.ns) /
                                                                 static_cast<double>(seen.profiled.ns));
  } else if (seen.kind == DeviceKind::kInferentia) {
    trigger = limits.inferentia_overload_ratio;
    clear = limits.inferentia_clear_ratio;
  }
  // The public code's unset rule is a ratio of its own; kept below the trigger.
  clear = std::min(clear, trigger);
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
  // The public code flags a high latency only while each replica serves a
  // share of its peak (0.3 on a GPU, 0.5 elsewhere), "to avoid oscillation
  // when the model first loaded" (qpsMonitor's blist_qps_heuristic): a slow
  // query or two of an idle variant says nothing about its state.
  const double busy_share = seen.kind == DeviceKind::kGpu ? limits.gpu_busy_share : limits.busy_share;
  const bool busy = seen.load_qps > busy_share * peak;
  if (latency == Latency::kHigh && busy) return seen.co_located ? VariantState::kInterfered : VariantState::kOverloaded;
  const bool degraded = previous == VariantState::kOverloaded || previous == VariantState::kInterfered;
  if (degraded && latency == Latency::kBetween) return previous;  // not mitigated yet
  return VariantState::kActive;
}

}  // namespace servesim::infaas
