#pragma once
// Readers of per-interval arrival counts. Files are read as streams, one
// value at a time, because real traces run to millions of intervals (the
// Twitter and NASA per-second files hold 1.9 M and 5 M values). Every
// malformed value is an InputError naming the file and the line (or, for a
// single-line file, the 1-based index of the value).
//
// Formats:
//   counts_line      whitespace-separated non-negative numbers, one per interval
//                    (usually all on one line).
//   csv              one row per interval: "index,count" or just "count"; an
//                    optional header line; indices increase, and a missing index
//                    is an interval with count 0. Time starts at the first index.
//   azure_functions  Azure Functions 2019 per-minute invocation counts, one row
//                    per function. Header "HashOwner,HashApp,HashFunction,Trigger,1,...,1440"
//                    or "HashFunction,HashApp,HashOwner,minute_1,...": the counts
//                    start at the first header column that is a number or starts
//                    with "minute_". The series sums the selected rows column by
//                    column; only those per-column sums are kept.
#include <cstddef>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace servesim {

enum class RateSeriesFormat { counts_line, csv, azure_functions };

// Which rows of an Azure Functions file make up the series.
struct AzureRowSelection {
  enum class Kind { sum_all, indices, function };
  Kind kind = Kind::sum_all;
  std::vector<std::size_t> indices;  // 0-based data rows (header excluded)
  std::string function;              // HashFunction value; every matching row is summed

  static AzureRowSelection all() { return {}; }
  static AzureRowSelection rows(std::vector<std::size_t> indices) { return {Kind::indices, std::move(indices), {}}; }
  static AzureRowSelection by_function(std::string hash) { return {Kind::function, {}, std::move(hash)}; }
};

class IntervalCountReader {
 public:
  virtual ~IntervalCountReader() = default;
  // The count of the next interval, or nullopt at the end of the series.
  virtual std::optional<double> next() = 0;
};

// Both throw InputError if the file cannot be opened; errors in the data are
// thrown by next() when the reader gets there.
std::unique_ptr<IntervalCountReader> open_counts_line(const std::filesystem::path& file);
std::unique_ptr<IntervalCountReader> open_counts_csv(const std::filesystem::path& file);
// Over counts already in memory (an Azure day, tests).
std::unique_ptr<IntervalCountReader> open_counts_vector(std::shared_ptr<const std::vector<double>> counts);

// Reads an Azure Functions file once and returns the per-column sums of the
// selected rows. Throws InputError on a malformed file, an index beyond the
// last row or a function hash that no row has.
std::vector<double> read_azure_functions(const std::filesystem::path& file, const AzureRowSelection& rows);

}  // namespace servesim
