// The drop policies: "none" serves everything however late, "expired" drops a
// visit whose deadline has passed when its batch forms, "infeasible" also
// drops one that could not finish in time even alone.
#include <gtest/gtest.h>

#include "engine_harness.hpp"

namespace servesim::test {
namespace {

using nlohmann::json;

// One a_fast replica at batch 1: 10 ms per query, 100 queries/s at most.
// Arrivals for 10 s, then 30 s to drain.
EngineRun run_with(const std::string& drop, double rate, double slo_ms) {
  TempDir dir;
  json doc = engine_world(1);
  doc["duration_s"] = 40;
  doc["serving"] = {{"drop", drop}};
  doc["applications"] = single_stage_app("a", slo_ms, poisson_for(rate, 10));
  doc["policies"] = static_policy({place("a_fast", 1, {{"kind", "greedy"}, {"max_batch", 1}})});
  return run_engine(dir, doc);
}

TEST(DropPolicy, NoneDropsNothingUnderOverload) {
  const EngineRun run = run_with("none", 200, 100);
  ASSERT_GT(run.counts.arrived, 1800u);
  EXPECT_EQ(run.counts.dropped, 0u);
  EXPECT_EQ(run.counts.rejected, 0u);
  EXPECT_EQ(run.counts.unfinished, 0u);
  EXPECT_EQ(run.counts.completed, run.counts.arrived);
  EXPECT_GT(run.counts.late, run.counts.arrived / 3);  // the queue grew for 10 s
}

TEST(DropPolicy, ExpiredDropsUnderOverload) {
  const EngineRun run = run_with("expired", 200, 100);
  ASSERT_GT(run.counts.arrived, 1800u);
  EXPECT_EQ(run.counts.unfinished, 0u);
  EXPECT_EQ(run.counts.arrived, run.counts.completed + run.counts.dropped);
  // Twice the capacity: about half must go.
  const double dropped = static_cast<double>(run.counts.dropped) / static_cast<double>(run.counts.arrived);
  EXPECT_GT(dropped, 0.4);
  EXPECT_LT(dropped, 0.6);
  // A completed query started before its deadline, so it ends within SLO + 10 ms.
  for (const QueryOutcome& q : run.outcomes) {
    if (q.kind == OutcomeKind::kCompleted) {
      EXPECT_LE(q.latency(), from_millis(110)) << q.id;
    } else {
      EXPECT_GT(q.finish, q.deadline) << q.id;
    }
  }
}

TEST(DropPolicy, InfeasibleDropsMoreThanExpiredAndNeverCompletesLate) {
  // 90 % load with an SLO of 2.5 service times: "expired" drops a query that
  // waited over 25 ms, "infeasible" one that waited over 15 ms.
  const EngineRun expired = run_with("expired", 90, 25);
  const EngineRun infeasible = run_with("infeasible", 90, 25);
  const EngineRun none = run_with("none", 90, 25);
  // Common random numbers: the same queries in all three runs.
  EXPECT_EQ(expired.counts.arrived, infeasible.counts.arrived);
  EXPECT_EQ(expired.counts.arrived, none.counts.arrived);
  EXPECT_EQ(none.counts.dropped, 0u);
  EXPECT_GT(expired.counts.dropped, 0u);
  EXPECT_GT(infeasible.counts.dropped, expired.counts.dropped);
  EXPECT_GT(expired.counts.late, 0u);
  EXPECT_EQ(infeasible.counts.late, 0u);  // batch 1, deterministic: a feasible start is an on-time finish
  EXPECT_EQ(infeasible.counts.arrived, infeasible.counts.on_time + infeasible.counts.dropped);
}

TEST(DropPolicy, NothingDroppedAtLowLoad) {
  // Isolated queries with room to spare are never dropped, whatever the rule.
  for (const std::string drop : {"none", "expired", "infeasible"}) {
    TempDir dir;
    json doc = engine_world(1);
    doc["duration_s"] = 3;
    doc["serving"] = {{"drop", drop}};
    doc["applications"] = single_stage_app("a", 10, replay_at(dir, {100, 300, 500, 700}));
    doc["policies"] = static_policy({place("a_fast", 1)});
    const EngineRun run = run_engine(dir, doc);
    EXPECT_EQ(run.counts.on_time, 4u) << drop;  // latency 10 ms = the SLO exactly: on time
    EXPECT_EQ(run.counts.dropped, 0u) << drop;
  }
}

}  // namespace
}  // namespace servesim::test

namespace servesim::test {
namespace {

// "expired" drops a visit whose deadline has passed when its batch forms
// (simulation_config.hpp). The engine checks only the head of the queue, so a
// visit behind a head with a later deadline joins the batch although its own
// deadline has passed: it is served late instead of dropped. FIFO order is
// deadline order only when all queries share one SLO; per-request deadlines
// (request_replay's deadline_column) or applications with different SLOs on a
// shared replica break it.
//
// Timeline on one a_fast replica (greedy, max batch 8; batch 1 takes 10 ms,
// batch 8 24 ms): q0..q7 arrive at 100 ms (deadline +1000 ms), q8 at 101 and
// q9 at 102 (+1000), q10 at 103 with a 15 ms deadline (118 ms). q0 runs alone
// until 110; q1..q8 run until 134; then the batch {q9, q10} forms with q9 at
// the head: q10's deadline has passed, so q10 must be dropped (it once was
// served, finishing late at 146 ms).
TEST(DropPolicy, ExpiredVisitBehindALaterDeadlineHeadIsDropped) {
  TempDir dir;
  std::string trace;
  for (int i = 0; i < 8; ++i) trace += "100,1000\n";
  trace += "101,1000\n102,1000\n103,15\n";
  dir.write("trace.csv", trace);
  json doc = engine_world(1);
  doc["duration_s"] = 2;
  doc["serving"] = {{"drop", "expired"}};
  doc["applications"] = single_stage_app(
      "a", 1000, {{"kind", "request_replay"}, {"file", "trace.csv"}, {"time_unit", "ms"}, {"deadline_column", 1}});
  doc["policies"] = static_policy({place("a_fast", 1, {{"kind", "greedy"}, {"max_batch", 8}})});
  const EngineRun run = run_engine(dir, doc);
  ASSERT_EQ(run.outcomes.size(), 11u);
  for (const QueryOutcome& q : run.outcomes) {
    if (q.id == 10) {
      EXPECT_EQ(q.kind, OutcomeKind::kDropped) << "finished at " << q.finish.seconds() << " s, deadline "
                                               << q.deadline.seconds() << " s";
    }
  }
  EXPECT_EQ(run.counts.late, 0u);
}

}  // namespace
}  // namespace servesim::test
