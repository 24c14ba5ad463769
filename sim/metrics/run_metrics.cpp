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

void ClusterTotals::add(const ClusterSnapshot& snapshot, double measured_s) {
  cost += snapshot.ledger;
  lambda_invocations += snapshot.lambda_invocations;
  lambda_cold_starts += snapshot.lambda_cold_starts;
  for (std::size_t k = 0; k < kDeviceKindCount; ++k) {
    busy_seconds[k] += snapshot.busy_seconds[k];
    device_seconds[k] += snapshot.devices[k] * measured_s;
    memory_gb_seconds[k] += snapshot.memory_gb_seconds[k];
  }
}

RunMetrics::RunMetrics(RunMetricsConfig config)
    : config_(std::move(config)),
      window_measured_(config_.app_names.size()),
      window_warmup_(config_.app_names.size()),
      everything_(config_.app_names.size()),
      measured_(config_.app_names.size()),
      in_span_(config_.app_names.size()),
      accuracy_all_(SimTime::zero() + config_.warmup, config_.run_end),
      window_offline_(config_.app_names.size()) {
  validate_config();
  for (std::size_t a = 0; a < app_count(); ++a) accuracy_.push_back(accuracy_all_);
}

void RunMetrics::validate_config() const {
  if (config_.window <= Duration::zero()) throw InvariantError("metrics window length must be positive");
  if (config_.run_end <= SimTime::zero()) throw InvariantError("metrics run end must be after time 0");
  if (config_.warmup < Duration::zero() || SimTime::zero() + config_.warmup >= config_.run_end) {
    throw InvariantError("metrics warm-up must be in [0, run end)");
  }
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
                       std::to_string(window_measured_.size()) + " applications");
}

void RunMetrics::throw_causality(const QueryOutcome& outcome) {
  throw InvariantError("query " + std::to_string(outcome.id) + " finished at " + std::to_string(outcome.finish.ns) +
                       " ns, before it arrived at " + std::to_string(outcome.arrival.ns) + " ns");
}

// The measured queries' accuracy windows and span completions; their
// tallies join the totals as each window closes.
void RunMetrics::record_measured(const QueryOutcome& outcome) {
  if (outcome.kind != OutcomeKind::kCompleted) return;
  if (outcome.finish <= config_.run_end) {
    for (SpanCompletions* span : {&in_span_[outcome.app], &in_span_all_}) {
      ++span->completed;
      span->on_time += outcome.on_time();
    }
  }
  accuracy_[outcome.app].add(outcome.finish, outcome.accuracy);
  accuracy_all_.add(outcome.finish, outcome.accuracy);
}

void RunMetrics::validate_window_end(SimTime window_end, bool last) const {
  if (closed()) throw InvariantError("a window closed after the run's last one");
  const Duration length = window_end - window_start_;
  // The last window is empty when the run ends exactly on a boundary.
  if (length < Duration::zero() || (length == Duration::zero() && !last) || length > config_.window) {
    throw InvariantError("window closed at " + std::to_string(window_end.ns) + " ns; open window starts at " +
                         std::to_string(window_start_.ns) + " ns and is " + std::to_string(config_.window.ns) +
                         " ns long");
  }
  // Only the last window may be short; a short one elsewhere means a missed boundary.
  if (!last && length < config_.window) {
    throw InvariantError("a window shorter than the window length closed before the run end, at " +
                         std::to_string(window_end.ns) + " ns");
  }
  if (last && window_end < config_.run_end) {
    throw InvariantError("the run ended at " + std::to_string(window_end.ns) + " ns, before its arrivals end at " +
                         std::to_string(config_.run_end.ns) + " ns");
  }
}

void RunMetrics::split(SimTime at, const ClusterSnapshot& part) {
  if (closed() || at < part_start_ || at - window_start_ > config_.window) {
    throw InvariantError("a cluster split at " + std::to_string(at.ns) + " ns, outside the open window");
  }
  add_part(at, part);
}

// A part lies wholly inside or outside the measured span: the simulation
// splits at its ends.
void RunMetrics::add_part(SimTime at, const ClusterSnapshot& part) {
  if (auto problem = part.ledger.problem()) {
    throw InvariantError("cost of the window ending at " + std::to_string(at.ns) + " ns: " + *problem);
  }
  ClusterSnapshot earlier = open_window_;
  open_window_ = part;
  open_window_.add_flows_of(earlier);
  const bool measured_part = part_start_.ns >= config_.warmup.ns && at <= config_.run_end;
  if (measured_part && at > part_start_) cluster_.add(part, (at - part_start_).seconds());
  part_start_ = at;
}

void RunMetrics::close_window(SimTime window_end, const ClusterSnapshot& snapshot) {
  close(window_end, snapshot, /*last=*/false);
}

