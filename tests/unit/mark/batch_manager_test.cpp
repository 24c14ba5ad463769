// MArk's Batch Manager (batch_manager.hpp, section 4.1 and Figure 4) and the
// Bouncer's bound on the work ahead of a request (bouncer.hpp): batches form
// in arrival order for the balancer's pick, close by count or by timeout, and
// a request goes where it can be served within RT_max, else to Lambda.
#include "policies/mark/batch_manager.hpp"

#include <gtest/gtest.h>

#include <map>

namespace servesim::mark {
namespace {

SimTime at_ms(double ms) { return SimTime{from_millis(ms).ns}; }

// Inception-v3 on a p2.xlarge with section 5.1's pair (8, 200 ms), T_8 =
// 144.578 ms (configs/catalogs/models/mark_models.json); a c5.large serves
// one at a time in 211.3 ms. RT_max 600 ms.
const BatchingShape kP2{8, from_millis(200), from_millis(144.578)};
const BatchingShape kC5{1, Duration::zero(), from_millis(211.3)};
const Duration kRtMax = from_millis(600);

TEST(MarkBouncerBound, ABatchIsChargedItsWindowOnlyWhileItIsNotFull) {
  const ReplicaBacklog idle;
  // A new batch on an idle instance: it closes 200 ms on, then runs.
  EXPECT_EQ(completion_bound(kP2, idle, {0, at_ms(1000)}, at_ms(1000)), at_ms(1000 + 200 + 144.578));
  // The eighth request fills the batch: no window.
  ReplicaBacklog seven;
  seven.queued = 7;
  EXPECT_EQ(completion_bound(kP2, seven, {7, at_ms(950)}, at_ms(1000)), at_ms(1000 + 144.578));
  // The sixth waits for the window opened by the first.
  ReplicaBacklog five;
  five.queued = 5;
  EXPECT_EQ(completion_bound(kP2, five, {5, at_ms(950)}, at_ms(1000)), at_ms(950 + 200 + 144.578));
}

TEST(MarkBouncerBound, TheWorkAheadIsTheRunningBatchThenTheClosedOnes) {
  // A batch started 100 ms ago ends at +44.578 ms; eight closed requests
  // ahead are one more batch (ends +189.156), after which the new batch's
  // window (+200) is the later bound.
  ReplicaBacklog busy{8, 8, at_ms(900)};
  EXPECT_EQ(completion_bound(kP2, busy, {0, at_ms(1000)}, at_ms(1000)), at_ms(1000 + 200 + 144.578));
  // Nine closed requests are two batches: +44.578 + 2 x 144.578, then its own.
  busy.queued = 9;
  EXPECT_EQ(completion_bound(kP2, busy, {0, at_ms(1000)}, at_ms(1000)), at_ms(900 + 4 * 144.578));
  // One at a time on a c5.large, its batch running since 50 ms ago: it ends at
  // +161.3; two closed ahead, 422.6 ms more; then its own.
  const ReplicaBacklog c5{2, 1, at_ms(950)};
  EXPECT_EQ(completion_bound(kC5, c5, {0, at_ms(1000)}, at_ms(1000)), at_ms(950 + 4 * 211.3));
}

// A fake cluster of instances: each one's backlog, updated as requests join.
struct Instances {
  std::map<ReplicaId, ReplicaBacklog> backlog;
  std::map<ReplicaId, bool> accepting;
  BatchManager::BacklogOf view() {
    return [this](ReplicaId r) -> std::optional<ReplicaBacklog> {
      if (!accepting[r]) return std::nullopt;
      return backlog[r];
    };
  }
  // Routes one request now and books it where it went.
  BatchManager::Choice send(BatchManager& m, SimTime now, bool lambda = true) {
    const BatchManager::Choice c = m.assign(now, view(), lambda);
    if (c.replica && (c.admitted || !lambda)) ++backlog[*c.replica].queued;
    return c;
  }
};

BatchManager p2_and_c5(Instances& cluster) {
  BatchManager m(kRtMax);
  // The p2.xlarge weighs 3320 requests a minute, the c5.large 284: the
  // balancer picks the p2 first.
  m.reset({{1, 3320, kP2}, {2, 284, kC5}});
  cluster.accepting = {{1, true}, {2, true}};
  return m;
}

TEST(MarkBatchManager, ABatchFormsForThePickedInstanceUntilItHoldsNBatch) {
  Instances cluster;
  BatchManager m = p2_and_c5(cluster);
  for (int i = 1; i <= 8; ++i) {
    const BatchManager::Choice c = cluster.send(m, at_ms(1000 + i));
    ASSERT_TRUE(c.admitted);
    EXPECT_EQ(*c.replica, 1u) << i;  // every request of the batch to the p2
    EXPECT_EQ(m.forming_size(), i == 8 ? 0u : static_cast<std::uint32_t>(i));
  }
  // Full at eight: the ninth opens a new batch for the balancer's next pick.
  // It weighs batches, C_i / N_batch: 415 a minute for the p2, 284 for the
  // c5.large, so the second pick is the c5.large (a batch of one, full at
  // once) and the third the p2 again.
  EXPECT_EQ(*cluster.send(m, at_ms(1010)).replica, 2u);
  EXPECT_EQ(m.forming_size(), 0u);
  EXPECT_EQ(*cluster.send(m, at_ms(1011)).replica, 1u);
  EXPECT_EQ(m.forming_size(), 1u);
}

TEST(MarkBatchManager, ABatchClosesWBatchAfterItsFirstRequest) {
  Instances cluster;
  BatchManager m(kRtMax);
  m.reset({{1, 3320, kP2}});
  cluster.accepting = {{1, true}};
  cluster.send(m, at_ms(1000));
  cluster.send(m, at_ms(1199));
  EXPECT_EQ(m.forming_size(), 2u);
  cluster.send(m, at_ms(1200));  // the window of the batch opened at 1000 is over
  EXPECT_EQ(m.forming_size(), 1u);
}

TEST(MarkBatchManager, ANewBatchGoesToTheNextInstanceThatServesItInTimeElseToLambda) {
  Instances cluster;
  BatchManager m = p2_and_c5(cluster);
  // The p2 is busy with a batch just started and 24 closed requests (three
  // batches) queued: a new batch would end at 4 x 144.578 + its own > 600 ms.
  cluster.backlog[1] = {24, 8, at_ms(1000)};
  const BatchManager::Choice c = cluster.send(m, at_ms(1000));
  EXPECT_TRUE(c.admitted);
  EXPECT_EQ(*c.replica, 2u);  // the c5.large, idle: 211.3 ms
  // The c5.large now busy with two queued behind its running one: neither
  // serves a new request in time, so it goes to Lambda.
  cluster.backlog[2] = {2, 1, at_ms(1000)};
  const BatchManager::Choice late = cluster.send(m, at_ms(1001));
  EXPECT_FALSE(late.admitted);
  EXPECT_TRUE(late.replica.has_value());
  // Without Lambda it joins a batch anyway.
  const BatchManager::Choice kept = cluster.send(m, at_ms(1002), false);
  EXPECT_FALSE(kept.admitted);
  EXPECT_TRUE(kept.replica.has_value());
}

TEST(MarkBatchManager, AnInstanceThatTakesNoRequestsIsSkippedAndAResetKeepsTheOpenBatch) {
  Instances cluster;
  BatchManager m = p2_and_c5(cluster);
  cluster.send(m, at_ms(1000));
  EXPECT_EQ(m.forming_size(), 1u);
  m.reset({{1, 3320, kP2}, {3, 284, kC5}});  // a new plan: the p2 stays
  EXPECT_EQ(m.forming_size(), 1u);
  cluster.accepting[3] = true;
  cluster.accepting[1] = false;  // its instance is being taken back
  const BatchManager::Choice c = cluster.send(m, at_ms(1001));
  EXPECT_EQ(*c.replica, 3u);
  m.reset({{3, 284, kC5}});
  EXPECT_EQ(m.forming_size(), 0u);  // the c5's batch was full at one
  m.reset({});
  EXPECT_FALSE(m.assign(at_ms(1002), cluster.view(), true).replica.has_value());
}

}  // namespace
}  // namespace servesim::mark
