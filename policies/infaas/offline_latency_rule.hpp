#pragma once
// The offline throttle's latency rule (offline_throttle.hpp): section 6.3.2
// pauses offline work when "the observed latency for online queries exceeds a
// model/variant's profiled latency"; the public code reads that sentence
// through its blacklist heuristic. Both are here, the paper's by default.
#include <cstdint>

namespace servesim::infaas {

// What "online queries are slower than they should be" means for the pause.
enum class OfflineLatencyRule : std::uint8_t {
  // Section 6.3.2 as written: a variant's mean observed latency over the
  // monitor's window exceeds its profiled latency (T_inf at its batch).
  kProfiled,
  // The public code's: a variant on the worker is blacklisted (INFaaS public
  // code, src/worker/query_executor.cc, qpsMonitor sets the flag that
  // common_model_util.cc's offline loop waits on), which is Figure 4's
  // Overloaded or Interfered here (variant_state.hpp: 2.5x the profiled
  // latency on CPU, a queue of 0.8 s of work, with hysteresis).
  kBlacklist,
};

}  // namespace servesim::infaas
