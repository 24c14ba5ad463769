#include "traces/rate_series_reader.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <fstream>

#include "sim/core/input_error.hpp"
#include "sim/core/text_fields.hpp"

namespace servesim {
namespace {

std::ifstream open_or_throw(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw InputError(file.string(), "cannot open trace file");
  return in;
}

// A count is any finite number >= 0 (rescaled series carry fractions).
double parse_count(std::string_view field, const std::string& where) {
  const std::optional<double> v = parse_number(field);
  if (!v || *v < 0) throw InputError(where, "expected a count (a number >= 0), got " + quote_field(field));
  return *v;
}

class CountsLineReader : public IntervalCountReader {
 public:
  explicit CountsLineReader(const std::filesystem::path& file)
      : name_(file.string()), in_(open_or_throw(file)), buf_(in_.rdbuf()) {}

  std::optional<double> next() override {
    if (!read_token()) return std::nullopt;
    ++index_;
    return parse_count(token_, name_ + ": value " + std::to_string(index_));
  }

 private:
  // Character by character through the stream buffer: no line is ever held
  // whole, and the millions of tokens cost no allocation after the first.
  bool read_token() {
    token_.clear();
    int c = buf_->sbumpc();
    while (c != EOF && std::isspace(c)) c = buf_->sbumpc();
    while (c != EOF && !std::isspace(c)) {
      token_.push_back(static_cast<char>(c));
      c = buf_->sbumpc();
    }
    return !token_.empty();
  }

  std::string name_;
  std::ifstream in_;
  std::streambuf* buf_;
  std::string token_;
  std::size_t index_ = 0;
};

class CsvCountsReader : public IntervalCountReader {
 public:
  // 100 M intervals: 20x the longest shipped trace (NASA, 5 M seconds), about
  // a second of walking for the series' statistics.
  static constexpr std::int64_t kMaxIntervals = 100'000'000;

  explicit CsvCountsReader(const std::filesystem::path& file) : name_(file.string()), in_(open_or_throw(file)) {}

  std::optional<double> next() override {
    if (!pending_ && !read_row()) return std::nullopt;
    if (next_index_ < pending_->index) {  // a gap in the indices: no arrivals there
      ++next_index_;
      return 0.0;
    }
    ++next_index_;
    const double count = pending_->count;
    pending_.reset();
    return count;
  }

 private:
  struct Row {
    std::int64_t index;
    double count;
  };

  bool read_row() {
    while (std::getline(in_, line_)) {
      ++line_no_;
      const auto fields = split_fields(line_);
      if (fields.empty()) continue;
      const std::string where = name_ + ":" + std::to_string(line_no_);
      if (line_no_ == 1 && is_header(fields)) continue;
      if (fields.size() > 2) throw InputError(where, "expected \"index,count\" or \"count\", got " + std::to_string(fields.size()) + " columns");
      const double count = parse_count(fields.back(), where);
      const std::int64_t index = fields.size() == 2 ? parse_index(fields[0], where) : implicit_index();
      if (!first_index_) first_index_ = next_index_ = index;
      if (index < next_index_) throw InputError(where, "interval index " + std::to_string(index) + " is not above the previous one");
      // Each missing index is an interval of zeros that the series walks one by
      // one (its statistics, its arrivals): a gap of 9e15 would never finish.
      if (index - *first_index_ > kMaxIntervals) {
        throw InputError(where, "interval index " + std::to_string(index) + " is more than " + std::to_string(kMaxIntervals) +
                                    " intervals after the first (" + std::to_string(*first_index_) + ")");
      }
      pending_ = Row{index, count};
      return true;
    }
    return false;
  }

  static bool is_header(const std::vector<std::string_view>& fields) {
    return std::any_of(fields.begin(), fields.end(), [](std::string_view f) { return !parse_number(f); });
  }

  std::int64_t implicit_index() const { return first_index_ ? next_index_ : 0; }

  static std::int64_t parse_index(std::string_view field, const std::string& where) {
    const std::optional<double> v = parse_number(field);
    if (!v || *v < 0 || *v != std::floor(*v) || *v > 9e15) {
      throw InputError(where, "expected an interval index (an integer >= 0), got " + quote_field(field));
    }
    return static_cast<std::int64_t>(*v);
  }

