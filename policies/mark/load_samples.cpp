#include "policies/mark/load_samples.hpp"

#include <algorithm>
#include <string>
#include <utility>

#include "sim/core/input_error.hpp"

namespace servesim::mark {
namespace {

std::uint64_t windows_per_unit_of(Duration sample_window, Duration prediction_unit) {
  if (sample_window <= Duration::zero() || prediction_unit <= Duration::zero() || sample_window.is_infinite() ||
      prediction_unit.is_infinite() || prediction_unit.ns % sample_window.ns != 0) {
    throw InvariantError("MArk load samples: the prediction unit (" + std::to_string(prediction_unit.ns) +
                         " ns) is not a positive whole multiple of the sample window (" +
                         std::to_string(sample_window.ns) + " ns)");
  }
  return static_cast<std::uint64_t>(prediction_unit.ns / sample_window.ns);
}

}  // namespace

LoadSampler::LoadSampler(Duration sample_window, Duration prediction_unit, SimTime start)
    : sample_window_(sample_window),
      windows_per_unit_(windows_per_unit_of(sample_window, prediction_unit)),
      window_end_(start + sample_window) {}

void LoadSampler::record_arrival(SimTime at) {
  if (at < window_end_ - sample_window_) {
    throw InvariantError("MArk load samples: an arrival at " + std::to_string(at.ns) +
                         " ns precedes the open sample window");
  }
  advance_to(at);
  ++open_count_;
}

void LoadSampler::advance_to(SimTime now) {
  if (now.is_never()) throw InvariantError("MArk load samples: cannot advance to the end of time");
  while (window_end_ <= now) close_window();
}

void LoadSampler::record_window(std::uint64_t count) {
  open_count_ += count;
  close_window();
}

std::vector<double> LoadSampler::take_samples() { return std::exchange(completed_, {}); }

double LoadSampler::sample_of(std::uint64_t largest_window_count) const {
  return static_cast<double>(largest_window_count) * static_cast<double>(windows_per_unit_);
}

void LoadSampler::close_window() {
  largest_in_unit_ = std::max(largest_in_unit_, open_count_);
  open_count_ = 0;
  window_end_ += sample_window_;
  if (++closed_in_unit_ < windows_per_unit_) return;
  completed_.push_back(sample_of(largest_in_unit_));
  closed_in_unit_ = 0;
  largest_in_unit_ = 0;
}

std::vector<double> samples_from_arrivals(std::span<const SimTime> arrivals, SimTime start, SimTime end,
                                          Duration sample_window, Duration prediction_unit) {
  LoadSampler sampler(sample_window, prediction_unit, start);
  for (SimTime at : arrivals) {
    if (at >= end) break;
    if (at >= start) sampler.record_arrival(at);
  }
  sampler.advance_to(end);
  return sampler.take_samples();
}

std::vector<double> samples_from_window_counts(std::span<const std::uint64_t> counts, Duration sample_window,
                                               Duration prediction_unit) {
  LoadSampler sampler(sample_window, prediction_unit);
  for (std::uint64_t count : counts) sampler.record_window(count);
  return sampler.take_samples();
}

}  // namespace servesim::mark
