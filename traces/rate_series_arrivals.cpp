#include "traces/rate_series_arrivals.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <sstream>
#include <stdexcept>

#include "sim/core/input_error.hpp"
#include "sim/core/input_limits.hpp"

namespace servesim {
namespace {

// A window edge in seconds as a whole number of intervals; a window that cuts
// an interval would have to invent how its count splits, so it is refused.
std::size_t whole_intervals(double seconds, double interval_s, const char* what) {
  if (!(std::isfinite(seconds) && seconds >= 0)) throw std::invalid_argument(std::string(what) + " must be >= 0");
  const double k = seconds / interval_s;
  const double rounded = std::round(k);
  if (std::abs(k - rounded) > 1e-9 * std::max(1.0, k)) {
    std::ostringstream msg;
    msg << what << " (" << seconds << " s) must be a multiple of interval_s (" << interval_s << " s)";
    throw std::invalid_argument(msg.str());
  }
  return static_cast<std::size_t>(rounded);
}

std::string seconds_text(std::size_t intervals, double interval_s) {
  std::ostringstream out;
  out << static_cast<double>(intervals) * interval_s << " s";
  return out.str();
}

// The window of a reader: skips to the first interval and stops after the
// last; running out early is the user's window reaching past the file.
class WindowedReader {
 public:
  WindowedReader(std::unique_ptr<IntervalCountReader> reader, std::string file, double interval_s,
                 std::size_t first, std::optional<std::size_t> count)
      : reader_(std::move(reader)), file_(std::move(file)), interval_s_(interval_s), first_(first), count_(count) {}

  std::optional<double> next() {
    for (; skipped_ < first_; ++skipped_) {
      if (!reader_->next()) throw InputError(file_, "the window starts at " + seconds_text(first_, interval_s_) + " but the trace has only " + seconds_text(skipped_, interval_s_));
    }
    if (count_ && taken_ == *count_) return std::nullopt;
    std::optional<double> v = reader_->next();
    if (!v && count_) throw InputError(file_, "the window ends at " + seconds_text(first_ + *count_, interval_s_) + " but the trace has only " + seconds_text(first_ + taken_, interval_s_));
    if (v) ++taken_;
    return v;
  }

 private:
  std::unique_ptr<IntervalCountReader> reader_;
  std::string file_;
  double interval_s_;
  std::size_t first_;
  std::optional<std::size_t> count_;
  std::size_t skipped_ = 0, taken_ = 0;
};

// Zero holding over a stream of raw rates.
class ZeroHold {
 public:
  ZeroHold(ZeroPolicy policy, double initial) : hold_(policy == ZeroPolicy::hold), last_(initial) {}
  double operator()(double rate) {
    if (!hold_) return rate;
    if (rate > 0) last_ = rate;
    return last_;
  }

 private:
  bool hold_;
  double last_;
};

class RateSeriesSchedule : public RateSchedule {
 public:
  // scale: the spec's scaled_rate, copied so the stream does not outlive it.
  RateSeriesSchedule(WindowedReader reader, std::function<double(double)> scale, Duration interval,
                     double interval_s, ZeroHold hold)
      : reader_(std::move(reader)), scale_(std::move(scale)), interval_(interval), interval_s_(interval_s), hold_(hold) {}

  std::optional<RatePiece> next_piece() override {
    const std::optional<double> count = reader_.next();
    if (!count) return std::nullopt;
    // Integer boundaries (index * interval) so millions of intervals do not drift.
    const SimTime start{interval_.ns * index_++};
    const double rate = scale_(hold_(*count / interval_s_));
    return RatePiece::constant(start, start + interval_, rate);
  }

