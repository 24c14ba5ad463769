#include "policies/mark/history_samples.hpp"

#include <algorithm>
#include <cstdint>

#include "policies/mark/load_samples.hpp"

namespace servesim::mark {
namespace {

bool whole_seconds(Duration d) { return d.ns % kNanosPerSecond == 0; }

// From the per-second counts: exact when Ps is a whole number of seconds,
// and far cheaper than replaying two weeks of arrivals.
std::vector<double> from_per_second(const ArrivalHistory& history, std::int64_t skip_s,
                                    const PredictorSettings& settings) {
  const auto& per_second = history.per_second();
  const std::int64_t window_s = settings.sample_window.ns / kNanosPerSecond;
  std::vector<std::uint64_t> windows;
  for (std::size_t s = static_cast<std::size_t>(skip_s); s + window_s <= per_second.size(); s += window_s) {
    std::uint64_t count = 0;
    for (std::int64_t k = 0; k < window_s; ++k) count += per_second[s + k];
    windows.push_back(count);
  }
  return samples_from_window_counts(windows, settings.sample_window, settings.prediction_unit);
}

}  // namespace

std::vector<double> history_samples(const PolicyWorld& world, AppId app, const PredictorSettings& settings) {
  const ArrivalHistory* history = world.history_of(app);
  if (!history) return {};
  const Duration length = history->length();
  const Duration skip{length.ns % settings.prediction_unit.ns};  // the partial first unit
  if (whole_seconds(settings.sample_window) && whole_seconds(length) && whole_seconds(skip)) {
    return from_per_second(*history, skip.ns / kNanosPerSecond, settings);
  }
  LoadSampler sampler(settings.sample_window, settings.prediction_unit, SimTime::zero() + skip);
  const auto stream = history->arrivals();
  while (const auto arrival = stream->next()) {
    if (arrival->time >= SimTime::zero() + skip) sampler.record_arrival(arrival->time);
  }
  sampler.advance_to(SimTime::zero() + length);
  return sampler.take_samples();
}

std::size_t history_sample_count(const PolicyWorld& world, AppId app, const PredictorSettings& settings) {
  const ArrivalHistory* history = world.history_of(app);
  return history ? static_cast<std::size_t>(history->length().ns / settings.prediction_unit.ns) : 0;
}

std::vector<double> run_samples(const ArrivalOracle& oracle, const PolicyWorld& world, AppId app,
                                const PredictorSettings& settings) {
  LoadSampler sampler(settings.sample_window, settings.prediction_unit);
  const SimTime end = SimTime::zero() + world.duration;
  for (SimTime t : oracle.arrivals(app, end)) sampler.record_arrival(t);
  sampler.advance_to(end);
  return sampler.take_samples();
}

}  // namespace servesim::mark
