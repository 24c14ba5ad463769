#pragma once
// What the metrics sink learns about each query once it has left the system.
#include <cstdint>

#include "sim/core/time.hpp"

namespace servesim {

enum class OutcomeKind : std::uint8_t {
  kCompleted,  // every stage it visited finished (on time or late)
  kDropped,    // a stage dropped it (deadline passed or could not be met)
  kRejected,   // the policy refused it (no capacity, no variant)
  kUnfinished, // still in the system when the drain's bound ended the run
};

struct QueryOutcome {
  std::uint64_t id = 0;
  std::uint32_t app = 0;
  OutcomeKind kind = OutcomeKind::kCompleted;
  SimTime arrival;
  SimTime finish;          // completion, drop or rejection time
  SimTime deadline;        // arrival + SLO (or the request's own deadline)
  Duration queue_wait;     // summed over stages: enqueue to batch start
  // Normalized accuracy (1 = the family's best) of the weakest variant that
  // served the query; only meaningful for completed queries.
  double accuracy = 1.0;

  Duration latency() const { return finish - arrival; }
  bool on_time() const { return kind == OutcomeKind::kCompleted && finish <= deadline; }
};

}  // namespace servesim