void RunMetrics::finish(SimTime end, const ClusterSnapshot& snapshot) {
  close(end, snapshot, /*last=*/true);
  end_ = end;
}

Duration RunMetrics::drain() const {
  if (!end_) throw InvariantError("the drain is known once the run has finished");
  return *end_ - config_.run_end;
}

void RunMetrics::close(SimTime window_end, const ClusterSnapshot& snapshot, bool last) {
  validate_window_end(window_end, last);
  add_part(window_end, snapshot);
  const double length_s = (window_end - window_start_).seconds();
  row_.start_s = window_start_.seconds();
  row_.end_s = window_end.seconds();

  window_all_.reset();
  for (std::size_t a = 0; a < app_count(); ++a) {
    window_all_.merge(window_measured_[a]);
    window_all_.merge(window_warmup_[a]);
  }
  // An empty last window gets rows only if queries ended in it (at the very end).
  const bool rows = length_s > 0 || window_all_.counts().arrived > 0 || window_all_.counts().finished() > 0;
  row_.offline_completed = 0;
  for (std::uint64_t n : window_offline_) row_.offline_completed += n;
  row_.offline_paused = window_paused_;
  if (rows) emit_row(kAllApps, window_all_, length_s, open_window_);
  for (std::size_t a = 0; a < app_count(); ++a) {
    if (rows && app_count() > 1) {
      row_app_.reset();
      row_app_.merge(window_measured_[a]);
      row_app_.merge(window_warmup_[a]);
      row_.offline_completed = window_offline_[a];
      emit_row(config_.app_names[a], row_app_, length_s, open_window_);
    }
    measured_[a].merge(window_measured_[a]);
    measured_all_.merge(window_measured_[a]);
    window_measured_[a].reset();
    window_warmup_[a].reset();
  }
  open_window_ = ClusterSnapshot{};
  std::fill(window_offline_.begin(), window_offline_.end(), 0);
  window_paused_.fill(false);
  window_start_ = window_end;
}

void RunMetrics::emit_row(std::string_view app, const QueryTally& tally, double length_s,
                          const ClusterSnapshot& snapshot) {
  if (!config_.window_sink) return;
  const QueryCounts& c = tally.counts();
  WindowRow& r = row_;
  const bool rates = length_s >= kShortestRateWindow * config_.window.seconds();
  const auto per_second = [&](double count) { return rates ? std::optional<double>(count / length_s) : std::nullopt; };
  r.app = app;
  r.arrivals = c.arrived;
  r.demand_qps = per_second(static_cast<double>(c.arrived));
  r.completed = c.completed;
  r.on_time = c.on_time;
  r.late = c.late;
  r.dropped = c.dropped;
  r.rejected = c.rejected;
  r.unfinished = c.unfinished;
  r.throughput_qps = per_second(static_cast<double>(c.completed));
  r.goodput_qps = per_second(static_cast<double>(c.on_time));
  r.latency_p50_ms = tally.latency().quantile(0.50).millis();
  r.latency_p99_ms = tally.latency().quantile(0.99).millis();
  r.effective_accuracy = tally.accuracy_pct();
  r.devices = snapshot.devices;
  r.replicas = snapshot.replicas;
  for (std::size_t k = 0; k < kDeviceKindCount; ++k) {
    r.utilisation[k] = snapshot.devices[k] == 0 || !rates
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
  r.cost_hosted = ledger.hosted;
  config_.window_sink->on_window(r);
}

namespace {

std::string conservation_message(std::string_view who, const QueryCounts& c, std::uint64_t in_flight) {
  return "conservation for " + std::string(who) + ": arrived " + std::to_string(c.arrived) + " != completed " +
         std::to_string(c.completed) + " + dropped " + std::to_string(c.dropped) + " + rejected " +
         std::to_string(c.rejected) + " + unfinished " + std::to_string(c.unfinished) + " + in flight " +
         std::to_string(in_flight);
}

}  // namespace

void RunMetrics::check_conservation(std::span<const std::uint64_t> in_flight_per_app) const {
  if (in_flight_per_app.size() != app_count()) {
    throw InvariantError("conservation check got " + std::to_string(in_flight_per_app.size()) +
                         " in-flight counts for " + std::to_string(app_count()) + " applications");
  }
  QueryCounts all;
  std::uint64_t in_flight = 0;
  for (std::uint32_t a = 0; a < app_count(); ++a) {
    const QueryCounts& c = everything_[a];
    if (c.arrived != c.finished() + in_flight_per_app[a]) {
      throw InvariantError(conservation_message(config_.app_names[a], c, in_flight_per_app[a]));
    }
    all += c;
    in_flight += in_flight_per_app[a];
  }
  if (all.arrived != all.finished() + in_flight) throw InvariantError(conservation_message(kAllApps, all, in_flight));
}

}  // namespace servesim
