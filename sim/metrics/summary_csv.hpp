#pragma once
// Joins several summary.json files into one CSV (`servesim collect DIR...`,
// used by scripts/sweep.sh). Each summary is flattened to dotted keys
// (per_app entries become per_app.<name>.<field>); the header is a leading
// run_dir column plus the union of keys in first-seen order, so runs with
// different applications still share one table, with empty cells where a run
// has no such key.
#include <cstddef>
#include <filesystem>
#include <map>
#include <ostream>
#include <string>
#include <vector>

namespace servesim {

class SummaryCsvCollector {
 public:
  static constexpr std::string_view kSummaryFile = "summary.json";

  // A summary.json file, or a folder searched recursively for summary.json
  // files (in sorted path order, so the CSV does not depend on the file
  // system). Throws InputError naming the path when it does not exist, holds
  // no summary, or a file is not a JSON object.
  void add(const std::filesystem::path& path);
  // One summary file; run_dir is what the row's first column says.
  void add_file(const std::filesystem::path& summary_json, const std::string& run_dir);

  std::size_t size() const { return rows_.size(); }
  const std::vector<std::string>& keys() const { return keys_; }
  void write_csv(std::ostream& out) const;

 private:
  struct Row {
    std::string run_dir;
    std::vector<std::string> cells;  // indexed like keys_; shorter when keys came later
  };
  void set_cell(Row& row, const std::string& key, std::string value);

  std::vector<std::string> keys_;
  std::map<std::string, std::size_t> key_index_;
  std::vector<Row> rows_;
};

}  // namespace servesim
