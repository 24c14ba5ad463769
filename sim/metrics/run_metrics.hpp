#pragma once
// The per-run collector the simulation feeds: arrivals and outcomes on the hot
// path, and a ClusterSnapshot at every window boundary. Everything it keeps is
// counters and fixed-size histograms per application, so its footprint depends
// on the number of applications, never on the number of queries or the
// simulated duration. Rows go out through the sinks as windows close.
//
// Two views of the same run:
// - the time series: every window, from 0 to the end of the drain, every query;
// - the summary totals: the measured span [warm-up, run_end) only. Queries
//   count if they arrived in it, whenever they finished (the drain resolves
//   them all); the cluster (cost, utilisation, memory) counts over the span,
//   so that every policy's cost covers the same time whatever its drain.
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "sim/cluster/device_kind.hpp"
#include "sim/core/input_error.hpp"
#include "sim/core/time.hpp"
#include "sim/metrics/accuracy_windows.hpp"
#include "sim/metrics/cluster_snapshot.hpp"
#include "sim/metrics/cost_ledger.hpp"
#include "sim/metrics/offline_results.hpp"
#include "sim/metrics/query_outcome.hpp"
#include "sim/metrics/query_sink.hpp"
#include "sim/metrics/query_tally.hpp"
#include "sim/metrics/window_row.hpp"

namespace servesim {

// Measured queries that completed within the measured span (by run_end), in
// all and on time: what throughput and goodput are rates of, so that a
// backlog served during the drain does not count as capacity.
struct SpanCompletions {
  std::uint64_t completed = 0;
  std::uint64_t on_time = 0;
};

struct RunMetricsConfig {
  Duration window;  // time-series window length
  SimTime run_end;  // arrivals span [0, run_end); the run then drains
  std::vector<std::string> app_names;  // indexed by QueryOutcome::app
  WindowSink* window_sink = nullptr;  // optional, not owned
  QuerySink* query_sink = nullptr;    // optional, not owned
  Duration warmup = Duration::zero();  // excluded from the summary totals; < run_end
};

// The cluster side of the measured part of the run.
struct ClusterTotals {
  // Bounded by the catalog: by_instance_type gains a key per type ever billed.
  CostLedger cost;
  std::uint64_t lambda_invocations = 0;
  std::uint64_t lambda_cold_starts = 0;
  std::array<double, kDeviceKindCount> busy_seconds{};
  // Snapshot device count * measured window length, summed: the capacity behind busy_seconds.
  std::array<double, kDeviceKindCount> device_seconds{};
  std::array<double, kDeviceKindCount> memory_gb_seconds{};

  // Empty for a kind that never had a device.
  std::optional<double> utilisation(DeviceKind kind) const;
  void add(const ClusterSnapshot& snapshot, double measured_s);
};

class RunMetrics {
 public:
  static constexpr std::string_view kAllApps = "all";

  explicit RunMetrics(RunMetricsConfig config);

  // Hot path: a few counter bumps and one histogram record. An arrival
  // counts in the open window, whatever its time; a query in the open
  // window's measured or warm-up part, by its arrival.
  void on_arrival(std::uint32_t app, SimTime time) {
    tally_for(app, time).arrive();
    ++everything_[app].arrived;
  }
  // Whether outcomes go on to a query sink (queries.csv): what only a sink
  // reads need not be filled in otherwise.
  bool keeps_queries() const { return config_.query_sink != nullptr; }
  void on_outcome(const QueryOutcome& outcome) {
    if (outcome.finish < outcome.arrival) throw_causality(outcome);
    tally_for(outcome.app, outcome.arrival).record(outcome);
    everything_[outcome.app].count(outcome);
    if (measured(outcome.arrival)) record_measured(outcome);
    if (config_.query_sink) config_.query_sink->on_query(outcome);
  }

  // Offline inputs finished now: they count in the open window only, never
  // in the online tallies.
  void on_offline_done(std::uint32_t app, std::uint64_t inputs) {
    if (app >= window_offline_.size()) throw_unknown_app(app);
    window_offline_[app] += inputs;
    offline_done_ += inputs;
  }
  // The policy held offline work back now on a worker of this kind: flags
  // the open window (WindowRow::offline_paused), however often it is noted.
  void on_offline_paused(DeviceKind kind) { window_paused_[static_cast<std::size_t>(kind)] = true; }
  // At the end of the run, every offline job's result (in job order).
  void set_offline_jobs(std::vector<OfflineJobResult> jobs) { offline_jobs_ = std::move(jobs); }
  const std::vector<OfflineJobResult>& offline_jobs() const { return offline_jobs_; }
  // Offline inputs finished over the whole run (the warm-up's and the drain's too).
  std::uint64_t offline_done() const { return offline_done_; }

