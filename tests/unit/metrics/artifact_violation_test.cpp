// The Proteus artifact's violation ratio (outputs.metrics "proteus-artifact",
// run_summary.hpp): (dropped + rejected + late) / (completed + dropped +
// rejected), "late" meaning completed after more than 1 s (the artifact's end
// events carry its default deadline of 1000 ms), unfinished queries in
// neither part.
#include <gtest/gtest.h>

#include "sim/metrics/query_tally.hpp"

namespace servesim {
namespace {

QueryOutcome outcome(OutcomeKind kind, double latency_ms, double slo_ms = 300) {
  QueryOutcome q;
  q.kind = kind;
  q.arrival = SimTime::zero();
  q.finish = SimTime::zero() + from_millis(latency_ms);
  q.deadline = SimTime::zero() + from_millis(slo_ms);
  return q;
}

TEST(ArtifactViolations, LateMeansOverOneSecondNotOverTheDeadline) {
  QueryCounts c;
  c.count(outcome(OutcomeKind::kCompleted, 200));     // on time
  c.count(outcome(OutcomeKind::kCompleted, 700));     // late for its 300 ms, not for the artifact
  c.count(outcome(OutcomeKind::kCompleted, 1000));    // exactly 1 s: not over
  c.count(outcome(OutcomeKind::kCompleted, 1000.5));  // over
  EXPECT_EQ(c.late, 3u);
  EXPECT_EQ(c.over_one_second, 1u);
  QueryCounts merged;
  merged += c;
  merged += c;
  EXPECT_EQ(merged.over_one_second, 2u);
}

}  // namespace
}  // namespace servesim
