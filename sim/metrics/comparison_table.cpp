#include "sim/metrics/comparison_table.hpp"

#include <algorithm>
#include <array>
#include <string_view>

#include "sim/core/input_error.hpp"
#include "sim/core/text_fields.hpp"
#include "sim/metrics/report_format.hpp"

namespace servesim {
namespace {

// Cost is the total, then the parts a scenario may or may not have (0 when it
// has none), so that the columns stay the same in every scenario.
// "mem cost" is INFaaS' memory-proportional cost, "-" unless the scenario asks
// for it (outputs.memory_cost_per_gb_second).
// Then, only when a run had offline jobs, the offline inputs done ("-" for a
// run without), and last in the printed table the wall time, which the CSV
// leaves out.
constexpr std::size_t kFixedColumns = 13;
constexpr std::array<std::string_view, kFixedColumns> kHeaders = {
    "policy", "queries",    "thr/s",  "good/s", "SLO %",  "p50 ms",   "p99 ms",
    "acc %",  "max drop %", "cost $", "spot $", "lambda $", "mem cost"};
constexpr std::array<std::string_view, kFixedColumns> kCsvHeaders = {
    "policy",       "queries",      "throughput_qps", "goodput_qps", "slo_pct",  "p50_ms",     "p99_ms",
    "accuracy_pct", "max_drop_pct", "cost_usd",       "spot_usd",    "lambda_usd", "memory_cost"};
constexpr std::string_view kOfflineHeader = "offline";
constexpr std::string_view kOfflineCsvHeader = "offline_inputs_done";
constexpr std::string_view kWallHeader = "wall s";
constexpr std::string_view kConfigCsvHeader = "config";

std::string fixed_or_dash(const std::optional<double>& value, int decimals) {
  return value ? format_fixed(*value, decimals) : "-";
}

void pad(std::string& out, std::string_view cell, std::size_t width, bool left) {
  if (!left) out.append(width - cell.size(), ' ');
  out += cell;
  if (left) out.append(width - cell.size(), ' ');
}

// Empty for a run without offline jobs: "none done" would read as a failure.
std::optional<std::uint64_t> offline_inputs_done(const RunSummary& run) {
  if (run.offline_jobs.empty()) return std::nullopt;
  return run.offline_inputs_done;
}

}  // namespace

ComparisonTable::ComparisonTable(const std::vector<RunSummary>& runs, const std::vector<double>& wall_seconds) {
  if (runs.size() != wall_seconds.size()) {
    throw InvariantError("comparison table got " + std::to_string(runs.size()) + " runs and " +
                         std::to_string(wall_seconds.size()) + " wall times");
  }
  for (std::size_t i = 0; i < runs.size(); ++i) add(runs[i], wall_seconds[i]);
}

void ComparisonTable::add(const RunSummary& run, double wall_seconds) {
  const ServiceSummary& s = run.overall;
  rows_.push_back(Row{run.identity.scenario, run.identity.policy, s.queries.arrived, s.throughput_qps,
                      s.goodput_qps, 100.0 * s.slo_attainment, s.latency_ms.p50_ms, s.latency_ms.p99_ms, s.effective_accuracy,
                      s.max_accuracy_drop, run.cost.total(), run.cost.spot, run.cost.lambda, run.memory_cost,
                      offline_inputs_done(run), wall_seconds, run.identity.provenance.config()});
}

bool ComparisonTable::has_offline_column() const {
  return std::any_of(rows_.begin(), rows_.end(), [](const Row& r) { return r.offline_inputs_done.has_value(); });
}

std::vector<std::string_view> ComparisonTable::text_headers(bool offline_column) {
  std::vector<std::string_view> headers(kHeaders.begin(), kHeaders.end());
  if (offline_column) headers.push_back(kOfflineHeader);
  headers.push_back(kWallHeader);
  return headers;
}

std::vector<std::string> ComparisonTable::text_cells(const Row& r, bool offline_column) {
  std::vector<std::string> cells = {r.policy,
                                    std::to_string(r.queries),
                                    format_fixed(r.throughput_qps, 1),
                                    format_fixed(r.goodput_qps, 1),
                                    format_fixed(r.slo_pct, 2),
                                    fixed_or_dash(r.p50_ms, 2),
                                    fixed_or_dash(r.p99_ms, 2),
                                    fixed_or_dash(r.accuracy_pct, 2),
                                    fixed_or_dash(r.max_drop_pct, 2),
                                    format_fixed(r.cost, 4),
                                    format_fixed(r.spot_cost, 4),
                                    format_fixed(r.lambda_cost, 4),
                                    fixed_or_dash(r.memory_cost, 4)};
  if (offline_column) cells.push_back(r.offline_inputs_done ? std::to_string(*r.offline_inputs_done) : "-");
  cells.push_back(format_fixed(r.wall_s, 2));
  return cells;
}

void ComparisonTable::print(std::ostream& out) const {
  const bool offline = has_offline_column();
  const std::vector<std::string_view> headers = text_headers(offline);
  std::vector<std::vector<std::string>> cells;
  for (const auto& row : rows_) cells.push_back(text_cells(row, offline));
  std::vector<std::size_t> width(headers.size());
  for (std::size_t c = 0; c < headers.size(); ++c) {
    width[c] = headers[c].size();
    for (const auto& line : cells) width[c] = std::max(width[c], line[c].size());
  }
  auto print_line = [&](auto cell_at) {
    std::string line;
    for (std::size_t c = 0; c < headers.size(); ++c) {
      if (c > 0) line += "  ";
      pad(line, cell_at(c), width[c], c == 0);  // names read best left-aligned, numbers right
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out << line << '\n';
  };
  print_line([&](std::size_t c) { return headers[c]; });
  std::size_t total = 2 * (headers.size() - 1);
  for (auto w : width) total += w;
  out << std::string(total, '-') << '\n';
  for (const auto& line : cells) print_line([&](std::size_t c) { return std::string_view(line[c]); });
}

namespace {

std::vector<std::string_view> csv_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    lines.push_back(text.substr(0, end));
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + 1);
  }
  return lines;
}

