#pragma once
// The table printed at the end of `servesim run`: one row per policy, the same
// columns in every scenario, so that tables from different scenarios line up.
// The one exception: a scenario with offline jobs adds a last column (before
// the wall time), the offline inputs done, so that tables of online-only
// scenarios stay as they were. The same rows go to comparison.csv, without
// the wall time (timing.json has it), so that a rerun writes the same bytes,
// and with a last column, "config", that tells which scenario text and
// overrides a row was run with (Provenance::config()).
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "sim/metrics/run_summary.hpp"

namespace servesim {

class ComparisonTable {
 public:
  ComparisonTable() = default;
  // wall_seconds[i] is the wall time of runs[i]; the sizes must match.
  ComparisonTable(const std::vector<RunSummary>& runs, const std::vector<double>& wall_seconds);

  void add(const RunSummary& run, double wall_seconds);
  std::size_t size() const { return rows_.size(); }

  // Fixed-width text, numbers right-aligned, "-" where a value is missing.
  void print(std::ostream& out) const;
  // Full precision, empty cells where a value is missing; a leading scenario
  // column so that tables of several scenarios concatenate. No wall time.
  void write_csv(std::ostream& out) const;

  // comparison.csv after a run of some of a scenario's policies (--policy):
  // `fresh` (this run's CSV) merged into `existing` (the file's text, maybe
  // empty) by policy label, rows in the scenario's label order, so running
  // the policies one at a time gives the same file as running them together.
  // Rows of labels the scenario no longer has, and a file with other columns,
  // are dropped. Each row keeps its own "config": a row kept from a run with
  // other overrides says so.
  static std::string merged_csv(std::string_view existing, std::string_view fresh,
                                const std::vector<std::string>& label_order);
  // The labels of a comparison.csv's rows run with another config than `config`.
  static std::vector<std::string> labels_of_other_configs(std::string_view csv, std::string_view config);

 private:
  struct Row {
    std::string scenario;
    std::string policy;
    std::uint64_t queries = 0;
    double throughput_qps = 0;
    double goodput_qps = 0;
    double slo_pct = 0;
    std::optional<double> p50_ms, p99_ms, accuracy_pct, max_drop_pct;
    double cost = 0;  // total dollars
    double spot_cost = 0;
    double lambda_cost = 0;
    std::optional<double> memory_cost;  // INFaaS' normalized cost, when asked for
    std::optional<std::uint64_t> offline_inputs_done;  // empty: the run had no offline jobs
    double wall_s = 0;
    std::string config;  // Provenance::config(): rows of one invocation share it
  };
  // Whether any run had offline jobs: the table then has their column.
  bool has_offline_column() const;
  static std::vector<std::string_view> text_headers(bool offline_column);
  static std::vector<std::string> text_cells(const Row& row, bool offline_column);

  std::vector<Row> rows_;
};

}  // namespace servesim
