#include "traces/request_replay.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <limits>
#include <stdexcept>
#include <string>

#include "sim/core/input_error.hpp"
#include "sim/core/text_fields.hpp"

namespace servesim {
namespace {

// Exact in binary, unlike 1e-3 and 1e-6 seconds.
double unit_nanos(TimeUnit unit) {
  switch (unit) {
    case TimeUnit::seconds: return 1e9;
    case TimeUnit::millis: return 1e6;
    case TimeUnit::micros: return 1e3;
  }
  return 1e9;
}

double unit_seconds(TimeUnit unit) { return unit_nanos(unit) * 1e-9; }

// One parsed request before windowing: its time as written (file units), in
// seconds, and its deadline.
struct Request {
  double raw;
  double time_s;
  Duration deadline = Duration::infinite();
};

// Reads requests line by line; shared by the validation pass and the streams
// so both see the file the same way.
class RequestReader {
 public:
  explicit RequestReader(const RequestReplayOptions& options)
      : options_(options), name_(options.file.string()), in_(options.file, std::ios::binary),
        unit_(unit_seconds(options.time_unit)) {
    if (!in_) throw InputError(name_, "cannot open trace file");
  }

  std::optional<Request> next() {
    while (std::getline(in_, line_)) {
      ++line_no_;
      const auto fields = split_fields(line_);
      if (fields.empty()) continue;
      const bool first_row = line_no_ == first_content_line();
      const std::optional<double> t = field(fields, options_.time_column);
      if (!t && first_row) continue;  // a header line
      return parse(fields, *check_time(t, fields));
    }
    return std::nullopt;
  }

  std::string where() const { return name_ + ":" + std::to_string(line_no_); }
  std::size_t line() const { return line_no_; }

 private:
  // The header may only be the first non-blank line.
  std::size_t first_content_line() {
    if (!first_content_) first_content_ = line_no_;
    return *first_content_;
  }

  static std::optional<double> field(const std::vector<std::string_view>& fields, std::size_t column) {
    if (column >= fields.size()) return std::nullopt;
    return parse_number(fields[column]);
  }

  const std::optional<double>& check_time(const std::optional<double>& t, const std::vector<std::string_view>& fields) const {
    if (options_.time_column >= fields.size()) {
      throw InputError(where(), "expected a time in column " + std::to_string(options_.time_column) + ", the row has " + std::to_string(fields.size()) + " columns");
    }
    if (!t) throw InputError(where(), "expected a number in column " + std::to_string(options_.time_column) + ", got " + quote_field(fields[options_.time_column]));
    return t;
  }

  Request parse(const std::vector<std::string_view>& fields, double t) {
    Request r{t, t * unit_};
    if (r.time_s < last_s_) throw InputError(where(), "times must not decrease (this row is earlier than the one before)");
    last_s_ = r.time_s;
    if (options_.deadline_column) {
      const std::size_t c = *options_.deadline_column;
      const std::optional<double> d = field(fields, c);
      // At most ten years (time.hpp): a larger one would saturate to
      // "infinite", which this stream reads as "use the application's SLO".
      if (!d || *d <= 0 || *d > kMaxTimeSpanS * 1e3) {
        throw InputError(where(), "expected a deadline in ms in (0, " + std::to_string(static_cast<long long>(kMaxTimeSpanS * 1e3)) + "] in column " + std::to_string(c) + ", got " + (c < fields.size() ? quote_field(fields[c]) : std::string("no such column")));
      }
      r.deadline = from_millis(*d);
    }
    return r;
  }

  const RequestReplayOptions& options_;
  std::string name_;
  std::ifstream in_;
  double unit_;
  std::string line_;
  std::size_t line_no_ = 0;
  std::optional<std::size_t> first_content_;
  double last_s_ = -std::numeric_limits<double>::infinity();
};

class ReplayStream : public ArrivalStream {
 public:
  explicit ReplayStream(RequestReplayOptions options)
      : options_(std::move(options)), reader_(options_), unit_ns_(unit_nanos(options_.time_unit)),
        start_raw_(options_.start_s * 1e9 / unit_ns_) {}

  std::optional<Arrival> next() override {
    while (std::optional<Request> r = reader_.next()) {
      const double t = r->time_s - options_.start_s;
      if (t < 0) continue;
      if (options_.length_s && t >= *options_.length_s) return std::nullopt;
      // Subtract in the file's unit first: epoch stamps in ms (about 1e12)
      // stay exact, where seconds would lose a few hundred ns.
      const double offset_ns = (r->raw - start_raw_) * unit_ns_;
      return Arrival{SimTime{std::max<std::int64_t>(0, std::llround(offset_ns))}, 0, r->deadline};
    }
    return std::nullopt;
  }

 private:
  RequestReplayOptions options_;  // owned: the reader refers to it
  RequestReader reader_;
  double unit_ns_;
  double start_raw_;
};

}  // namespace

RequestReplay::RequestReplay(RequestReplayOptions options) : options_(std::move(options)) {
  if (!(std::isfinite(options_.start_s) && options_.start_s >= 0)) throw std::invalid_argument("start_s must be >= 0");
  if (options_.length_s && !(std::isfinite(*options_.length_s) && *options_.length_s > 0)) {
    throw std::invalid_argument("length_s must be > 0");
  }
  RequestReader reader(options_);
  bool any_row = false;
  while (std::optional<Request> r = reader.next()) {
    any_row = true;
    const double t = r->time_s - options_.start_s;
    if (options_.length_s && t >= *options_.length_s) break;  // the rest is never replayed
    if (t >= 0) ++requests_;
  }
  if (!any_row) throw InputError(options_.file.string(), "empty trace: no requests");
  if (requests_ == 0) throw InputError(options_.file.string(), "no request falls in the window");
}

std::unique_ptr<ArrivalStream> RequestReplay::open(std::uint64_t, const std::string&) const {
  return std::make_unique<ReplayStream>(options_);
}

}  // namespace servesim
