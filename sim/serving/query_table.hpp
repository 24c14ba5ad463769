#pragma once
// The queries in flight, in reusable slots: no allocation per query once the
// table has grown to the largest number in flight.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "sim/metrics/query_outcome.hpp"
#include "sim/serving/application.hpp"
#include "sim/serving/pipeline_branches.hpp"
#include "sim/serving/served_by.hpp"

namespace servesim {

struct QueryRecord {
  std::uint64_t id = 0;
  SimTime arrival;
  SimTime deadline;
  Duration queue_wait;
  double accuracy = 1.0;  // weakest variant so far
  AppId app = 0;
  ServedBy served_by;                      // the last visit that finished (queries.csv)
  std::uint16_t outstanding = 0;           // visits queued or executing, and hops under way
  std::uint16_t stage_visits = 0;          // visits that finished (queries.csv)
  FailReason failure = FailReason::kNone;  // set once a visit fails: the query's outcome (outcome_kind)

  // A visit finished on `by`, whose variant has `variant_accuracy`.
  void served(ServedBy by, double variant_accuracy) {
    accuracy = std::min(accuracy, variant_accuracy);
    served_by = by;
    ++stage_visits;
  }
};

class QueryTable {
 public:
  explicit QueryTable(std::uint32_t joins_per_query) : joins_per_query_(joins_per_query) {}

  std::uint32_t add(const QueryRecord& record);
  void remove(std::uint32_t slot);
  QueryRecord& at(std::uint32_t slot) { return records_[slot]; }
  const QueryRecord& at(std::uint32_t slot) const { return records_[slot]; }
  JoinState& join(std::uint32_t slot, int join_index) { return joins_[slot * joins_per_query_ + join_index]; }
  std::uint64_t in_flight() const { return in_flight_; }
  // The slots in use, in slot order (for the end of a run: it scans the table).
  std::vector<std::uint32_t> live_slots() const;

 private:
  std::vector<QueryRecord> records_;
  std::vector<JoinState> joins_;
  std::vector<std::uint32_t> free_;
  std::uint32_t joins_per_query_;
  std::uint64_t in_flight_ = 0;
};

}  // namespace servesim