  std::string name_;
  std::ifstream in_;
  std::string line_;
  std::size_t line_no_ = 0;
  std::optional<std::int64_t> first_index_;
  std::int64_t next_index_ = 0;
  std::optional<Row> pending_;
};

class VectorCountsReader : public IntervalCountReader {
 public:
  explicit VectorCountsReader(std::shared_ptr<const std::vector<double>> counts) : counts_(std::move(counts)) {}
  std::optional<double> next() override {
    if (next_ == counts_->size()) return std::nullopt;
    return (*counts_)[next_++];
  }

 private:
  std::shared_ptr<const std::vector<double>> counts_;
  std::size_t next_ = 0;
};

// The Azure header: where the counts start and where the function hash is.
struct AzureLayout {
  std::size_t columns = 0;
  std::size_t first_count = 0;
  std::optional<std::size_t> function_column;
};

AzureLayout read_azure_header(const std::string& line, const std::string& where) {
  const auto fields = split_fields(line);
  AzureLayout layout;
  layout.columns = fields.size();
  std::optional<std::size_t> first;
  for (std::size_t i = 0; i < fields.size(); ++i) {
    if (fields[i] == "HashFunction") layout.function_column = i;
    if (!first && (parse_number(fields[i]) || fields[i].starts_with("minute_"))) first = i;
  }
  if (!first) throw InputError(where, "no count column in the header (expected a column named 1 or minute_1)");
  layout.first_count = *first;
  return layout;
}

bool row_selected(const AzureRowSelection& rows, const AzureLayout& layout, std::size_t row,
                  const std::vector<std::string_view>& fields) {
  switch (rows.kind) {
    case AzureRowSelection::Kind::sum_all: return true;
    case AzureRowSelection::Kind::indices:
      return std::find(rows.indices.begin(), rows.indices.end(), row) != rows.indices.end();
    case AzureRowSelection::Kind::function:
      return *layout.function_column < fields.size() && fields[*layout.function_column] == rows.function;
  }
  return false;
}

}  // namespace

std::unique_ptr<IntervalCountReader> open_counts_line(const std::filesystem::path& file) {
  return std::make_unique<CountsLineReader>(file);
}

std::unique_ptr<IntervalCountReader> open_counts_csv(const std::filesystem::path& file) {
  return std::make_unique<CsvCountsReader>(file);
}

std::unique_ptr<IntervalCountReader> open_counts_vector(std::shared_ptr<const std::vector<double>> counts) {
  return std::make_unique<VectorCountsReader>(std::move(counts));
}

std::vector<double> read_azure_functions(const std::filesystem::path& file, const AzureRowSelection& rows) {
  const std::string name = file.string();
  std::ifstream in = open_or_throw(file);
  std::string line;
  if (!std::getline(in, line)) throw InputError(name, "empty trace: no header line");
  const AzureLayout layout = read_azure_header(line, name + ":1");
  if (rows.kind == AzureRowSelection::Kind::function && !layout.function_column) {
    throw InputError(name + ":1", "no HashFunction column to pick a function by");
  }
  std::vector<double> sums(layout.columns - layout.first_count, 0.0);
  std::size_t line_no = 1, data_rows = 0, picked = 0;
  while (std::getline(in, line)) {
    ++line_no;
    const auto fields = split_fields(line);
    if (fields.empty()) continue;
    const std::size_t row = data_rows++;
    if (!row_selected(rows, layout, row, fields)) continue;
    const std::string where = name + ":" + std::to_string(line_no);
    if (fields.size() != layout.columns) {
      throw InputError(where, "expected " + std::to_string(layout.columns) + " columns like the header, got " + std::to_string(fields.size()));
    }
    for (std::size_t c = layout.first_count; c < fields.size(); ++c) sums[c - layout.first_count] += parse_count(fields[c], where);
    ++picked;
  }
  if (data_rows == 0) throw InputError(name, "empty trace: no data rows");
  for (std::size_t index : rows.indices) {
    if (index >= data_rows) throw InputError(name, "row " + std::to_string(index) + " asked for, but the file has " + std::to_string(data_rows) + " data rows");
  }
  if (rows.kind == AzureRowSelection::Kind::function && picked == 0) {
    throw InputError(name, "no row has HashFunction " + quote_field(rows.function));
  }
  return sums;
}

}  // namespace servesim
