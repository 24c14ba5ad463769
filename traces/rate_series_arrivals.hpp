#pragma once
// Replay of a rate series: per-interval arrival counts from a file become a
// piecewise-constant rate (count / interval_s), optionally windowed, with
// missing-data zeros held and the rate rescaled, and arrivals are drawn within
// each interval by the rescaled renewal stream (Poisson, Gamma or evenly
// spaced). The window's start is simulated time 0 and the stream ends with it.
//
// The constructor makes one streaming pass over the window: it validates the
// file and keeps only the statistics the rescaling needs (min, max, mean).
// Each opened stream then reads the file again, one interval at a time. An
// Azure Functions day (1440 values) is read once and kept in memory.
#include <cstddef>
#include <filesystem>
#include <optional>

#include "sim/core/time.hpp"
#include "traces/arrival_stream.hpp"
#include "traces/rate_series_reader.hpp"
#include "traces/rescaled_renewal.hpp"

namespace servesim {

// How the window's rates are mapped before arrivals are drawn.
struct RateScale {
  enum class Kind { none, factor, min_max, mean };
  Kind kind = Kind::none;
  double factor = 1;
  double min_qps = 0, max_qps = 0;  // the window's [min, max] rate maps linearly onto these
  double mean_qps = 0;              // the window's mean rate becomes this

  static RateScale by_factor(double f) { return {Kind::factor, f, 0, 0, 0}; }
  // INFaaS maps the Twitter trace onto 10..1000 QPS this way. A constant
  // window (min == max) maps to the middle of the range.
  static RateScale onto_range(double lo, double hi) { return {Kind::min_max, 1, lo, hi, 0}; }
  static RateScale to_mean(double mean) { return {Kind::mean, 1, 0, 0, mean}; }
};

// keep: a zero interval has no arrivals. hold: a zero is missing data (the
// Twitter file's nightly gaps are lost minute files) and repeats the previous
// non-zero rate; zeros before the first non-zero value take that value.
enum class ZeroPolicy { keep, hold };

struct RateSeriesOptions {
  std::filesystem::path file;
  RateSeriesFormat format = RateSeriesFormat::counts_line;
  double interval_s = 1;
  AzureRowSelection rows;  // azure_functions only
  double window_start_s = 0;
  std::optional<double> window_length_s;  // nullopt: to the end of the file
  RateScale scale;
  ZeroPolicy zeros = ZeroPolicy::keep;
  GapDistribution within = GapDistribution::poisson();
};

// Of the window's rates (per second) after zero holding, before rescaling.
struct RateSeriesStats {
  std::size_t intervals = 0;
  double min_rate = 0, max_rate = 0, mean_rate = 0;
  double first_nonzero_rate = 0;  // 0 if the window is all zeros
};

class RateSeriesArrivals : public WorkloadSpec {
 public:
  // Throws InputError for problems in the file (missing, empty, malformed
  // value, window beyond its end) and std::invalid_argument for bad options
  // (interval_s <= 0, window not on interval boundaries, impossible scale).
  explicit RateSeriesArrivals(RateSeriesOptions options);

  const RateSeriesStats& stats() const { return stats_; }
  // The rate an interval of raw rate `raw_rate` (count / interval_s, after
  // zero holding) is replayed at.
  double scaled_rate(double raw_rate) const { return std::max(0.0, slope_ * raw_rate + offset_); }
  // Length of the replayed window.
  Duration length() const { return Duration{interval_.ns * static_cast<std::int64_t>(stats_.intervals)}; }
  // Draws from RandomStream(seed, name + "/arrivals").
  std::unique_ptr<ArrivalStream> open(std::uint64_t seed, const std::string& name) const override;

 private:
  std::unique_ptr<IntervalCountReader> open_reader() const;
  void compute_stats();
  void set_scale();

  RateSeriesOptions options_;
  Duration interval_;
  std::size_t first_interval_ = 0;
  std::optional<std::size_t> window_intervals_;
  std::shared_ptr<const std::vector<double>> in_memory_;  // Azure only
  RateSeriesStats stats_;
  double slope_ = 1, offset_ = 0;
};

}  // namespace servesim
