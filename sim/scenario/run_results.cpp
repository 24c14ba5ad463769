#include "sim/scenario/run_results.hpp"

#include <algorithm>
#include <limits>
#include <sstream>
#include <system_error>

#include "sim/core/input_error.hpp"
#include "sim/core/input_file.hpp"
#include "sim/core/json_reader.hpp"
#include "sim/core/text_fields.hpp"

namespace servesim {

namespace fs = std::filesystem;

RunResults::RunResults(fs::path dir, std::string where) : dir_(std::move(dir)), where_(std::move(where)) {}

const RunResults::Run& RunResults::run(const std::string& label) const {
  if (const auto it = runs_.find(label); it != runs_.end()) return it->second;
  const fs::path folder = dir_ / label;
  std::error_code ec;
  if (!fs::exists(folder / "summary.json", ec)) {
    throw InputError(where_, "no run labelled \"" + label + "\" in " + dir_.string());
  }
  // The shared readers: a damaged run folder (a reused one, copied between
  // machines) is one line naming the file, never a crash or a hang.
  Run r;
  r.summary = read_json_file((folder / "summary.json").string());
  const fs::path series = folder / "timeseries.csv";
  if (fs::exists(series, ec)) {
    std::istringstream lines(read_input_file(series, kMaxTextFileBytes, "a time-series CSV file"));
    std::string line;
    if (std::getline(lines, line)) r.header = split_csv_record(line);
    while (std::getline(lines, line)) r.rows.push_back(split_csv_record(line));
  }
  return runs_.emplace(label, std::move(r)).first->second;
}

double RunResults::field(const std::string& label, const std::string& path) const {
  const nlohmann::json* node = &run(label).summary;
  std::size_t begin = 0;
  while (begin <= path.size()) {
    const std::size_t dot = std::min(path.find('.', begin), path.size());
    const std::string key = path.substr(begin, dot - begin);
    if (!node->is_object() || !node->contains(key)) {
      throw InputError(where_, label + ":" + path + ": the summary has no \"" + key + "\"");
    }
    node = &(*node)[key];
    begin = dot + 1;
  }
  if (node->is_boolean()) return node->get<bool>() ? 1 : 0;
  if (!node->is_number()) throw InputError(where_, label + ":" + path + ": not a number in the summary");
  return node->get<double>();
}

double RunResults::series(const std::string& label, const std::string& column, const std::string& aggregate,
                          double from_s, double to_s, const std::string& app) const {
  const Run& r = run(label);
  const auto index = [&](const std::string& name) {
    const auto it = std::find(r.header.begin(), r.header.end(), name);
    if (it == r.header.end()) throw InputError(where_, "series(" + label + ", " + name + "): no such column");
    return static_cast<std::size_t>(it - r.header.begin());
  };
  const std::size_t start = index("window_start_s"), end = index("window_end_s"), app_column = index("app");
  // A column, or the derived late_share: a window's late queries over its
  // finished ones (on time + late; 0 when none finished), which no column
  // holds and a ratio of two aggregates cannot give.
  const bool late_share = column == kLateShare;
  const std::size_t c = late_share ? index("late") : index(column);
  const std::size_t on_time = late_share ? index("on_time") : c;
  const auto cell = [](const std::string& text) {
    return parse_number(text).value_or(std::numeric_limits<double>::quiet_NaN());
  };
  std::vector<double> values;
  for (const auto& row : r.rows) {
    if (row.size() != r.header.size() || row[app_column] != app) continue;
    const auto s = parse_number(row[start]), e = parse_number(row[end]);
    if (!s || !e || *s < from_s || *e > to_s) continue;
    const double v = cell(row[c]);
    const double finished = late_share ? v + cell(row[on_time]) : 0;
    values.push_back(!late_share ? v : finished > 0 ? v / finished : 0);
  }
  if (values.empty()) {
    throw InputError(where_, "series(" + label + ", " + column + "): no window of \"" + app + "\" within [" +
                                 std::to_string(from_s) + ", " + std::to_string(to_s) + "] s");
  }
  if (aggregate == "first") return values.front();
  if (aggregate == "last") return values.back();
  if (aggregate == "max") return *std::max_element(values.begin(), values.end());
  if (aggregate == "min") return *std::min_element(values.begin(), values.end());
  if (aggregate == "nonzero") {
    const auto n = std::count_if(values.begin(), values.end(), [](double v) { return v != 0; });
    return static_cast<double>(n) / static_cast<double>(values.size());
  }
  double sum = 0;
  for (double v : values) sum += v;
  return aggregate == "sum" ? sum : sum / static_cast<double>(values.size());
}

}  // namespace servesim
