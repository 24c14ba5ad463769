#include "sim/metrics/run_summary.hpp"

#include "sim/core/input_error.hpp"
#include "sim/core/sha256.hpp"
#include "sim/metrics/json_writer.hpp"
#include "sim/metrics/run_metrics.hpp"

namespace servesim {
namespace {

QuerySummary summarize_queries(const QueryCounts& c, std::string_view app) {
  if (c.finished() > c.arrived) {
    throw InvariantError("summary of " + std::string(app) + ": " + std::to_string(c.finished()) +
                         " queries finished but only " + std::to_string(c.arrived) + " arrived");
  }
  if (c.finished() != c.arrived) {
    throw InvariantError("summary of " + std::string(app) + ": " + std::to_string(c.arrived) + " queries arrived but " +
                         std::to_string(c.finished()) + " have an outcome");
  }
  return QuerySummary{c.arrived, c.completed, c.on_time, c.late, c.dropped, c.rejected, c.unfinished, c.over_one_second};
}

LatencySummary summarize_latency(const LatencyHistogram& h) {
  if (h.count() == 0) return {};
  return LatencySummary{h.mean().millis(), h.quantile(0.50).millis(), h.quantile(0.90).millis(),
                        h.quantile(0.99).millis(), h.quantile(0.999).millis()};
}

ServiceSummary summarize_service(std::string app, const QueryTally& tally, const SpanCompletions& span,
                                 std::optional<double> max_drop, double measured_s) {
  ServiceSummary s;
  s.queries = summarize_queries(tally.counts(), app);
  s.app = std::move(app);
  s.throughput_qps = static_cast<double>(span.completed) / measured_s;
  s.goodput_qps = static_cast<double>(span.on_time) / measured_s;
  const std::uint64_t arrived = s.queries.arrived;
  s.slo_attainment = arrived == 0 ? 1.0 : static_cast<double>(s.queries.on_time) / static_cast<double>(arrived);
  s.violation_ratio = 1.0 - s.slo_attainment;
  const QuerySummary& q = s.queries;
  const std::uint64_t counted = q.completed + q.dropped + q.rejected;
  s.artifact_violation_ratio =
      counted == 0 ? 0.0 : static_cast<double>(q.dropped + q.rejected + q.over_one_second) / static_cast<double>(counted);
  s.latency_ms = summarize_latency(tally.latency());
  s.effective_accuracy = tally.accuracy_pct();
  s.max_accuracy_drop = max_drop;
  return s;
}

void write_service(JsonWriter& w, const ServiceSummary& s, const std::string& artifact_key) {
  w.begin_object("queries");
  w.integer("arrived", s.queries.arrived);
  w.integer("completed", s.queries.completed);
  w.integer("on_time", s.queries.on_time);
  w.integer("late", s.queries.late);
  w.integer("dropped", s.queries.dropped);
  w.integer("rejected", s.queries.rejected);
  w.integer("unfinished", s.queries.unfinished);
  if (!artifact_key.empty()) w.integer("over_one_second", s.queries.over_one_second);
  w.end_object();
  w.number("throughput_qps", s.throughput_qps);
  w.number("goodput_qps", s.goodput_qps);
  w.number("slo_attainment", s.slo_attainment);
  w.number("violation_ratio", s.violation_ratio);
  if (!artifact_key.empty()) w.number(artifact_key, s.artifact_violation_ratio);
  w.begin_object("latency_ms");
  w.number("mean", s.latency_ms.mean_ms);
  w.number("p50", s.latency_ms.p50_ms);
  w.number("p90", s.latency_ms.p90_ms);
  w.number("p99", s.latency_ms.p99_ms);
  w.number("p999", s.latency_ms.p999_ms);
  w.end_object();
  w.number("effective_accuracy", s.effective_accuracy);
  w.number("max_accuracy_drop", s.max_accuracy_drop);
}

void write_policy(JsonWriter& w, const RunSummary& summary) {
  w.begin_object("policy_counters");  // "policy" is the run's label
  w.begin_object("actions");
  for (std::size_t k = 0; k < kControlActionCount; ++k) w.integer(kControlActionNames[k], summary.actions.by_kind[k]);
  w.end_object();
  for (const auto& [name, value] : summary.policy_counters) w.number(name, value);
  w.end_object();
}

// What ran: the same first keys in summary.json and summary.partial.json.
// Jobs keyed "app/name" (unique: names are unique within an application).
void write_offline(JsonWriter& w, const RunSummary& summary) {
  if (summary.offline_jobs.empty()) return;
  w.begin_object("offline");
  w.integer("inputs_done", summary.offline_inputs_done);
  w.begin_object("jobs");
  for (const auto& job : summary.offline_jobs) {
    w.begin_object(job.app + "/" + job.name);
    w.integer("inputs", job.inputs);
    w.integer("done", job.done);
    w.number("submit_s", job.submit_s);
    w.number("completed_s", job.completed_s);  // null: not finished
    w.number("waiting_s", job.waiting_s);
    w.number("deadline_s", job.deadline_s);
    if (job.deadline_s) {
      w.boolean("deadline_met", job.completed_s && *job.completed_s - job.submit_s <= *job.deadline_s);
    }
    w.end_object();
  }
  w.end_object();
  w.end_object();
}

void write_identity(JsonWriter& w, const RunIdentity& identity) {
  w.string("scenario", identity.scenario);
  w.string("policy", identity.policy);
  w.string("policy_name", identity.policy_name);
  w.integer("seed", identity.seed);
  w.number("duration_s", identity.duration_s);
  w.number("warmup_s", identity.warmup_s);
  const Provenance& p = identity.provenance;
  w.begin_object("provenance");
  w.string("servesim_version", p.version);
  w.string("servesim_commit", p.commit);
  w.string("scenario_sha256", p.scenario_sha256);
  w.strings("overrides", p.overrides);
  w.string("config", p.config());
  w.end_object();
}

}  // namespace

std::string Provenance::config() const {
  std::string text = scenario_sha256;
  for (const std::string& o : overrides) text += "\n" + o;
  return sha256_hex(text).substr(0, 16);
}

RunSummary make_run_summary(const RunMetrics& metrics, RunIdentity identity,
                            const std::optional<MemoryPrices>& memory_prices) {
  if (!metrics.closed()) {
    throw InvariantError("run summary asked for before the window ending at the run end closed");
  }
  RunSummary summary;
  const double measured_s = metrics.measured_seconds();
  summary.identity = std::move(identity);
  summary.identity.warmup_s = metrics.warmup().seconds();
  summary.identity.drain_s = metrics.drain().seconds();
  summary.overall = summarize_service(std::string(RunMetrics::kAllApps), metrics.total(), metrics.in_span(),
                                      metrics.max_accuracy_drop(), measured_s);
  for (std::uint32_t a = 0; a < metrics.app_count(); ++a) {
    summary.per_app.push_back(summarize_service(metrics.app_names()[a], metrics.total(a), metrics.in_span(a),
                                                metrics.max_accuracy_drop(a), measured_s));
  }
  summary.cost = metrics.cluster().cost;
  for (std::size_t k = 0; k < kDeviceKindCount; ++k) {
    summary.utilisation[k] = metrics.cluster().utilisation(static_cast<DeviceKind>(k));
  }
  summary.memory_gb_seconds = metrics.cluster().memory_gb_seconds;
  if (memory_prices) summary.memory_cost = memory_cost(summary.memory_gb_seconds, *memory_prices);
  summary.offline_inputs_done = metrics.offline_done();
  summary.offline_jobs = metrics.offline_jobs();
  return summary;
}

void write_summary_json(const RunSummary& summary, std::ostream& out) {
  JsonWriter w(out);
  w.begin_object();
  write_identity(w, summary.identity);
  w.number("drain_s", summary.identity.drain_s);
  write_service(w, summary.overall, summary.artifact_violation_key);
  w.begin_object("cost");
  w.number("total", summary.cost.total());
  w.number("on_demand", summary.cost.on_demand);
  w.number("spot", summary.cost.spot);
  w.number("lambda", summary.cost.lambda);
  w.number("fixed", summary.cost.fixed);
  w.number("hosted", summary.cost.hosted);  // a view of fixed, not in total (CostLedger::hosted)
  w.number("memory_normalized", summary.memory_cost);  // null unless outputs.memory_cost_per_gb_second
  // What a researcher compares across policies of different sizes: dollars
  // per million queries answered on time (null when none was).
  const std::uint64_t on_time = summary.overall.queries.on_time;
  w.number("per_million_on_time",
           on_time > 0 ? std::optional<double>(summary.cost.total() * 1e6 / static_cast<double>(on_time)) : std::nullopt);
  w.begin_object("by_instance_type");  // sorted by name: the map's order
  for (const auto& [type, dollars] : summary.cost.by_instance_type) w.number(type, dollars);
  w.end_object();
  w.end_object();
  w.begin_object("utilisation");
  for (std::size_t k = 0; k < kDeviceKindCount; ++k) w.number(kDeviceKindNames[k], summary.utilisation[k]);
  w.end_object();
  w.begin_object("memory_gb_seconds");
  for (std::size_t k = 0; k < kDeviceKindCount; ++k) w.number(kDeviceKindNames[k], summary.memory_gb_seconds[k]);
  w.end_object();
  w.begin_object("per_app");
  for (const auto& app : summary.per_app) {
    w.begin_object(app.app);
    write_service(w, app, summary.artifact_violation_key);
    w.end_object();
  }
  w.end_object();
  write_offline(w, summary);
  write_policy(w, summary);
  w.end_object();
}

void write_partial_summary_json(const PartialRun& run, std::ostream& out) {
  JsonWriter w(out);
  w.begin_object();
  write_identity(w, run.identity);
  w.boolean("partial", true);
  w.string("partial_reason", run.reason);
  w.number("stopped_at_s", run.stopped_at_s);
  w.integer("arrived", run.arrived);
  w.end_object();
}

}  // namespace servesim
