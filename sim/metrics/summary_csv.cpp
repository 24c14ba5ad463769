#include "sim/metrics/summary_csv.hpp"

#include <algorithm>
#include <functional>
#include <nlohmann/json.hpp>

#include "sim/core/input_error.hpp"
#include "sim/core/json_reader.hpp"
#include "sim/metrics/report_format.hpp"
#include "sim/metrics/sweep_point.hpp"

namespace servesim {
namespace {

// ordered_json keeps the document's key order, which the header follows.
using Json = nlohmann::ordered_json;

// With every reader's limits (sim/core/json_reader.hpp): nesting, duplicate
// keys, numbers beyond double; so flatten() below recurses at most 64 deep.
Json read_summary(const std::filesystem::path& file) {
  const Json doc = parse_ordered_json_text(read_text_file(file.string()), file.string());
  if (!doc.is_object()) throw InputError(file.string(), "expected a JSON object (a summary.json)");
  return doc;
}

std::string scalar_text(const Json& value) {
  if (value.is_string()) return value.get<std::string>();
  if (value.is_number_unsigned()) return std::to_string(value.get<std::uint64_t>());
  if (value.is_number_integer()) return std::to_string(value.get<std::int64_t>());
  if (value.is_number_float()) return format_number(value.get<double>());
  if (value.is_boolean()) return value.get<bool>() ? "true" : "false";
  return "";  // null
}

using Visit = std::function<void(const std::string& key, std::string value)>;

void flatten(const Json& value, const std::string& prefix, const Visit& visit) {
  auto child = [&](const std::string& name) { return prefix.empty() ? name : prefix + "." + name; };
  if (value.is_object()) {
    for (const auto& [name, member] : value.items()) flatten(member, child(name), visit);
  } else if (value.is_array()) {
    for (std::size_t i = 0; i < value.size(); ++i) flatten(value[i], child(std::to_string(i)), visit);
  } else {
    visit(prefix, scalar_text(value));
  }
}

// Run folders are copied between machines and left half-written by killed
// tasks: a folder that cannot be listed, or a summary.json that is not a file
// (a folder, a link to nowhere or to itself), is the user's input, one line.
std::vector<std::filesystem::path> find_summaries(const std::filesystem::path& dir) {
  namespace fs = std::filesystem;
  std::vector<fs::path> found;
  std::error_code ec;
  fs::recursive_directory_iterator it(dir, ec);
  for (; !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    if (it->path().filename() != SummaryCsvCollector::kSummaryFile) continue;
    std::error_code file_ec;
    if (!it->is_regular_file(file_ec)) {
      throw InputError(it->path().string(), "is not a readable file" + (file_ec ? " (" + file_ec.message() + ")" : ""));
    }
    found.push_back(it->path());
  }
  if (ec) throw InputError((it == fs::recursive_directory_iterator() ? dir : it->path()).string(), ec.message());
  std::sort(found.begin(), found.end());
  return found;
}

// Sets a row's cell of a column, adding the column to the header (names,
// index) when no row had it yet.
void put_column(std::vector<std::string>& names, std::map<std::string, std::size_t>& index,
                std::vector<std::string>& cells, const std::string& name, std::string value) {
  auto [it, inserted] = index.try_emplace(name, names.size());
  if (inserted) names.push_back(name);
  if (cells.size() <= it->second) cells.resize(it->second + 1);
  cells[it->second] = std::move(value);
}

}  // namespace

void SummaryCsvCollector::add(const std::filesystem::path& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    const auto files = find_summaries(path);
    if (files.empty()) throw InputError(path.string(), "no summary.json under this folder");
    for (const auto& file : files) add_file(file, file.parent_path().string());
  } else if (std::filesystem::is_regular_file(path, ec)) {
    add_file(path, path.parent_path().string());
  } else {
    throw InputError(path.string(), "no such file or folder");
  }
}

void SummaryCsvCollector::add_file(const std::filesystem::path& summary_json, const std::string& run_dir) {
  const Json doc = read_summary(summary_json);
  Row row{run_dir, {}, {}};
  if (const auto point = find_sweep_point(summary_json)) set_parameters(row, read_sweep_point(*point));
  flatten(doc, "", [&](const std::string& key, std::string value) { set_cell(row, key, std::move(value)); });
  rows_.push_back(std::move(row));
}

void SummaryCsvCollector::set_cell(Row& row, const std::string& key, std::string value) {
  put_column(keys_, key_index_, row.cells, key, std::move(value));
}

void SummaryCsvCollector::set_parameters(Row& row, const SweepPoint& point) {
  for (const auto& p : point.parameters) {
    if (p.name != kSeedParameter) put_column(parameter_names_, parameter_index_, row.parameters, p.name, p.value);
  }
}

std::optional<std::size_t> SummaryCsvCollector::key_index(const std::string& key) const {
  const auto it = key_index_.find(key);
  if (it == key_index_.end()) return std::nullopt;
  return it->second;
}

std::string_view SummaryCsvCollector::cell(const Row& row, std::size_t key) {
  return key < row.cells.size() ? std::string_view(row.cells[key]) : std::string_view();
}

std::string_view SummaryCsvCollector::parameter(const Row& row, std::size_t parameter) {
  return parameter < row.parameters.size() ? std::string_view(row.parameters[parameter]) : std::string_view();
}

void SummaryCsvCollector::write_csv(std::ostream& out) const {
  std::string text;
  for (const auto& name : parameter_names_) {
    append_csv_field(text, name);
    text += ',';
  }
  text += "run_dir";
  for (const auto& key : keys_) {
    text += ',';
    append_csv_field(text, key);
  }
  text += '\n';
  for (const auto& row : rows_) {
    for (std::size_t i = 0; i < parameter_names_.size(); ++i) {
      append_csv_field(text, parameter(row, i));
      text += ',';
    }
    append_csv_field(text, row.run_dir);
    for (std::size_t i = 0; i < keys_.size(); ++i) {
      text += ',';
      append_csv_field(text, cell(row, i));
    }
    text += '\n';
  }
  out << text;
}

}  // namespace servesim
