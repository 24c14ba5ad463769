#pragma once
// What the metrics sink learns about each query once it has left the system.
#include <array>
#include <cstddef>
#include <cstdint>

#include "sim/core/time.hpp"

namespace servesim {

enum class OutcomeKind : std::uint8_t {
  kCompleted,  // every stage it visited finished (on time or late)
  kDropped,    // a stage dropped it (deadline passed or could not be met)
  kRejected,   // the policy refused it (no capacity, no variant)
  kUnfinished, // still in the system when the drain's bound ended the run
};

// Why a query failed: one value per place the engine fails one, so that
// queries.csv can tell them apart (docs/scenario.md names each).
enum class FailReason : std::uint8_t {
  kNone,          // it has not failed (completed, or still running)
  kDeadline,      // serving.drop dropped a visit as its batch formed: its deadline passed or could not be met
  kShed,          // the replica's batcher shed the visit from its queue's head
  kUnpulled,      // its deadline passed in a central queue that no replica pulls from
  kInstanceLost,  // its visit was on an instance taken back, with on_instance_loss "fail"
  kRejected,      // the policy's route refused the visit
  kNoReplica,     // routed by weights that named no replica accepting visits
  kThrottled,     // routed to Lambda, which the account's concurrency limit throttled
  kUnfinished,    // still in the system when the drain's bound ended the run
};

// The outcome each reason counts as in the totals, by FailReason: kNone is a
// completion. A table, not a switch: every query that leaves looks it up.
inline constexpr std::array<OutcomeKind, 9> kOutcomeOfReason = {
    OutcomeKind::kCompleted,   // kNone
    OutcomeKind::kDropped,     // kDeadline
    OutcomeKind::kDropped,     // kShed
    OutcomeKind::kDropped,     // kUnpulled
    OutcomeKind::kDropped,     // kInstanceLost
    OutcomeKind::kRejected,    // kRejected
    OutcomeKind::kRejected,    // kNoReplica
    OutcomeKind::kRejected,    // kThrottled
    OutcomeKind::kUnfinished,  // kUnfinished
};
static_assert(kOutcomeOfReason.size() == static_cast<std::size_t>(FailReason::kUnfinished) + 1);

constexpr OutcomeKind outcome_kind(FailReason reason) { return kOutcomeOfReason[static_cast<std::size_t>(reason)]; }

// An id of QueryOutcome's served-by fields when nothing served the query.
inline constexpr std::uint32_t kNotServed = 0xffffffffu;

struct QueryOutcome {
  std::uint64_t id = 0;
  std::uint32_t app = 0;
  OutcomeKind kind = OutcomeKind::kCompleted;
  FailReason reason = FailReason::kNone;  // kNone when completed
  SimTime arrival;
  SimTime finish;          // completion, drop or rejection time
  SimTime deadline;        // arrival + SLO (or the request's own deadline)
  Duration queue_wait;     // summed over stages: enqueue to batch start
  // Normalized accuracy (1 = the family's best) of the weakest variant that
  // served the query; only meaningful for completed queries.
  double accuracy = 1.0;
  // What served its last finished visit (for a pipeline, the last stage that
  // served it), as ids of the run's catalogs; kNotServed where nothing did. A
  // Lambda function has a variant but neither device nor replica. Filled only
  // for a run with a query sink (RunMetricsConfig::query_sink), their only
  // reader: without one (queries.csv off) the engine skips the lookups.
  std::uint32_t variant = kNotServed;      // a VariantId
  std::uint32_t device_type = kNotServed;  // a DeviceTypeId
  std::uint32_t replica = kNotServed;      // a ReplicaId
  std::uint32_t stage_visits = 0;          // visits that finished: the stages it went through

  Duration latency() const { return finish - arrival; }
  bool on_time() const { return kind == OutcomeKind::kCompleted && finish <= deadline; }
};

}  // namespace servesim
