// The infaas-v2 batcher's rules (policies/infaas_v2/infaas_v2_batcher.hpp).
#include "policies/infaas_v2/infaas_v2_batcher.hpp"

#include <gtest/gtest.h>

#include <utility>
#include <vector>

namespace servesim {
namespace {

SimTime ms(double t) { return SimTime{static_cast<std::int64_t>(t * 1e6)}; }

class FakeQueue final : public QueueView {
 public:
  // (enqueued ms, SLO ms) per query, head first.
  std::vector<std::pair<double, double>> q;
  std::size_t size() const override { return q.size(); }
  SimTime enqueued(std::size_t i) const override { return ms(q[i].first); }
  SimTime deadline(std::size_t i) const override { return ms(q[i].first + q[i].second); }
};

// Latency 10 ms + 5 ms per query, batches 1..8.
const std::vector<Duration> kLatency = [] {
  std::vector<Duration> l(9);
  for (std::uint32_t b = 1; b <= 8; ++b) l[b] = Duration{static_cast<std::int64_t>((10 + 5 * b) * 1e6)};
  return l;
}();

BatchDecision ask(Batcher& b, const FakeQueue& q, double now) {
  BatchContext c;
  c.now = ms(now);
  c.queue_length = q.size();
  c.head_enqueued = q.enqueued(0);
  c.head_deadline = q.deadline(0);
  c.max_batch = 8;
  c.latency = kLatency;
  c.queue = &q;
  return b.decide(c);
}

TEST(InfaasV2Batcher, FilledBatchIsTheLargestAllowedTheQueueFills) {
  EXPECT_EQ(InfaasV2Batcher::filled_batch(3, 8), 2u);
  EXPECT_EQ(InfaasV2Batcher::filled_batch(9, 8), 8u);
  EXPECT_EQ(InfaasV2Batcher::filled_batch(5, 2), 2u);
  EXPECT_EQ(InfaasV2Batcher::filled_batch(0, 8), 0u);
}

TEST(InfaasV2Batcher, WaitsForAFullBatchThenRunsExactlyThatSize) {
  InfaasV2Batcher b(4, 2, false);
  FakeQueue q;
  q.q = {{0, 100}, {1, 100}, {2, 100}};
  const BatchDecision wait = ask(b, q, 2);
  EXPECT_EQ(wait.size, 0u);
  EXPECT_TRUE(wait.wake_at.is_never());  // no timer: an idle replica just waits
  q.q.push_back({3, 100});
  q.q.push_back({4, 100});
  EXPECT_EQ(ask(b, q, 4).size, 4u);
}

TEST(InfaasV2Batcher, DropsQueriesOlderThanTwiceTheirSloThenRunsWhatIsLeft) {
  InfaasV2Batcher b(4, 2, false);
  FakeQueue q;
  q.q = {{0, 100}, {150, 100}, {160, 100}, {170, 100}};
  const BatchDecision d = ask(b, q, 201);
  EXPECT_EQ(d.drop_head, 1u);
  q.q.erase(q.q.begin());
  EXPECT_EQ(ask(b, q, 201).size, 4u);  // committed: starts with the 3 left
}

TEST(InfaasV2Batcher, BatchZeroDropsEverything) {
  InfaasV2Batcher b(0, 2, false);
  FakeQueue q;
  q.q = {{0, 100}, {1, 100}};
  EXPECT_EQ(ask(b, q, 1).drop_head, 2u);
}

// Batch 4 (30 ms): a batch starts at 0; the first query arriving while it runs
// (at 10) sets the timer to 10 + 100 - 30 = 80; at 80 the 2 queued run as a
// batch of 2. The timer is never set again.
TEST(InfaasV2Batcher, OneShotTimerFromTheFirstBusyArrival) {
  InfaasV2Batcher b(4, 2, false);
  FakeQueue q;
  q.q = {{0, 100}, {0, 100}, {0, 100}, {0, 100}};
  ASSERT_EQ(ask(b, q, 0).size, 4u);
  q.q = {{10, 100}, {20, 100}};
  const BatchDecision wait = ask(b, q, 30);
  EXPECT_EQ(wait.size, 0u);
  EXPECT_EQ(wait.wake_at, ms(80));
  EXPECT_EQ(ask(b, q, 80).size, 2u);
  q.q = {{85, 100}};  // arrived while the batch of 2 ran (80 to 100)
  EXPECT_TRUE(ask(b, q, 100).wake_at.is_never());
}

// SLO 30, batch 2 (20 ms): the query arriving at 5 sets the timer to
// 5 + 30 - 20 = 15, while the batch runs (0 to 20): that ring is lost, and
// there is no other.
TEST(InfaasV2Batcher, ATimerThatRingsWhileBusyIsLost) {
  InfaasV2Batcher b(2, 2, false);
  FakeQueue q;
  q.q = {{0, 30}, {0, 30}};
  ASSERT_EQ(ask(b, q, 0).size, 2u);
  q.q = {{5, 30}};
  EXPECT_TRUE(ask(b, q, 20).wake_at.is_never());
  EXPECT_EQ(ask(b, q, 21).size, 0u);
}

TEST(InfaasV2Batcher, ASpentTimerIsNeverSet) {
  InfaasV2Batcher b(4, 2, true);
  FakeQueue q;
  q.q = {{0, 100}, {0, 100}, {0, 100}, {0, 100}};
  ASSERT_EQ(ask(b, q, 0).size, 4u);
  q.q = {{10, 100}};
  EXPECT_TRUE(ask(b, q, 30).wake_at.is_never());
}

}  // namespace
}  // namespace servesim
