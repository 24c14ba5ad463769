#include "sim/scenario/scenario_runner.hpp"

#include <sys/resource.h>

#include <chrono>
#include <exception>
#include <fstream>
#include <iostream>
#include <mutex>
#include <thread>

#include "policies/policy_registry.hpp"
#include "policies/scenario_cache.hpp"
#include "sim/core/input_error.hpp"
#include "sim/metrics/query_csv_writer.hpp"
#include "sim/scenario/atomic_file.hpp"
#include "sim/scenario/build_info.hpp"
#include "sim/scenario/policy_context.hpp"
#include "sim/scenario/progress_line.hpp"
#include "sim/scenario/query_csv_names.hpp"
#include "sim/scenario/run_timing.hpp"
#include "sim/metrics/run_metrics.hpp"
#include "sim/metrics/timeseries_csv_writer.hpp"
#include "sim/serving/simulation.hpp"

namespace servesim {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

std::vector<const PolicySpec*> selected(const Scenario& scenario, const std::vector<std::string>& labels) {
  std::vector<const PolicySpec*> out;
  for (const auto& p : scenario.policies) {
    if (labels.empty() || std::find(labels.begin(), labels.end(), p.label) != labels.end()) out.push_back(&p);
  }
  for (const auto& label : labels) {
    const bool known = std::any_of(scenario.policies.begin(), scenario.policies.end(),
                                   [&](const PolicySpec& p) { return p.label == label; });
    if (!known) throw InputError(scenario.file, "--policy " + label + ": the scenario has no policy with this label");
  }
  return out;
}

std::vector<std::string> app_names(const Scenario& scenario) {
  std::vector<std::string> names;
  for (const auto& app : scenario.world.applications) names.push_back(app.name);
  return names;
}

// Every arrival of every application, the warm-up's too.
std::uint64_t arrivals(const RunMetrics& metrics) {
  std::uint64_t n = 0;
  for (std::uint32_t a = 0; a < metrics.app_count(); ++a) n += metrics.arrived_all(a);
  return n;
}

RunIdentity run_identity(const Scenario& scenario, const PolicySpec& spec) {
  RunIdentity identity{scenario.name, spec.label, spec.name, scenario.world.seed, scenario.world.duration.seconds(),
                       scenario.world.warmup.seconds()};
  identity.provenance = {servesim_version(), servesim_commit(), scenario.sha256, scenario.overrides};
  return identity;
}

// summary.json -> summary.partial.json: where a run that stopped early keeps
// what it wrote, beside (never over) the outputs of an earlier complete run.
fs::path partial_name(const fs::path& path) {
  return path.parent_path() / (path.stem().string() + ".partial" + path.extension().string());
}

// The files of one run. All open before it starts, so that a folder in the
// way or one without write permission shows before a long run, not after.
struct RunFiles {
  std::unique_ptr<AtomicFile> series, queries, summary, timing;
  std::unique_ptr<TimeSeriesCsvWriter> series_writer;
  std::unique_ptr<QueryCsvWriter> query_writer;

  RunFiles(const Scenario& scenario, const fs::path& dir) {
    create_output_folder(dir);
    series = std::make_unique<AtomicFile>(dir / "timeseries.csv");
    series_writer = std::make_unique<TimeSeriesCsvWriter>(series->stream(), !scenario.world.offline_jobs.empty());
    if (scenario.outputs.queries_csv) {
      queries = std::make_unique<AtomicFile>(dir / "queries.csv");
      query_writer = std::make_unique<QueryCsvWriter>(queries->stream(), query_csv_names(scenario.world));
    }
    summary = std::make_unique<AtomicFile>(dir / "summary.json");
    timing = std::make_unique<AtomicFile>(dir / "timing.json");
  }

