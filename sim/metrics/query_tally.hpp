#pragma once
// What a set of queries came to: counts by outcome, the latency histogram and
// accuracy of the completed ones. One per application and per span of time (a
// window, the whole run); tallies merge, so "all applications" is a sum.
#include <cstdint>
#include <optional>

#include "sim/metrics/latency_histogram.hpp"
#include "sim/metrics/query_outcome.hpp"

namespace servesim {

struct QueryCounts {
  std::uint64_t arrived = 0;
  std::uint64_t completed = 0;  // = on_time + late
  std::uint64_t on_time = 0;
  std::uint64_t late = 0;
  std::uint64_t dropped = 0;
  std::uint64_t rejected = 0;
  std::uint64_t unfinished = 0;  // still in the system when the drain's bound ended the run
  // Completed more than a second after arrival: the Proteus artifact's "late"
  // (its end-of-request events carry its Event's default deadline of 1000 ms,
  // not the request's: Proteus public code, core/simulator.py insert_event),
  // for its violation ratio (run_summary.hpp).
  std::uint64_t over_one_second = 0;

  // Queries with an outcome, one way or another.
  std::uint64_t finished() const { return completed + dropped + rejected + unfinished; }
  // One more outcome, by its kind (and, completed, whether on time).
  void count(const QueryOutcome& outcome);
  QueryCounts& operator+=(const QueryCounts& other);
};

class QueryTally {
 public:
  void arrive() { ++counts_.arrived; }
  void record(const QueryOutcome& outcome);
  void merge(const QueryTally& other);
  void reset();

  const QueryCounts& counts() const { return counts_; }
  // Latencies of the completed queries only: a drop's "latency" is not a service time.
  const LatencyHistogram& latency() const { return latency_; }
  // Mean normalized accuracy of the completed queries, in percent; empty when none.
  std::optional<double> accuracy_pct() const;

 private:
  QueryCounts counts_;
  LatencyHistogram latency_;
  double accuracy_sum_ = 0;
};

}  // namespace servesim
