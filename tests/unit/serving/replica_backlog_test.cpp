// ClusterView::backlog: what a front end that dispatched a replica's work
// knows of it (the visits queued there, those in its running batch, and when
// that batch began), as a router sees it before the new visit joins.
#include <gtest/gtest.h>

#include "engine_harness.hpp"

namespace servesim::test {
namespace {

SimTime at_ms(double ms) { return SimTime{from_millis(ms).ns}; }

TEST(ReplicaBacklog, QueuedExecutingAndWhenTheRunningBatchBegan) {
  // One a_fast replica (10 ms alone), one query at a time; queries at 100,
  // 102 and 104 ms: the first finds it idle, the second its batch running
  // since 100 ms, the third that batch and the second query queued. At 115 ms
  // the second runs since 110 ms and the third waits.
  TempDir dir;
  const EngineRun run = run_static_on_a(dir, {place("a_fast", 1, {{"kind", "greedy"}, {"max_batch", 1}})}, "",
                                        replay_at(dir, {100, 102, 104, 115}));
  ASSERT_EQ(run.backlog_seen.size(), 4u);
  EXPECT_EQ(run.backlog_seen[0].queued, 0u);
  EXPECT_EQ(run.backlog_seen[0].executing, 0u);
  EXPECT_TRUE(run.backlog_seen[0].running_since.is_never());
  EXPECT_EQ(run.backlog_seen[1].executing, 1u);
  EXPECT_EQ(run.backlog_seen[1].running_since, at_ms(100));
  EXPECT_EQ(run.backlog_seen[2].queued, 1u);
  EXPECT_EQ(run.backlog_seen[2].running_since, at_ms(100));
  EXPECT_EQ(run.backlog_seen[3].queued, 1u);
  EXPECT_EQ(run.backlog_seen[3].running_since, at_ms(110));
}

}  // namespace
}  // namespace servesim::test