  // At the warm-up's end and at run_end, if either falls inside a window:
  // the cluster since the last snapshot, so that the window's row has all of
  // it and the totals only the part inside the measured span.
  void split(SimTime at, const ClusterSnapshot& part);
  // Call at every window boundary with the cluster since the last snapshot:
  // emits the "all" row and, with 2+ applications, one row per application,
  // then starts the next window. Windows go on past run_end while the run drains.
  void close_window(SimTime window_end, const ClusterSnapshot& snapshot);
  // Closes the last window, which may be shorter, at the run's true end (the
  // drain's end, at or after run_end). Totals are final from then on.
  void finish(SimTime end, const ClusterSnapshot& snapshot);
  SimTime window_start() const { return window_start_; }
  bool closed() const { return end_.has_value(); }
  // The drain: from run_end to the run's end. Only once closed.
  Duration drain() const;

  // arrived == completed + dropped + rejected + unfinished + in_flight, for
  // every application (in_flight indexed like app_names) and overall, over
  // every query, the warm-up's too. Throws InvariantError.
  void check_conservation(std::span<const std::uint64_t> in_flight_per_app) const;

  std::size_t app_count() const { return config_.app_names.size(); }
  const std::vector<std::string>& app_names() const { return config_.app_names; }
  Duration window() const { return config_.window; }
  SimTime run_end() const { return config_.run_end; }
  Duration warmup() const { return config_.warmup; }
  // The span the totals' rates are per: from the warm-up to run_end.
  double measured_seconds() const { return (config_.run_end - (SimTime::zero() + config_.warmup)).seconds(); }

  // Totals over the measured queries.
  const QueryTally& total() const { return measured_all_; }
  const QueryTally& total(std::uint32_t app) const { return measured_.at(app); }
  const SpanCompletions& in_span() const { return in_span_all_; }
  const SpanCompletions& in_span(std::uint32_t app) const { return in_span_.at(app); }
  // 100 - the lowest effective accuracy of any 10 s window with a completion
  // (accuracy_windows.hpp); empty when nothing completed.
  std::optional<double> max_accuracy_drop() const { return accuracy_all_.max_drop(); }
  std::optional<double> max_accuracy_drop(std::uint32_t app) const { return accuracy_.at(app).max_drop(); }
  const ClusterTotals& cluster() const { return cluster_; }
  // Every arrival of an application, the warm-up's too.
  std::uint64_t arrived_all(std::uint32_t app) const { return everything_.at(app).arrived; }

 private:
  QueryTally& tally_for(std::uint32_t app, SimTime arrival) {
    if (app >= window_measured_.size()) throw_unknown_app(app);
    return measured(arrival) ? window_measured_[app] : window_warmup_[app];
  }
  bool measured(SimTime arrival) const { return arrival.ns >= config_.warmup.ns; }
  void record_measured(const QueryOutcome& outcome);
  [[noreturn]] void throw_unknown_app(std::uint32_t app) const;
  [[noreturn]] static void throw_causality(const QueryOutcome& outcome);
  void validate_config() const;
  void validate_window_end(SimTime window_end, bool last) const;
  void close(SimTime window_end, const ClusterSnapshot& snapshot, bool last);
  void add_part(SimTime at, const ClusterSnapshot& part);
  void emit_row(std::string_view app, const QueryTally& tally, double length_s, const ClusterSnapshot& snapshot);

  RunMetricsConfig config_;
  SimTime window_start_ = SimTime::zero();
  std::optional<SimTime> end_;
  // The open window, per application: queries that arrived after the
  // warm-up, and during it (each outcome is recorded once).
  std::vector<QueryTally> window_measured_;
  std::vector<QueryTally> window_warmup_;
  QueryTally row_app_;     // scratch for an application's row, reused
  QueryTally window_all_;  // scratch for the "all" row, reused
  std::vector<QueryCounts> everything_;  // every query, per application: conservation
  std::vector<QueryTally> measured_;     // per application
  QueryTally measured_all_;
  std::vector<SpanCompletions> in_span_;  // per application
  SpanCompletions in_span_all_;
  std::vector<AccuracyWindows> accuracy_;  // per application
  AccuracyWindows accuracy_all_;
  ClusterSnapshot open_window_;  // the parts of the open window so far
  SimTime part_start_ = SimTime::zero();
  ClusterTotals cluster_;
  WindowRow row_;  // reused so that a window costs no allocation
  std::vector<std::uint64_t> window_offline_;  // per application: offline inputs finished in the open window
  std::uint64_t offline_done_ = 0;
  std::array<bool, kDeviceKindCount> window_paused_{};  // by kind: an offline pause noted in the open window
  std::vector<OfflineJobResult> offline_jobs_;
};

}  // namespace servesim