 private:
  WindowedReader reader_;
  std::function<double(double)> scale_;
  Duration interval_;
  double interval_s_;
  ZeroHold hold_;
  std::int64_t index_ = 0;
};

}  // namespace

RateSeriesArrivals::RateSeriesArrivals(RateSeriesOptions options) : options_(std::move(options)) {
  if (!(std::isfinite(options_.interval_s) && options_.interval_s > 0)) throw std::invalid_argument("interval_s must be > 0");
  interval_ = from_seconds(options_.interval_s);
  if (interval_.ns <= 0) throw std::invalid_argument("interval_s must be at least 1 ns");
  options_.within.validate();
  first_interval_ = whole_intervals(options_.window_start_s, options_.interval_s, "window start_s");
  if (options_.window_length_s) {
    window_intervals_ = whole_intervals(*options_.window_length_s, options_.interval_s, "window length_s");
    if (*window_intervals_ == 0) throw std::invalid_argument("window length_s must be > 0");
  }
  if (options_.format == RateSeriesFormat::azure_functions) {
    in_memory_ = std::make_shared<const std::vector<double>>(read_azure_functions(options_.file, options_.rows));
  }
  compute_stats();
  set_scale();
  // The trace's busiest interval, as the stream will offer it, within the
  // rates a scenario may state (input_limits.hpp): a count of 2^31 in half a
  // second would otherwise fill memory with arrivals.
  const double peak = scaled_rate(stats_.max_rate);
  if (peak > kMaxRateQps) {
    std::ostringstream msg;
    msg << "its busiest interval offers " << peak << " QPS (count / interval_s, scaled), above the limit of "
        << kMaxRateQps << " QPS";
    throw InputError(options_.file.string(), msg.str());
  }
}

std::unique_ptr<IntervalCountReader> RateSeriesArrivals::open_reader() const {
  switch (options_.format) {
    case RateSeriesFormat::counts_line: return open_counts_line(options_.file);
    case RateSeriesFormat::csv: return open_counts_csv(options_.file);
    case RateSeriesFormat::azure_functions: return open_counts_vector(in_memory_);
  }
  return nullptr;
}

void RateSeriesArrivals::compute_stats() {
  WindowedReader reader(open_reader(), options_.file.string(), options_.interval_s, first_interval_, window_intervals_);
  std::size_t leading_zeros = 0;
  double sum = 0;
  double min = std::numeric_limits<double>::infinity(), max = 0;
  const auto add = [&](double rate, std::size_t times) {
    min = std::min(min, rate);
    max = std::max(max, rate);
    sum += rate * static_cast<double>(times);
  };
  ZeroHold hold(options_.zeros, 0.0);
  while (const std::optional<double> count = reader.next()) {
    ++stats_.intervals;
    const double raw = *count / options_.interval_s;
    if (stats_.first_nonzero_rate == 0 && raw > 0) {
      stats_.first_nonzero_rate = raw;
      // Held leading zeros take the first non-zero rate: account for them now.
      if (options_.zeros == ZeroPolicy::hold && leading_zeros > 0) add(raw, leading_zeros);
    }
    if (options_.zeros == ZeroPolicy::hold && stats_.first_nonzero_rate == 0) {
      ++leading_zeros;
      continue;
    }
    add(hold(raw), 1);
  }
  if (stats_.intervals == 0) throw InputError(options_.file.string(), "empty trace: no intervals");
  if (leading_zeros == stats_.intervals) add(0.0, leading_zeros);  // all zeros
  stats_.min_rate = min;
  stats_.max_rate = max;
  stats_.mean_rate = sum / static_cast<double>(stats_.intervals);
}

void RateSeriesArrivals::set_scale() {
  const RateScale& s = options_.scale;
  const auto finite_non_negative = [](double v) { return std::isfinite(v) && v >= 0; };
  switch (s.kind) {
    case RateScale::Kind::none: break;
    case RateScale::Kind::factor:
      if (!finite_non_negative(s.factor)) throw std::invalid_argument("scale factor must be >= 0");
      slope_ = s.factor;
      break;
    case RateScale::Kind::min_max:
      if (!finite_non_negative(s.min_qps) || !(std::isfinite(s.max_qps) && s.max_qps >= s.min_qps)) {
        throw std::invalid_argument("scale needs 0 <= min_qps <= max_qps");
      }
      if (stats_.max_rate > stats_.min_rate) {
        slope_ = (s.max_qps - s.min_qps) / (stats_.max_rate - stats_.min_rate);
        offset_ = s.min_qps - slope_ * stats_.min_rate;
      } else {
        slope_ = 0;
        offset_ = 0.5 * (s.min_qps + s.max_qps);
      }
      break;
    case RateScale::Kind::mean:
      if (!finite_non_negative(s.mean_qps)) throw std::invalid_argument("scale mean_qps must be >= 0");
      if (stats_.mean_rate <= 0) throw InputError(options_.file.string(), "cannot scale to a mean: the window has no arrivals");
      slope_ = s.mean_qps / stats_.mean_rate;
      break;
  }
}

std::unique_ptr<ArrivalStream> RateSeriesArrivals::open(std::uint64_t seed, const std::string& name) const {
  WindowedReader reader(open_reader(), options_.file.string(), options_.interval_s, first_interval_, window_intervals_);
  auto scale = [slope = slope_, offset = offset_](double raw) { return std::max(0.0, slope * raw + offset); };
  auto schedule = std::make_unique<RateSeriesSchedule>(std::move(reader), scale, interval_, options_.interval_s,
                                                       ZeroHold(options_.zeros, stats_.first_nonzero_rate));
  return std::make_unique<RescaledRenewalStream>(std::move(schedule), options_.within,
                                                 RandomStream(seed, name + "/arrivals"));
}

}  // namespace servesim
