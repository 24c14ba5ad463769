#include "sim/metrics/sweep_points_csv.hpp"

#include <filesystem>
#include <map>

#include "sim/core/text_fields.hpp"
#include "sim/metrics/replication_stats.hpp"
#include "sim/metrics/report_format.hpp"

namespace servesim {
namespace {

using Row = SummaryCsvCollector::Row;

// Nine significant digits: the statistics of a metric printed with six
// decimals lose nothing a reader can see, and the bytes do not depend on the
// machine (report_format.hpp).
constexpr int kStatDigits = 9;
constexpr const char* kStatColumns[] = {"mean", "sd", "n", "ci95"};

struct Group {
  std::vector<std::string> parameters;
  std::string label;
  std::string policy;
  std::vector<const Row*> runs;
};

// The policy label is the run folder's name (<point>/<label>).
std::string run_label(const std::string& run_dir) { return std::filesystem::path(run_dir).filename().string(); }

std::vector<Group> group_runs(const SummaryCsvCollector& runs) {
  const auto policy_key = runs.key_index("policy");
  std::map<std::vector<std::string>, std::size_t> index;
  std::vector<Group> groups;
  for (const Row& row : runs.rows()) {
    Group g{{}, run_label(row.run_dir), {}, {}};
    for (std::size_t p = 0; p < runs.parameter_names().size(); ++p) {
      g.parameters.emplace_back(SummaryCsvCollector::parameter(row, p));
    }
    std::vector<std::string> key = g.parameters;
    key.push_back(g.label);
    const auto [it, inserted] = index.try_emplace(std::move(key), groups.size());
    if (inserted) {
      if (policy_key) g.policy = SummaryCsvCollector::cell(row, *policy_key);
      groups.push_back(std::move(g));
    }
    groups[it->second].runs.push_back(&row);
  }
  return groups;
}

bool is_numeric(const SummaryCsvCollector& runs, std::size_t key) {
  for (const Row& row : runs.rows()) {
    const std::string_view cell = SummaryCsvCollector::cell(row, key);
    if (!cell.empty() && !parse_number(cell)) return false;
  }
  return true;
}

// Keys in header order; the seed is the replication's name, not a metric.
std::vector<std::size_t> numeric_keys(const SummaryCsvCollector& runs) {
  std::vector<std::size_t> keys;
  for (std::size_t k = 0; k < runs.keys().size(); ++k) {
    if (runs.keys()[k] != SummaryCsvCollector::kSeedParameter && is_numeric(runs, k)) keys.push_back(k);
  }
  return keys;
}

void append_header(std::string& text, const SummaryCsvCollector& runs, const std::vector<std::size_t>& keys) {
  for (const auto& name : runs.parameter_names()) {
    append_csv_field(text, name);
    text += ',';
  }
  text += "label,policy,runs";
  for (std::size_t k : keys) {
    for (const char* stat : kStatColumns) {
      text += ',';
      append_csv_field(text, runs.keys()[k] + "." + stat);
    }
  }
  text += '\n';
}

void append_optional_stat(std::string& text, const std::optional<double>& value) {
  if (value) append_significant(text, *value, kStatDigits);
}

void append_stats(std::string& text, const Group& group, std::size_t key) {
  std::vector<double> values;
  for (const Row* row : group.runs) {
    if (const auto v = parse_number(SummaryCsvCollector::cell(*row, key))) values.push_back(*v);
  }
  const ReplicationStats s = replication_stats(values);
  text += ',';
  append_optional_stat(text, s.mean);
  text += ',';
  append_optional_stat(text, s.sd);
  text += ',';
  if (s.n > 0) append_uint(text, s.n);  // a point with no value of the key is all empty cells
  text += ',';
  append_optional_stat(text, s.ci95);
}

}  // namespace

void write_sweep_points_csv(const SummaryCsvCollector& runs, std::ostream& out) {
  const std::vector<std::size_t> keys = numeric_keys(runs);
  std::string text;
  append_header(text, runs, keys);
  for (const Group& g : group_runs(runs)) {
    for (const auto& value : g.parameters) {
      append_csv_field(text, value);
      text += ',';
    }
    append_csv_field(text, g.label);
    text += ',';
    append_csv_field(text, g.policy);
    text += ',';
    append_uint(text, g.runs.size());
    for (std::size_t k : keys) append_stats(text, g, k);
    text += '\n';
  }
  out << text;
}

}  // namespace servesim
