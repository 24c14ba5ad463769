#include "sim/metrics/run_metrics.hpp"

#include <algorithm>
#include <cmath>
#include <set>

#include "sim/metrics/report_format.hpp"

namespace servesim {

std::optional<double> ClusterTotals::utilisation(DeviceKind kind) const {
  const auto k = static_cast<std::size_t>(kind);
  if (device_seconds[k] <= 0) return std::nullopt;
  return busy_seconds[k] / device_seconds[k];
}

RunMetrics::RunMetrics(RunMetricsConfig config)
    : config_(std::move(config)),
      window_(config_.app_names.size()),
      total_(config_.app_names.size()),
      min_accuracy_(config_.app_names.size()) {
  validate_config();
}

void RunMetrics::validate_config() const {
  if (config_.window <= Duration::zero()) throw InvariantError("metrics window length must be positive");
  if (config_.run_end <= SimTime::zero()) throw InvariantError("metrics run end must be after time 0");
  if (config_.app_names.empty()) throw InvariantError("metrics need at least one application");
  // A duplicate or an app called "all" would make time-series rows ambiguous.
  std::set<std::string> seen;
  for (const auto& name : config_.app_names) {
    if (name == kAllApps || !seen.insert(name).second) {
      throw InvariantError("application name '" + name + "' is reserved or repeated in the metrics");
    }
  }
}

void RunMetrics::throw_unknown_app(std::uint32_t app) const {
  throw InvariantError("metrics got application index " + std::to_string(app) + " but know " +
                       std::to_string(window_.size()) + " applications");
}

void RunMetrics::throw_causality(const QueryOutcome& outcome) {
  throw InvariantError("query " + std::to_string(outcome.id) + " finished at " + std::to_string(outcome.finish.ns) +
                       " ns, before it arrived at " + std::to_string(outcome.arrival.ns) + " ns");
}

SimTime RunMetrics::next_window_end() const { return std::min(window_start_ + config_.window, config_.run_end); }

void RunMetrics::validate_window_end(SimTime window_end) const {
  const Duration length = window_end - window_start_;
  if (length <= Duration::zero() || length > config_.window || window_end > config_.run_end) {
    throw InvariantError("window closed at " + std::to_string(window_end.ns) + " ns; open window starts at " +
                         std::to_string(window_start_.ns) + " ns, is " + std::to_string(config_.window.ns) +
                         " ns long, run ends at " + std::to_string(config_.run_end.ns) + " ns");
  }
  // Only the last window may be short; a short one elsewhere means a missed boundary.
  if (length < config_.window && window_end != config_.run_end) {
    throw InvariantError("a window shorter than the window length closed before the run end, at " +
                         std::to_string(window_end.ns) + " ns");
  }
}

void RunMetrics::validate_ledger(const ClusterSnapshot& snapshot, SimTime window_end) const {
  if (auto problem = snapshot.ledger.problem()) {
    throw InvariantError("cost of the window ending at " + std::to_string(window_end.ns) + " ns: " + *problem);
  }
}

void RunMetrics::close_window(SimTime window_end, const ClusterSnapshot& snapshot) {
  validate_window_end(window_end);
  validate_ledger(snapshot, window_end);
  const double length_s = (window_end - window_start_).seconds();
  row_.start_s = window_start_.seconds();
  row_.end_s = window_end.seconds();

  window_all_.reset();
  for (const auto& tally : window_) window_all_.merge(tally);
  emit_row(kAllApps, window_all_, length_s, snapshot);
  lower_min(min_accuracy_all_, window_all_.accuracy_pct());
  total_all_.merge(window_all_);

  for (std::size_t a = 0; a < window_.size(); ++a) {
    if (window_.size() > 1) emit_row(config_.app_names[a], window_[a], length_s, snapshot);
    lower_min(min_accuracy_[a], window_[a].accuracy_pct());
    total_[a].merge(window_[a]);
    window_[a].reset();
  }
  add_cluster(snapshot, length_s);
  window_start_ = window_end;
}

void RunMetrics::emit_row(std::string_view app, const QueryTally& tally, double length_s,
                          const ClusterSnapshot& snapshot) {
  if (!config_.window_sink) return;
  const QueryCounts& c = tally.counts();
  WindowRow& r = row_;
  r.app = app;
  r.arrivals = c.arrived;
  r.demand_qps = static_cast<double>(c.arrived) / length_s;
  r.completed = c.completed;
  r.on_time = c.on_time;
  r.late = c.late;
  r.dropped = c.dropped;
  r.rejected = c.rejected;
  r.throughput_qps = static_cast<double>(c.completed) / length_s;
  r.latency_p50_ms = tally.latency().quantile(0.50).millis();
  r.latency_p99_ms = tally.latency().quantile(0.99).millis();
  r.effective_accuracy = tally.accuracy_pct();
  r.devices = snapshot.devices;
  r.replicas = snapshot.replicas;
  for (std::size_t k = 0; k < kDeviceKindCount; ++k) {
    r.utilisation[k] = snapshot.devices[k] == 0
                           ? std::nullopt
                           : std::optional<double>(snapshot.busy_seconds[k] / (snapshot.devices[k] * length_s));
  }
  r.instances_on_demand = snapshot.instances_on_demand;
  r.instances_spot = snapshot.instances_spot;
  r.lambda_invocations = snapshot.lambda_invocations;
  r.lambda_cold_starts = snapshot.lambda_cold_starts;
  r.cost_per_hour = snapshot.cost_per_hour;
  const CostLedger& ledger = snapshot.ledger;
  r.cost = ledger.total();
  r.cost_on_demand = ledger.on_demand;
  r.cost_spot = ledger.spot;
  r.cost_lambda = ledger.lambda;
  r.cost_fixed = ledger.fixed;
  config_.window_sink->on_window(r);
}

void RunMetrics::add_cluster(const ClusterSnapshot& snapshot, double length_s) {
  cluster_.cost += snapshot.ledger;
  cluster_.lambda_invocations += snapshot.lambda_invocations;
  cluster_.lambda_cold_starts += snapshot.lambda_cold_starts;
  for (std::size_t k = 0; k < kDeviceKindCount; ++k) {
    cluster_.busy_seconds[k] += snapshot.busy_seconds[k];
    cluster_.device_seconds[k] += snapshot.devices[k] * length_s;
    cluster_.memory_gb_seconds[k] += snapshot.memory_gb_seconds[k];
  }
}

void RunMetrics::lower_min(std::optional<double>& min, std::optional<double> value) {
  if (value && (!min || *value < *min)) min = value;
}

std::optional<double> RunMetrics::max_accuracy_drop() const {
  if (!min_accuracy_all_) return std::nullopt;
  return 100.0 - *min_accuracy_all_;
}

std::optional<double> RunMetrics::max_accuracy_drop(std::uint32_t app) const {
  const auto& min = min_accuracy_.at(app);
  if (!min) return std::nullopt;
  return 100.0 - *min;
}

QueryCounts RunMetrics::counts_so_far(std::uint32_t app) const {
  QueryCounts counts = total_[app].counts();
  counts += window_[app].counts();
  return counts;
}

namespace {

std::string conservation_message(std::string_view who, const QueryCounts& c, std::uint64_t in_flight) {
  return "conservation for " + std::string(who) + ": arrived " + std::to_string(c.arrived) + " != completed " +
         std::to_string(c.completed) + " + dropped " + std::to_string(c.dropped) + " + rejected " +
         std::to_string(c.rejected) + " + in flight " + std::to_string(in_flight);
}

}  // namespace

void RunMetrics::check_conservation(std::uint64_t in_flight) const {
  QueryCounts all;
  for (std::uint32_t a = 0; a < app_count(); ++a) {
    const QueryCounts c = counts_so_far(a);
    if (c.finished() > c.arrived) {
      throw InvariantError(conservation_message(config_.app_names[a], c, 0) + " (more finished than arrived)");
    }
    all += c;
  }
  if (all.arrived != all.finished() + in_flight) throw InvariantError(conservation_message(kAllApps, all, in_flight));
}

void RunMetrics::check_conservation(std::span<const std::uint64_t> in_flight_per_app) const {
  if (in_flight_per_app.size() != app_count()) {
    throw InvariantError("conservation check got " + std::to_string(in_flight_per_app.size()) +
                         " in-flight counts for " + std::to_string(app_count()) + " applications");
  }
  std::uint64_t in_flight = 0;
  for (std::uint32_t a = 0; a < app_count(); ++a) {
    const QueryCounts c = counts_so_far(a);
    if (c.arrived != c.finished() + in_flight_per_app[a]) {
      throw InvariantError(conservation_message(config_.app_names[a], c, in_flight_per_app[a]));
    }
    in_flight += in_flight_per_app[a];
  }
  check_conservation(in_flight);
}

}  // namespace servesim
