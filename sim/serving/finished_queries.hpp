#pragma once
// How an application's queries have ended so far, as a monitor that watches
// responses would count them (MArk section 4.4 checks whether the last
// requests met the SLO, and scales out if not). Lambda's queries count like
// any other; a Lambda call the account throttled is a rejection.
//
// Why counters and not a notice per query: the engine finishes millions of
// queries per second, and most policies never look. A counter bumped where
// the engine already records the outcome costs about ten instructions per
// query (callgrind on bench/e2e_static.json: +0.3 %; its wall-clock rate is
// unchanged within noise), where a virtual call per query would cost every
// policy that does not care. A policy that wants the fates of the queries
// between two of its looks subtracts the counts of the earlier look
// (FinishedQueries::since); MArk's monitor looks on each tick.
#include <cstdint>

#include "sim/metrics/query_outcome.hpp"

namespace servesim {

struct FinishedQueries {
  std::uint64_t on_time = 0;  // completed at or before the deadline
  std::uint64_t late = 0;     // completed after it
  // Dropped (by a batcher, for lateness, or with a lost instance), rejected
  // (by the policy, or throttled by Lambda), or still unfinished when the
  // drain's bound ended the run.
  std::uint64_t failed = 0;

  std::uint64_t total() const { return on_time + late + failed; }
  bool operator==(const FinishedQueries&) const = default;

  void count(const QueryOutcome& outcome) {
    if (outcome.kind != OutcomeKind::kCompleted) {
      ++failed;
    } else if (outcome.on_time()) {
      ++on_time;
    } else {
      ++late;
    }
  }

  // The queries that finished after `earlier` was read.
  FinishedQueries since(const FinishedQueries& earlier) const {
    return {on_time - earlier.on_time, late - earlier.late, failed - earlier.failed};
  }
};

}  // namespace servesim
