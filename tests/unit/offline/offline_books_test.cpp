// The offline books on their own: the replicas' run-length queue, a job's
// progress and waiting time, and invariant I5 broken on purpose.
#include <gtest/gtest.h>

#include <vector>

#include "sim/serving/offline_conservation.hpp"
#include "sim/serving/offline_progress.hpp"
#include "sim/serving/offline_queue.hpp"

namespace servesim {
namespace {

SimTime at_ms(double ms) { return SimTime::zero() + from_millis(ms); }

TEST(OfflineQueue, TakesFifoAcrossJobsInRuns) {
  OfflineQueue q;
  q.push(0, 3);
  q.push(0, 2);  // merges with the run before
  q.push(1, 4);
  EXPECT_EQ(q.size(), 9u);
  EXPECT_EQ(q.runs().size(), 2u);
  std::vector<OfflineRun> batch;
  EXPECT_EQ(q.take(7, batch), 7u);
  ASSERT_EQ(batch.size(), 2u);
  EXPECT_EQ(batch[0].job, 0u);
  EXPECT_EQ(batch[0].count, 5u);
  EXPECT_EQ(batch[1].job, 1u);
  EXPECT_EQ(batch[1].count, 2u);
  EXPECT_EQ(q.size(), 2u);
}

// Waiting is the time none of the job's inputs ran, from submission to
// completion: 0-10 and 20-25 here.
TEST(OfflineProgress, WaitsWhileNothingOfItRuns) {
  OfflineProgress p;
  p.submit(3, at_ms(0));
  p.dispatch(3);
  p.start(2, at_ms(10));
  p.finish(2, at_ms(20));
  EXPECT_EQ(p.waiting(at_ms(22)), from_millis(12));  // still waiting at 22
  p.start(1, at_ms(25));
  p.finish(1, at_ms(30));
  EXPECT_EQ(p.finished_at(), at_ms(30));
  EXPECT_EQ(p.waiting(at_ms(100)), from_millis(15));  // frozen once finished
}

TEST(OfflineConservationCheck, HoldsWhenEveryInputIsSomewhere) {
  OfflineProgress p;
  p.submit(10, at_ms(0));
  p.dispatch(6);
  p.start(2, at_ms(1));
  p.finish(1, at_ms(2));  // done 1, backlog 4, queued 4, running 1
  EXPECT_FALSE(offline_conservation_problem("j", 10, p, 4, 1));
}

TEST(OfflineConservationCheck, AnInputLostOrHeldTwiceIsCaught) {
  OfflineProgress p;
  p.submit(10, at_ms(0));
  p.dispatch(6);
  const auto lost = offline_conservation_problem("j", 11, p, 6, 0);  // one input vanished from the books
  ASSERT_TRUE(lost);
  EXPECT_NE(lost->find("offline conservation for job \"j\": submitted 11"), std::string::npos) << *lost;
  EXPECT_TRUE(offline_conservation_problem("j", 10, p, 5, 0));  // a replica lost a queued input
  EXPECT_TRUE(offline_conservation_problem("j", 10, p, 6, 1));  // a replica runs one nobody dispatched
}

}  // namespace
}  // namespace servesim