  // Every file closes (a full disk shows) before any replaces an earlier
  // run's, so that a failure leaves the earlier set whole. `partial`: under
  // the partial names, without timing.json; else the partial files of an
  // earlier run go.
  void commit(bool partial) {
    series_writer->flush();
    if (query_writer) query_writer->flush();
    const std::vector<AtomicFile*> files{series.get(), queries.get(), summary.get(), partial ? nullptr : timing.get()};
    for (AtomicFile* file : files) {
      if (file) file->close();
    }
    for (AtomicFile* file : files) {
      if (file && partial) file->commit(partial_name(file->path()));
      if (file && !partial) file->commit();
      std::error_code ignored;
      if (file && !partial) fs::remove(partial_name(file->path()), ignored);
    }
  }
};

RunReport run_one(const Scenario& scenario, const PolicySpec& spec, const RunOptions& options, std::mutex& mutex,
                  ScenarioCache& cache) {
  const auto begin = Clock::now();
  RunReport report;
  report.dir = (options.out_dir.empty() ? scenario.outputs.dir : options.out_dir) / spec.label;
  std::unique_ptr<RunFiles> files;
  if (options.write_files) files = std::make_unique<RunFiles>(scenario, report.dir);
  RunMetrics metrics(RunMetricsConfig{scenario.world.window, SimTime::zero() + scenario.world.duration,
                                      app_names(scenario), files ? files->series_writer.get() : nullptr,
                                      files ? files->query_writer.get() : nullptr, scenario.world.warmup});
  const auto policy = build_scenario_policy(scenario, spec, &cache);
  Simulation simulation(scenario.world_of(spec), *policy, metrics);
  simulation.start();
  ProgressLine progress(spec.label, scenario.world.duration, options.quiet, mutex);
  try {
    simulation.run([&](SimTime now) { progress.update(now, simulation.events_dispatched()); },
                   scenario.world.duration.is_infinite() ? Duration::infinite() : from_seconds(1));
  } catch (const InFlightCapExceeded& stop) {
    // The run cannot go on; what it wrote so far is kept, marked partial.
    std::string kept;
    if (files) {
      const PartialRun partial{run_identity(scenario, spec), stop.what(), stop.at().seconds(), arrivals(metrics)};
      write_partial_summary_json(partial, files->summary->stream());
      files->commit(/*partial=*/true);
      kept = "; partial outputs: " + partial_name(files->summary->path()).string() + " (\"partial\": true)";
    }
    throw InputError(scenario.file + ": serving.max_in_flight",
                     std::string(stop.what()) + " (overload with no drop policy, or too high a rate): run \"" +
                         spec.label + "\" stopped" + kept);
  }
  report.summary = make_run_summary(metrics, run_identity(scenario, spec), scenario.outputs.memory_prices);
  if (scenario.outputs.proteus_artifact_metrics) report.summary.artifact_violation_key = "proteus_artifact_violation_ratio";
  report.summary.actions = simulation.actions();
  PolicyCounters counters;
  policy->report(counters);
  report.summary.policy_counters = counters.counters();
  report.policy_wall = counters.wall_seconds();
  report.policy_wall_seconds = simulation.policy_wall_seconds();
  report.events = simulation.events_dispatched();
  report.simulated_queries = arrivals(metrics);
  report.wall_seconds = std::chrono::duration<double>(Clock::now() - begin).count();
  if (files) {
    write_summary_json(report.summary, files->summary->stream());
    write_timing_json(report, files->timing->stream());
    files->commit(/*partial=*/false);
  }
  return report;
}

// Builds each selected policy and lets it place its initial replicas; what
// the policies compute on the way for every run (MArk's trained predictors)
// stays in `cache` (null when checking only: nothing is computed).
void place_initial_replicas(const Scenario& scenario, const std::vector<std::string>& labels, ScenarioCache* cache,
                            bool check_only, std::ostream* notices = nullptr) {
  for (const PolicySpec* spec : selected(scenario, labels)) {
    RunMetrics metrics(RunMetricsConfig{scenario.world.window, SimTime::zero() + scenario.world.duration,
                                        app_names(scenario), nullptr, nullptr});
    const auto policy = build_scenario_policy(scenario, *spec, cache, check_only, nullptr, notices);
    Simulation simulation(scenario.world_of(*spec), *policy, metrics);
    simulation.start();
  }
}

}  // namespace

void validate_policies(const Scenario& scenario, const std::vector<std::string>& labels) {
  place_initial_replicas(scenario, labels, nullptr, /*check_only=*/true);
}

std::vector<RunReport> run_scenario(const Scenario& scenario, const RunOptions& options) {
  const auto specs = selected(scenario, options.policies);
  ScenarioCache own;  // every run of the scenario plans on the same trained predictors
  ScenarioCache& cache = options.cache != nullptr ? *options.cache : own;
  // The long steps (MArk's training) happen here, once: announced unless quiet.
  place_initial_replicas(scenario, options.policies, &cache, /*check_only=*/false, options.quiet ? nullptr : &std::cerr);
  std::vector<RunReport> reports(specs.size());
  std::vector<std::exception_ptr> errors(specs.size());
  std::mutex mutex;
  std::size_t next = 0;
  auto worker = [&] {
    while (true) {
      std::size_t i;
      {
        std::lock_guard lock(mutex);
        if (next == specs.size()) return;
        i = next++;
      }
      try {
        reports[i] = run_one(scenario, *specs[i], options, mutex, cache);
      } catch (...) {
        errors[i] = std::current_exception();
      }
    }
  };
  std::vector<std::thread> threads;
  const unsigned jobs = std::max(1u, std::min<unsigned>(options.jobs, static_cast<unsigned>(specs.size())));
  for (unsigned t = 1; t < jobs; ++t) threads.emplace_back(worker);
  worker();
  for (auto& t : threads) t.join();
  for (const auto& e : errors) {
    if (e) std::rethrow_exception(e);
  }
  return reports;
}

double process_peak_rss_mib() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_maxrss) / 1024.0;  // ru_maxrss is in KiB on Linux
}

}  // namespace servesim
