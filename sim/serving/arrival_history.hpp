#pragma once
// An application's arrivals before the run (applications[i].history): what a
// deployed system has logged and a policy may learn from (MArk section 4.2
// trains its LSTM predictor on past load; InferLine's planner replays a
// sample trace). It is never served.
//
// The history spans `length()` and ends where the run starts. It is drawn
// once, the first time a policy asks for its counts (per_second, total,
// last), from its own random stream ("history/<application>"), so every
// policy of a scenario sees the same history, and the run's workload streams
// are not perturbed by it (common random numbers across policies stay as
// they were). Not when the scenario loads: `servesim validate` draws none
// (the loader bounds its size from its first arrivals, history_parser.cpp).
// Safe to share between the runs' threads: the first caller draws, the
// others wait for its counts.
//
// Kept as counts per second: fourteen days at 50 QPS are 60 M arrivals, but
// only 1.2 M seconds. A policy that needs the exact times opens arrivals(),
// which replays the same stream one arrival at a time.
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "sim/core/time.hpp"
#include "traces/arrival_stream.hpp"  // the interface only; sim does not link traces

namespace servesim {

class ArrivalHistory {
 public:
  // The history of the arrivals of `workload`, opened with (seed,
  // stream_name), in [0, length); drawn on first use. An InputError found
  // while drawing (a trace's late line, too many arrivals) is prefixed with
  // `where` (the scenario's field) when given.
  ArrivalHistory(std::shared_ptr<const WorkloadSpec> workload, std::uint64_t seed, std::string stream_name,
                 Duration length, std::string where = "");

  // `entry`'s history with each arrival kept with probability `keep` (a
  // pipeline stage's share of its application's arrivals), drawn from the
  // streams (seed, stream_name + "/counts" and "/which"). Built from the
  // counts, at one draw per second, not per arrival: second k keeps a
  // Binomial(n_k, keep) count of its n_k arrivals (Boost.Random's, the same on
  // every platform), and arrivals() replays `entry`'s, keeping within each
  // second that many, a uniform subset (selection sampling, Knuth's Algorithm
  // S): the very arrivals per_second() counts, distributed as if each had been
  // kept on its own coin.
  static std::shared_ptr<const ArrivalHistory> thinned(std::shared_ptr<const ArrivalHistory> entry, double keep,
                                                       std::uint64_t seed, const std::string& stream_name);

  Duration length() const { return length_; }
  // Arrivals in each second of the history, from its start: entry k counts
  // those in [k, k + 1) s, and the last entry a shorter second if length()
  // is not whole.
  const std::vector<std::uint32_t>& per_second() const { return counts().per_second; }
  std::uint64_t total() const { return counts().total; }
  // The history's arrivals one at a time, times from its start (the run
  // starts at length()): the very arrivals per_second() counts.
  std::unique_ptr<ArrivalStream> arrivals() const;
  // The times of its last `count` arrivals (all of them if fewer), oldest
  // first: InferLine's planning sample. Kept while drawing the history, up to
  // kKeptTail, so that a planner does not replay a day of arrivals for the
  // last minute of them; more are replayed.
  std::vector<SimTime> last(std::size_t count) const;
  static constexpr std::size_t kKeptTail = 200'000;  // 1.6 MB; InferLine's sample is 50,000

 private:
  struct Counts {
    std::vector<std::uint32_t> per_second;
    std::uint64_t total = 0;
    std::vector<SimTime> tail;  // the last min(total, kKeptTail) arrivals, oldest first (empty: not kept)
  };
  using Draw = std::function<Counts(const ArrivalHistory&)>;

  ArrivalHistory(std::shared_ptr<const WorkloadSpec> workload, std::uint64_t seed, std::string stream_name,
                 Duration length, std::string where, Draw draw);
  const Counts& counts() const;
  Counts draw_from_workload() const;

  std::shared_ptr<const WorkloadSpec> workload_;
  std::uint64_t seed_;
  std::string stream_name_;
  Duration length_;
  std::string where_;
  Draw draw_;
  mutable std::once_flag drawn_;
  mutable Counts counts_;
};

}  // namespace servesim
