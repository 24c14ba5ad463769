#pragma once
// Joins several summary.json files into one CSV (`servesim collect DIR...`,
// used by scripts/sweep.sh). Each summary is flattened to dotted keys
// (per_app entries become per_app.<name>.<field>); the header is a leading
// run_dir column plus the union of keys in first-seen order, so runs with
// different applications still share one table, with empty cells where a run
// has no such key.
//
// A summary that belongs to a sweep's grid point (a point.json in its folder
// or the one above, sim/metrics/sweep_point.hpp) also gets the point's
// parameters as leading columns, union of names in first-seen order, "seed"
// left out as the summary has its own seed column. Without any point.json
// the CSV is exactly as before.
#include <cstddef>
#include <filesystem>
#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace servesim {

struct SweepPoint;

class SummaryCsvCollector {
 public:
  static constexpr std::string_view kSummaryFile = "summary.json";
  // The sweep parameter that is not a column: the summary's own seed is.
  static constexpr std::string_view kSeedParameter = "seed";

  struct Row {
    std::string run_dir;
    std::vector<std::string> parameters;  // indexed like parameter_names(); shorter when names came later
    std::vector<std::string> cells;       // indexed like keys(); shorter when keys came later
  };

  // A summary.json file, or a folder searched recursively for summary.json
  // files (in sorted path order, so the CSV does not depend on the file
  // system). Throws InputError naming the path when it does not exist, holds
  // no summary, or a file is not a JSON object, or its point.json is malformed.
  void add(const std::filesystem::path& path);
  // One summary file; run_dir is what the row's run_dir column says.
  void add_file(const std::filesystem::path& summary_json, const std::string& run_dir);

  std::size_t size() const { return rows_.size(); }
  const std::vector<std::string>& keys() const { return keys_; }
  const std::vector<std::string>& parameter_names() const { return parameter_names_; }
  const std::vector<Row>& rows() const { return rows_; }
  std::optional<std::size_t> key_index(const std::string& key) const;
  // The row's cell of keys()[key] or parameter_names()[parameter]; "" when it has none.
  static std::string_view cell(const Row& row, std::size_t key);
  static std::string_view parameter(const Row& row, std::size_t parameter);

  void write_csv(std::ostream& out) const;

 private:
  void set_cell(Row& row, const std::string& key, std::string value);
  void set_parameters(Row& row, const SweepPoint& point);

  std::vector<std::string> parameter_names_;
  std::map<std::string, std::size_t> parameter_index_;
  std::vector<std::string> keys_;
  std::map<std::string, std::size_t> key_index_;
  std::vector<Row> rows_;
};

}  // namespace servesim
