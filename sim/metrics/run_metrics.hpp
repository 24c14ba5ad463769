#pragma once
// The per-run collector the simulation feeds: arrivals and outcomes on the hot
// path, and a ClusterSnapshot at every window boundary. Everything it keeps is
// counters and fixed-size histograms per application, so its footprint depends
// on the number of applications, never on the number of queries or the
// simulated duration. Rows go out through the sinks as windows close.
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "sim/cluster/device_kind.hpp"
#include "sim/core/input_error.hpp"
#include "sim/core/time.hpp"
#include "sim/metrics/cluster_snapshot.hpp"
#include "sim/metrics/cost_ledger.hpp"
#include "sim/metrics/query_outcome.hpp"
#include "sim/metrics/query_sink.hpp"
#include "sim/metrics/query_tally.hpp"
#include "sim/metrics/window_row.hpp"

namespace servesim {

struct RunMetricsConfig {
  Duration window;  // time-series window length
  SimTime run_end;  // the run spans [0, run_end)
  std::vector<std::string> app_names;  // indexed by QueryOutcome::app
  WindowSink* window_sink = nullptr;  // optional, not owned
  QuerySink* query_sink = nullptr;    // optional, not owned
};

// The cluster side of the run, summed over the closed windows.
struct ClusterTotals {
  // Bounded by the catalog: by_instance_type gains a key per type ever billed.
  CostLedger cost;
  std::uint64_t lambda_invocations = 0;
  std::uint64_t lambda_cold_starts = 0;
  std::array<double, kDeviceKindCount> busy_seconds{};
  // Snapshot device count * window length, summed: the capacity behind busy_seconds.
  std::array<double, kDeviceKindCount> device_seconds{};
  std::array<double, kDeviceKindCount> memory_gb_seconds{};

  // Empty for a kind that never had a device.
  std::optional<double> utilisation(DeviceKind kind) const;
};

class RunMetrics {
 public:
  static constexpr std::string_view kAllApps = "all";

  explicit RunMetrics(RunMetricsConfig config);

  // Hot path: a few counter bumps and at most one histogram record.
  // An arrival counts in the open window, whatever its time.
  void on_arrival(std::uint32_t app, SimTime /*time*/) { tally_for(app).arrive(); }
  void on_outcome(const QueryOutcome& outcome) {
    if (outcome.finish < outcome.arrival) throw_causality(outcome);
    tally_for(outcome.app).record(outcome);
    if (config_.query_sink) config_.query_sink->on_query(outcome);
  }

  // Call at every window boundary and once at run_end (the last window may be
  // shorter). Emits the "all" row and, with 2+ applications, one row per
  // application, then starts the next window at window_end.
  void close_window(SimTime window_end, const ClusterSnapshot& snapshot);
  // Where the open window should close: one window on, or the run end.
  SimTime next_window_end() const;
  SimTime window_start() const { return window_start_; }
  // True once the window ending at run_end has closed; totals are then final.
  bool closed() const { return window_start_ == config_.run_end; }

  // arrived == completed + dropped + rejected + in_flight, overall; with one
  // number for the whole cluster, each application can only be checked for
  // never finishing more queries than arrived. Throws InvariantError.
  void check_conservation(std::uint64_t in_flight) const;
  // The same, exactly, per application (in_flight indexed like app_names).
  void check_conservation(std::span<const std::uint64_t> in_flight_per_app) const;

  std::size_t app_count() const { return config_.app_names.size(); }
  const std::vector<std::string>& app_names() const { return config_.app_names; }
  Duration window() const { return config_.window; }
  SimTime run_end() const { return config_.run_end; }

  // Totals over the closed windows.
  const QueryTally& total() const { return total_all_; }
  const QueryTally& total(std::uint32_t app) const { return total_.at(app); }
  // 100 - the lowest effective accuracy of any window with a completion
  // (Proteus 6.1.4 measures the drop from 100 %); empty when nothing completed.
  std::optional<double> max_accuracy_drop() const;
  std::optional<double> max_accuracy_drop(std::uint32_t app) const;
  const ClusterTotals& cluster() const { return cluster_; }

 private:
  QueryTally& tally_for(std::uint32_t app) {
    if (app >= window_.size()) throw_unknown_app(app);
    return window_[app];
  }
  [[noreturn]] void throw_unknown_app(std::uint32_t app) const;
  [[noreturn]] static void throw_causality(const QueryOutcome& outcome);
  void validate_config() const;
  void validate_window_end(SimTime window_end) const;
  // The snapshot's transitional `cost` not itemised in its ledger (counted as
  // fixed); throws InvariantError if the ledger is inconsistent.
  void validate_ledger(const ClusterSnapshot& snapshot, SimTime window_end) const;
  void emit_row(std::string_view app, const QueryTally& tally, double length_s, const ClusterSnapshot& snapshot);
  void add_cluster(const ClusterSnapshot& snapshot, double length_s);
  static void lower_min(std::optional<double>& min, std::optional<double> value);
  // Counts including the open window, so conservation can be checked any time.
  QueryCounts counts_so_far(std::uint32_t app) const;

  RunMetricsConfig config_;
  SimTime window_start_ = SimTime::zero();
  std::vector<QueryTally> window_;  // the open window, per application
  std::vector<QueryTally> total_;   // closed windows, per application
  QueryTally window_all_;           // scratch for the "all" row, reused
  QueryTally total_all_;
  std::vector<std::optional<double>> min_accuracy_;  // per application
  std::optional<double> min_accuracy_all_;
  ClusterTotals cluster_;
  WindowRow row_;  // reused so that a window costs no allocation
};

}  // namespace servesim
