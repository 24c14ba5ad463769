#pragma once
// One line of the time series: what happened during one window, for all
// applications or for one, next to the state of the cluster. RunMetrics hands
// rows to a WindowSink as windows close, so the series is streamed out and
// never held in memory.
#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "sim/cluster/device_kind.hpp"

namespace servesim {

// The kinds whose devices form workers a policy may pause offline work on:
// every kind but Lambda, which has no workers.
inline constexpr std::array<DeviceKind, 3> kWorkerKinds = {DeviceKind::kCpu, DeviceKind::kGpu,
                                                           DeviceKind::kInferentia};

// The shortest window, as a share of the window length, whose rates are
// written (WindowRow): a tenth, 1 s of the default 10-s window.
inline constexpr double kShortestRateWindow = 0.1;

struct WindowRow {
  double start_s = 0;
  double end_s = 0;
  std::string app;  // "all" or the application's name
  std::uint64_t arrivals = 0;  // demand
  // The rates (demand, throughput, goodput, utilisation) are empty for a
  // window shorter than kShortestRateWindow of the window length: only the
  // run's last window can be, and a drain tail of microseconds would show its
  // few completions as millions a second.
  std::optional<double> demand_qps;
  std::uint64_t completed = 0;
  std::uint64_t on_time = 0;
  std::uint64_t late = 0;
  std::uint64_t dropped = 0;
  std::uint64_t rejected = 0;
  std::uint64_t unfinished = 0;  // left when the drain's bound ended the run (last window only)
  std::optional<double> throughput_qps;  // completed / window length
  std::optional<double> goodput_qps;     // on time / window length
  // Of the window's completions; 0 when there were none.
  double latency_p50_ms = 0;
  double latency_p99_ms = 0;
  // Mean normalized accuracy of the window's completions, percent; empty when none.
  std::optional<double> effective_accuracy;
  // The cluster (the same on every application's row).
  std::array<std::uint32_t, kDeviceKindCount> devices{};
  std::array<std::uint32_t, kDeviceKindCount> replicas{};
  // busy seconds / (devices * window length); empty for a kind with no device.
  std::array<std::optional<double>, kDeviceKindCount> utilisation{};
  std::uint32_t instances_on_demand = 0;
  std::uint32_t instances_spot = 0;
  std::uint64_t lambda_invocations = 0;
  std::uint64_t lambda_cold_starts = 0;
  double cost_per_hour = 0;
  // Dollars spent during the window: the total and its split by market
  // (by instance type stays out: those columns would vary by scenario).
  double cost = 0;
  double cost_on_demand = 0;
  double cost_spot = 0;
  double cost_lambda = 0;
  double cost_fixed = 0;
  // The fixed cluster's devices priced while they hosted a replica during the
  // window (CostLedger::hosted): a view of cost_fixed, not in cost.
  double cost_hosted = 0;
  // Offline inputs finished in the window, and whether the policy held
  // offline work back on a worker of each kind during it
  // (ClusterControl::note_offline_paused; cluster-wide, like the devices, so
  // the same on every application's row). Columns only when the scenario has
  // offline jobs; a pause is a flag of kWorkerKinds only.
  std::uint64_t offline_completed = 0;
  std::array<bool, kDeviceKindCount> offline_paused{};
};

class WindowSink {
 public:
  virtual ~WindowSink() = default;
  virtual void on_window(const WindowRow& row) = 0;
};

}  // namespace servesim
