#pragma once
// An application's arrivals before the run (applications[i].history): what a
// deployed system has logged and a policy may learn from (MArk section 4.2
// trains its LSTM predictor on past load; InferLine's planner replays a
// sample trace). It is never served.
//
// The history spans `length()` and ends where the run starts. It is drawn
// once, when the scenario loads, from its own random stream
// ("history/<application>"), so every policy of a scenario sees the same
// history, and the run's workload streams are not perturbed by it (common
// random numbers across policies stay as they were).
//
// Kept as counts per second: fourteen days at 50 QPS are 60 M arrivals, but
// only 1.2 M seconds. A policy that needs the exact times opens arrivals(),
// which replays the same stream one arrival at a time.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "sim/core/time.hpp"
#include "traces/arrival_stream.hpp"  // the interface only; sim does not link traces

namespace servesim {

class ArrivalHistory {
 public:
  // Draws the history: the arrivals of `workload`, opened with (seed,
  // stream_name), in [0, length).
  ArrivalHistory(std::shared_ptr<const WorkloadSpec> workload, std::uint64_t seed, std::string stream_name,
                 Duration length);

  Duration length() const { return length_; }
  // Arrivals in each second of the history, from its start: entry k counts
  // those in [k, k + 1) s, and the last entry a shorter second if length()
  // is not whole.
  const std::vector<std::uint32_t>& per_second() const { return per_second_; }
  std::uint64_t total() const { return total_; }
  // The history's arrivals one at a time, times from its start (the run
  // starts at length()): the very arrivals per_second() counts.
  std::unique_ptr<ArrivalStream> arrivals() const;

 private:
  std::shared_ptr<const WorkloadSpec> workload_;
  std::uint64_t seed_;
  std::string stream_name_;
  Duration length_;
  std::vector<std::uint32_t> per_second_;
  std::uint64_t total_ = 0;
};

}  // namespace servesim
