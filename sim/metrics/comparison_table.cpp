#include "sim/metrics/comparison_table.hpp"

#include <algorithm>
#include <array>

#include "sim/core/input_error.hpp"
#include "sim/metrics/report_format.hpp"

namespace servesim {
namespace {

// Cost is the total, then the parts a scenario may or may not have (0 when it
// has none), so that the columns stay the same in every scenario.
// "mem cost" is INFaaS' memory-proportional cost, "-" unless the scenario asks
// for it (outputs.memory_cost_per_gb_second).
constexpr std::size_t kColumns = 13;
constexpr std::array<std::string_view, kColumns> kHeaders = {
    "policy", "queries",    "thr/s",  "SLO %",  "p50 ms",   "p99 ms",   "acc %",
    "max drop %", "cost $", "spot $", "lambda $", "mem cost", "wall s"};
constexpr std::array<std::string_view, kColumns> kCsvHeaders = {
    "policy",       "queries",      "throughput_qps", "slo_pct",  "p50_ms",     "p99_ms",      "accuracy_pct",
    "max_drop_pct", "cost_usd",     "spot_usd",       "lambda_usd", "memory_cost", "wall_s"};

std::string fixed_or_dash(const std::optional<double>& value, int decimals) {
  return value ? format_fixed(*value, decimals) : "-";
}

void pad(std::string& out, std::string_view cell, std::size_t width, bool left) {
  if (!left) out.append(width - cell.size(), ' ');
  out += cell;
  if (left) out.append(width - cell.size(), ' ');
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
                      100.0 * s.slo_attainment, s.latency_ms.p50_ms, s.latency_ms.p99_ms, s.effective_accuracy,
                      s.max_accuracy_drop, run.cost.total(), run.cost.spot, run.cost.lambda, run.memory_cost,
                      wall_seconds});
}

std::vector<std::string> ComparisonTable::text_cells(const Row& r) const {
  return {r.policy,
          std::to_string(r.queries),
          format_fixed(r.throughput_qps, 1),
          format_fixed(r.slo_pct, 2),
          fixed_or_dash(r.p50_ms, 2),
          fixed_or_dash(r.p99_ms, 2),
          fixed_or_dash(r.accuracy_pct, 2),
          fixed_or_dash(r.max_drop_pct, 2),
          format_fixed(r.cost, 4),
          format_fixed(r.spot_cost, 4),
          format_fixed(r.lambda_cost, 4),
          fixed_or_dash(r.memory_cost, 4),
          format_fixed(r.wall_s, 2)};
}

void ComparisonTable::print(std::ostream& out) const {
  std::vector<std::vector<std::string>> cells;
  for (const auto& row : rows_) cells.push_back(text_cells(row));
  std::array<std::size_t, kColumns> width{};
  for (std::size_t c = 0; c < kColumns; ++c) {
    width[c] = kHeaders[c].size();
    for (const auto& line : cells) width[c] = std::max(width[c], line[c].size());
  }
  auto print_line = [&](auto cell_at) {
    std::string line;
    for (std::size_t c = 0; c < kColumns; ++c) {
      if (c > 0) line += "  ";
      pad(line, cell_at(c), width[c], c == 0);  // names read best left-aligned, numbers right
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out << line << '\n';
  };
  print_line([&](std::size_t c) { return kHeaders[c]; });
  std::size_t total = 2 * (kColumns - 1);
  for (auto w : width) total += w;
  out << std::string(total, '-') << '\n';
  for (const auto& line : cells) print_line([&](std::size_t c) { return std::string_view(line[c]); });
}

void ComparisonTable::write_csv(std::ostream& out) const {
  std::string text = "scenario";
  for (auto h : kCsvHeaders) {
    text += ',';
    text += h;
  }
  text += '\n';
  for (const auto& r : rows_) {
    append_csv_field(text, r.scenario);
    text += ',';
    append_csv_field(text, r.policy);
    text += ',';
    append_uint(text, r.queries);
    for (double v : {r.throughput_qps, r.slo_pct}) {
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
    text += ',';
    append_number(text, r.wall_s);
    text += '\n';
  }
  out << text;
}

}  // namespace servesim