// The policy label: the second field.
std::string label_of(std::string_view line) {
  const auto fields = split_csv_record(line);
  return fields.size() > 1 ? fields[1] : std::string();
}

}  // namespace

std::vector<std::string> ComparisonTable::labels_of_other_configs(std::string_view csv, std::string_view config) {
  std::vector<std::string> labels;
  const auto lines = csv_lines(csv);
  for (std::size_t i = 1; i < lines.size(); ++i) {
    const auto fields = split_csv_record(lines[i]);
    if (fields.size() > 1 && fields.back() != config) labels.push_back(fields[1]);
  }
  return labels;
}

std::string ComparisonTable::merged_csv(std::string_view existing, std::string_view fresh,
                                        const std::vector<std::string>& label_order) {
  const auto fresh_lines = csv_lines(fresh);
  if (fresh_lines.empty()) return std::string(fresh);
  auto old_lines = csv_lines(existing);
  if (old_lines.empty() || old_lines[0] != fresh_lines[0]) old_lines.clear();  // other columns: start anew
  const auto row_for = [](const std::vector<std::string_view>& lines, std::string_view label) -> std::string_view {
    for (std::size_t i = 1; i < lines.size(); ++i) {
      if (label_of(lines[i]) == label) return lines[i];
    }
    return {};
  };
  std::string text(fresh_lines[0]);
  text += '\n';
  for (const auto& label : label_order) {
    std::string_view row = row_for(fresh_lines, label);
    if (row.empty()) row = row_for(old_lines, label);
    if (row.empty()) continue;
    text += row;
    text += '\n';
  }
  return text;
}

void ComparisonTable::write_csv(std::ostream& out) const {
  std::string text = "scenario";
  for (auto h : kCsvHeaders) {
    text += ',';
    text += h;
  }
  const bool offline = has_offline_column();
  if (offline) {
    text += ',';
    text += kOfflineCsvHeader;
  }
  text += ',';
  text += kConfigCsvHeader;
  text += '\n';
  for (const auto& r : rows_) {
    append_csv_field(text, r.scenario);
    text += ',';
    append_csv_field(text, r.policy);
    text += ',';
    append_uint(text, r.queries);
    for (double v : {r.throughput_qps, r.goodput_qps, r.slo_pct}) {
      text += ',';
      append_number(text, v);
    }
    for (const auto* v : {&r.p50_ms, &r.p99_ms, &r.accuracy_pct, &r.max_drop_pct}) {
      text += ',';
      append_optional(text, *v);
    }
    for (double v : {r.cost, r.spot_cost, r.lambda_cost}) {
      text += ',';
      append_number(text, v);
    }
    text += ',';
    append_optional(text, r.memory_cost);
    if (offline) {
      text += ',';
      if (r.offline_inputs_done) append_uint(text, *r.offline_inputs_done);
    }
    text += ',';
    append_csv_field(text, r.config);
    text += '\n';
  }
  out << text;
}

}  // namespace servesim
