#pragma once
// The state of one model-variant instance, a {variant, worker} pair (INFaaS,
// USENIX ATC'21, Figure 4 and section 5), and the rule by which the monitor
// moves it from what a worker's monitoring daemon sees.
//
// Figure 4: Inactive (not loaded on the worker) -> Active once loaded; Active
// -> Overloaded when it serves at its peak ("QPS >= peak"); Active ->
// Interfered when "contended" below its peak; back to Active when "mitigated"
// and QPS < peak. The paper leaves "peak" and "contended" to measurement; the
// public code (INFaaS public code, src/worker/query_executor.cc)
// decides with these numbers, which we use:
//   - overloaded when the observed latency exceeds a multiple of the profiled
//     one, or when the outstanding requests exceed 0.8 x replicas x
//     1000 / latency_ms (0.8 s of the replicas' batch-1 throughput; we use
//     their saturation throughput, which is the same at batch 1). The
//     multiple is 2.5x on CPU and Inferentia (qpsMonitor's defaults: only
//     "GPU" and single-replica "CPU" get other heuristics); on a GPU 1.5x
//     for profiled latencies of 10 ms or more and min(5, 15 ms / profiled)
//     below ("Only change if the latency is small": the multiple changes
//     there, the check stays; read as "no check below 10 ms", Figure 5's
//     3-9 ms accelerator variants served at hundreds of ms while the monitor
//     called them Active). A latency above the multiple counts only while
//     the replicas serve more than 0.3 (GPU) or 0.5 (CPU, Inferentia) of
//     their peak;
//   - cleared when the latency falls below 1.5x (CPU, Inferentia) or 1.25x
//     (GPU).
// Between the two latency ratios the state is kept (hysteresis).
//
// A variant whose replicas began serving less than the monitor's latency
// window ago is judged on its load alone (settled = false): its observed
// latency and queue still hold the queries that waited for its load, which
// Algorithm 1 makes them do.
//
// Overloaded vs Interfered: a latency above the trigger while the load is below
// the peak and no backlog builds up is contention (Figure 4's "Contended; QPS
// < peak") only if another variant's replica shares one of the devices
// (section 4: interference "occurs when co-located variants contend");
// alone on its devices, the variant is simply overloaded.
#include <cstdint>
#include <string_view>

#include "sim/cluster/device_kind.hpp"
#include "sim/core/time.hpp"

namespace servesim::infaas {

enum class VariantState : std::uint8_t { kInactive, kActive, kOverloaded, kInterfered };

std::string_view variant_state_name(VariantState state);

struct StateThresholds {
  double cpu_overload_ratio = 2.5;           // public code, query_executor.cc
  double cpu_clear_ratio = 1.5;              // public code
  double accelerator_overload_ratio = 1.5;   // public code (GPU)
  double accelerator_clear_ratio = 1.25;     // public code (GPU)
  // Public code (GPU): below this profiled latency the trigger is
  // min(small_latency_max_ratio, small_latency_trigger / profiled).
  Duration accelerator_min_latency = from_millis(10);
  Duration small_latency_trigger = from_millis(15);
  double small_latency_max_ratio = 5.0;
  double inferentia_overload_ratio = 2.5;    // public code: qpsMonitor's defaults
  double inferentia_clear_ratio = 1.5;       // public code
  // The latency trigger counts only above this share of the replicas' peak
  // (public code, blist_qps_heuristic: 0.3 on a GPU, 0.5 elsewhere).
  double gpu_busy_share = 0.3;
  double busy_share = 0.5;
  double backlog_fraction = 0.8;             // public code: 0.8 x replicas x 1000 / latency_ms
};

// What the monitor saw of one {variant, worker} pair over its last period.
struct VariantObservation {
  DeviceKind kind = DeviceKind::kCpu;
  std::uint32_t replicas = 0;         // live replicas (loading ones included)
  std::uint32_t active_replicas = 0;  // loaded ones
  double load_qps = 0;                // queries per second offered to it (max of incoming and served)
  double saturation_qps = 0;          // per replica, from the profile
  Duration profiled;                  // profiled latency at the batch it serves
  Duration observed;                  // mean observed latency; zero = nothing finished lately
  std::uint64_t outstanding = 0;      // queued plus executing
  bool co_located = false;            // another variant's replica shares one of its devices
  bool settled = true;                // every active replica has served for a full latency window
};

VariantState next_state(VariantState previous, const VariantObservation& seen, const StateThresholds& limits);

}  // namespace servesim::infaas
