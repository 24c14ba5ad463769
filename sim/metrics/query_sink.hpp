#pragma once
// Where per-query outcomes go when a run asks for them (queries.csv). Without a
// sink, no per-query record survives the outcome: memory stays flat.
#include "sim/metrics/query_outcome.hpp"

namespace servesim {

class QuerySink {
 public:
  virtual ~QuerySink() = default;
  virtual void on_query(const QueryOutcome& outcome) = 0;
};

}  // namespace servesim
