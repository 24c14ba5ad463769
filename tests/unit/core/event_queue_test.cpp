#include "sim/core/event_queue.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <tuple>
#include <vector>

#include "sim/core/event_loop.hpp"
#include "sim/core/input_error.hpp"
#include "sim/core/random_stream.hpp"

namespace servesim {
namespace {

TEST(EventQueue, PopsInTimeThenInsertionOrder) {
  EventQueue q;
  q.push(Event{.time = SimTime{30}, .kind = 1});
  q.push(Event{.time = SimTime{10}, .kind = 2});
  q.push(Event{.time = SimTime{30}, .kind = 3});
  q.push(Event{.time = SimTime{10}, .kind = 4});
  std::vector<std::uint32_t> kinds;
  while (!q.empty()) kinds.push_back(q.pop().kind);
  EXPECT_EQ(kinds, (std::vector<std::uint32_t>{2, 4, 1, 3}));
}

TEST(EventQueue, MatchesSortedOrderOnRandomInput) {
  RandomStream rng(7, "event-queue-test");
  EventQueue q;
  std::vector<std::pair<std::int64_t, std::uint32_t>> expected;
  for (std::uint32_t i = 0; i < 5000; ++i) {
    const std::int64_t t = static_cast<std::int64_t>(rng.below(100));  // many ties
    q.push(Event{.time = SimTime{t}, .payload = i});
    expected.emplace_back(t, i);
  }
  std::stable_sort(expected.begin(), expected.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  for (const auto& [t, id] : expected) {
    const Event e = q.pop();
    ASSERT_EQ(e.time.ns, t);
    ASSERT_EQ(e.payload, id);
  }
}

// At one instant a boundary event goes before normal ones pushed earlier,
// and each priority keeps its insertion order.
TEST(EventQueue, PopsInTimeThenPriorityThenInsertionOrder) {
  EventQueue q;
  q.push(Event{.time = SimTime{10}, .kind = 1});
  q.push(Event{.time = SimTime{5}, .kind = 2});
  q.push(Event{.time = SimTime{10}, .kind = 3, .priority = Event::kBoundaryPriority});
  q.push(Event{.time = SimTime{10}, .kind = 4});
  q.push(Event{.time = SimTime{10}, .kind = 5, .priority = Event::kBoundaryPriority});
  std::vector<std::uint32_t> kinds;
  while (!q.empty()) kinds.push_back(q.pop().kind);
  EXPECT_EQ(kinds, (std::vector<std::uint32_t>{2, 3, 5, 1, 4}));
}

struct Recorder : EventHandler {
  std::vector<std::int64_t> times;
  void handle(const Event& e) override { times.push_back(e.time.ns); }
};

TEST(EventLoop, RunUntilStopsAtEndAndAdvancesClock) {
  EventLoop loop;
  Recorder r;
  const auto h = loop.add_handler(&r);
  loop.schedule(SimTime{5}, h, 0);
  loop.schedule(SimTime{15}, h, 0);
  EXPECT_EQ(loop.run_until(SimTime{10}), 1u);
  EXPECT_EQ(loop.now().ns, 10);
  EXPECT_EQ(loop.pending(), 1u);
  loop.run_until(SimTime{20});
  EXPECT_EQ(r.times, (std::vector<std::int64_t>{5, 15}));
}

TEST(EventLoop, RefusesEventsInThePast) {
  EventLoop loop;
  Recorder r;
  const auto h = loop.add_handler(&r);
  loop.run_until(SimTime{100});
  EXPECT_THROW(loop.schedule(SimTime{50}, h, 0), InvariantError);
}

// The drain's loop: it stops after the event that makes keep() false, the
// clock at that event; if keep() still holds it runs to the end as run_until.
TEST(EventLoop, RunWhileStopsWhenTheConditionFails) {
  EventLoop loop;
  Recorder r;
  const auto h = loop.add_handler(&r);
  for (std::int64_t t : {5, 15, 25}) loop.schedule(SimTime{t}, h, 0);
  EXPECT_EQ(loop.run_while(SimTime{100}, [&] { return r.times.size() < 2; }), 2u);
  EXPECT_EQ(loop.now().ns, 15);
  EXPECT_EQ(loop.run_while(SimTime{100}, [] { return true; }), 1u);
  EXPECT_EQ(loop.now().ns, 100);
}

// Dispatch defers each pop to the handler's first schedule() (its event
// takes the top's place) or to the handler's end. Handlers that schedule
// none, one or several events, at once (ties) or later, in either priority,
// must still be dispatched in (time, priority, schedule order), as a naive
// queue that always picks that minimum dispatches them.
struct Brancher : EventHandler {
  EventLoop* loop = nullptr;
  std::uint32_t id = 0;
  RandomStream rng{11, "event-loop-deferred-pop"};
  std::vector<std::uint64_t> dispatched;  // payloads, in order
  std::uint64_t next_payload = 1000;
  void handle(const Event& e) override {
    dispatched.push_back(e.payload);
    const std::uint64_t children = rng.below(4) == 0 ? 0 : 1 + rng.below(2);  // 0, 1 or 2
    for (std::uint64_t c = 0; c < children && next_payload < 21000; ++c) {
      const Duration gap{static_cast<std::int64_t>(rng.below(3))};  // ties with now and each other
      const auto priority = rng.below(5) == 0 ? Event::kBoundaryPriority : Event::kNormalPriority;
      loop->schedule(loop->now() + gap, id, 0, next_payload++, priority);
    }
  }
};

TEST(EventLoop, DeferredPopsDispatchInKeyOrder) {
  EventLoop loop;
  Brancher b;
  b.loop = &loop;
  b.id = loop.add_handler(&b);
  for (std::uint64_t i = 0; i < 1000; ++i) loop.schedule(SimTime{static_cast<std::int64_t>(i % 97)}, b.id, 0, i);
  loop.run_until(SimTime{1'000'000});

  // The same process on a naive queue: a list searched for its minimum key.
  struct Pending {
    std::int64_t time;
    std::uint8_t priority;
    std::uint64_t seq, payload;
  };
  std::vector<Pending> pending;
  std::uint64_t seq = 0;
  for (std::uint64_t i = 0; i < 1000; ++i) pending.push_back({static_cast<std::int64_t>(i % 97), Event::kNormalPriority, seq++, i});
  RandomStream rng{11, "event-loop-deferred-pop"};
  std::uint64_t next_payload = 1000;
  std::vector<std::uint64_t> expected;
  while (!pending.empty()) {
    const auto it = std::min_element(pending.begin(), pending.end(), [](const Pending& x, const Pending& y) {
      return std::tie(x.time, x.priority, x.seq) < std::tie(y.time, y.priority, y.seq);
    });
    const Pending e = *it;
    pending.erase(it);
    expected.push_back(e.payload);
    const std::uint64_t children = rng.below(4) == 0 ? 0 : 1 + rng.below(2);
    for (std::uint64_t c = 0; c < children && next_payload < 21000; ++c) {
      const auto gap = static_cast<std::int64_t>(rng.below(3));
      const auto priority = rng.below(5) == 0 ? Event::kBoundaryPriority : Event::kNormalPriority;
      pending.push_back({e.time + gap, priority, seq++, next_payload++});
    }
  }
  ASSERT_GT(expected.size(), 15000u);
  EXPECT_EQ(b.dispatched, expected);
  EXPECT_EQ(loop.pending(), 0u);
}

TEST(Payload, PacksEntityAndGeneration) {
  const auto p = pack_payload(123456, 789);
  EXPECT_EQ(payload_entity(p), 123456u);
  EXPECT_EQ(payload_generation(p), 789u);
}

}  // namespace
}  // namespace servesim
