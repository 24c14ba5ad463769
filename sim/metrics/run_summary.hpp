#pragma once
// What one run came to: summary.json. A plain value built from RunMetrics once
// the last window has closed, plus the run's identity and what its policy
// did. It holds no wall-clock time, so identical runs write byte-identical
// files; the runner reports wall time in timing.json. Every definition is in
// docs/scenario.md ("Outputs").
#include <array>
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "sim/cluster/device_kind.hpp"
#include "sim/metrics/control_actions.hpp"
#include "sim/metrics/cost_ledger.hpp"
#include "sim/metrics/memory_cost.hpp"
#include "sim/metrics/offline_results.hpp"
#include "sim/metrics/policy_counters.hpp"
#include "sim/metrics/query_tally.hpp"

namespace servesim {

class RunMetrics;

// How a run was made, beside its label and seed (RunIdentity): which
// servesim, from which scenario text and which --set overrides.
struct Provenance {
  std::string version;         // servesim's
  std::string commit;          // the git commit it was built from ("+dirty", "unknown")
  std::string scenario_sha256;  // of the scenario file's bytes
  std::vector<std::string> overrides;  // in the order given
  // The first 16 hex digits of a sha256 over the scenario's and the overrides:
  // two runs share it when they ran the same scenario text with the same
  // overrides (comparison.csv's "config" column).
  std::string config() const;
};

struct RunIdentity {
  std::string scenario;
  std::string policy;       // the run's label, e.g. "proteus-no-batching"
  std::string policy_name;  // the policy family, e.g. "proteus"
  std::uint64_t seed = 0;
  double duration_s = 0;  // arrivals span [0, duration_s)
  double warmup_s = 0;    // excluded from every summary metric
  double drain_s = 0;     // after duration_s, until nothing was left (or the bound)
  Provenance provenance{};
};

struct QuerySummary {
  std::uint64_t arrived = 0;
  std::uint64_t completed = 0;
  std::uint64_t on_time = 0;
  std::uint64_t late = 0;
  std::uint64_t dropped = 0;
  std::uint64_t rejected = 0;
  std::uint64_t unfinished = 0;  // still in the system when the drain's bound ended the run
  std::uint64_t over_one_second = 0;  // completed after more than 1 s (query_tally.hpp)
};

// Empty when no query completed: a missing latency is not a latency of 0.
struct LatencySummary {
  std::optional<double> mean_ms, p50_ms, p90_ms, p99_ms, p999_ms;
};

// The service block, for the whole run and for each application.
struct ServiceSummary {
  std::string app;  // "all" for the whole run
  QuerySummary queries;  // those that arrived after the warm-up
  // Completions (all, on time) by the end of the arrivals, per second of the
  // measured span (duration - warm-up): the drain's are not capacity.
  double throughput_qps = 0;
  double goodput_qps = 0;
  // on_time / arrived: every query counts (the drain gives each an outcome;
  // unfinished ones missed their SLO). With nothing arrived, 0/0 is taken as
  // 1 (no SLO was missed) and the violation ratio as 0.
  double slo_attainment = 1;
  double violation_ratio = 0;
  LatencySummary latency_ms;
  std::optional<double> effective_accuracy;  // percent
  std::optional<double> max_accuracy_drop;   // percent
  // The Proteus artifact's violation ratio (run.py): (dropped + rejected +
  // late) / (completed + dropped + rejected), "late" as the artifact counts
  // it: completed after more than 1 s (query_tally.hpp). Queries without an
  // outcome by the end (unfinished) count in neither part, as in the
  // artifact, whose counters see a query only when it is dropped or
  // finishes. 0 with none.
  double artifact_violation_ratio = 0;
};

struct RunSummary {
  RunIdentity identity;
  // Not empty: each service block also gets the artifact's violation ratio
  // under this key, and its over-one-second count (outputs.metrics
  // "proteus-artifact", which names the key; docs/scenario.md, "Outputs").
  std::string artifact_violation_key;
  ServiceSummary overall;
  CostLedger cost;  // summed over the run's windows
  // Busy / device seconds by device kind; empty for a kind with no device.
  std::array<std::optional<double>, kDeviceKindCount> utilisation{};
  // Model memory resident on devices, by device kind, in GB-seconds.
  std::array<double, kDeviceKindCount> memory_gb_seconds{};
  // INFaaS' memory-proportional cost (memory_cost.hpp), when the scenario asks for it.
  std::optional<double> memory_cost;
  std::vector<ServiceSummary> per_app;  // in application order
  // Offline jobs (written only when the scenario has some, so that an
  // online-only summary is unchanged): inputs finished over the whole run,
  // and each job's result.
  std::uint64_t offline_inputs_done = 0;
  std::vector<OfflineJobResult> offline_jobs;
  // The policy: its control actions (counted by the engine) and its own counters.
  ControlActionCounts actions;
  PolicyCounters::Entries policy_counters;
};

// Throws InvariantError if the run's last window has not closed or more
// queries finished than arrived.
// With `memory_prices`, memory_cost is the resident memory priced by them.
RunSummary make_run_summary(const RunMetrics& metrics, RunIdentity identity,
                            const std::optional<MemoryPrices>& memory_prices = std::nullopt);

// Pretty JSON, keys in a fixed order, numbers with at most 6 decimals.
void write_summary_json(const RunSummary& summary, std::ostream& out);

// summary.partial.json: what a run that stopped early (serving.max_in_flight)
// can honestly say. Totals would not compare with a finished run's (the
// queries in flight have no outcome, the drain never came), so it gives what
// ran, when and why it stopped and how many queries had arrived, with
// "partial": true so that no reader takes it for a summary.
struct PartialRun {
  RunIdentity identity;       // drain_s unused: no drain came
  std::string reason;         // one sentence: what stopped the run
  double stopped_at_s = 0;    // simulated time of the stop
  std::uint64_t arrived = 0;  // every arrival before the stop, the warm-up's too
};

void write_partial_summary_json(const PartialRun& run, std::ostream& out);

}  // namespace servesim
