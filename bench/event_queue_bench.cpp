// Micro-benchmarks of the engine's inner loop: the event heap under the
// classic "hold" model (pop the earliest event, push one at a random later
// time, so the heap size stays constant), and EventLoop dispatch through a
// handler that reschedules itself, which adds the virtual call and the clock.
// Random increments are drawn once up front so the RNG is not what we time.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <random>
#include <vector>

#include "sim/core/event_loop.hpp"
#include "sim/core/event_queue.hpp"

namespace {

using servesim::Duration;
using servesim::Event;
using servesim::EventHandler;
using servesim::EventLoop;
using servesim::EventQueue;
using servesim::SimTime;

// Exponential increments with a 1 ms mean; a power-of-two table so the index
// wraps with a mask.
class Increments {
 public:
  static constexpr std::size_t kSize = 1 << 16;

  explicit Increments(std::uint64_t seed) : ns_(kSize) {
    std::mt19937_64 rng(seed);
    std::exponential_distribution<double> exp(1.0 / 1e6);
    for (auto& v : ns_) v = static_cast<std::int64_t>(exp(rng)) + 1;
  }
  Duration next() { return Duration{ns_[i_++ & (kSize - 1)]}; }

 private:
  std::vector<std::int64_t> ns_;
  std::size_t i_ = 0;
};

void BM_EventQueueHold(benchmark::State& state) {
  const auto size = static_cast<std::size_t>(state.range(0));
  Increments inc(1);
  EventQueue queue;
  queue.reserve(size + 1);
  for (std::size_t i = 0; i < size; ++i) queue.push(Event{.time = SimTime::zero() + inc.next(), .payload = i});
  for (auto _ : state) {
    Event e = queue.pop();
    e.time += inc.next();
    queue.push(e);
  }
  benchmark::DoNotOptimize(queue.top());
  state.SetItemsProcessed(state.iterations());  // one item = one pop + one push
}
BENCHMARK(BM_EventQueueHold)->RangeMultiplier(16)->Range(16, 1 << 20);

// Equal times exercise the (time, seq) tie-break: a burst of same-instant
// events (a batch completing, a tick fanning out) must stay FIFO and cheap.
void BM_EventQueueSameTimeBurst(benchmark::State& state) {
  const auto burst = static_cast<std::size_t>(state.range(0));
  EventQueue queue;
  queue.reserve(burst);
  for (auto _ : state) {
    for (std::size_t i = 0; i < burst; ++i) queue.push(Event{.time = SimTime{1000}, .payload = i});
    while (!queue.empty()) benchmark::DoNotOptimize(queue.pop());
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(burst));
}
BENCHMARK(BM_EventQueueSameTimeBurst)->Arg(64)->Arg(4096);

// Each dispatched event schedules its successor, like an arrival stream
// scheduling its next arrival; `size` independent chains keep the heap size.
class Rescheduler final : public EventHandler {
 public:
  Rescheduler(EventLoop& loop, Increments& inc) : loop_(loop), inc_(inc) {}
  void set_id(std::uint32_t id) { id_ = id; }
  void handle(const Event& event) override {
    loop_.schedule_after(inc_.next(), id_, event.kind, event.payload + 1);
  }

 private:
  EventLoop& loop_;
  Increments& inc_;
  std::uint32_t id_ = 0;
};

void BM_EventLoopDispatch(benchmark::State& state) {
  const auto size = static_cast<std::size_t>(state.range(0));
  Increments inc(2);
  EventLoop loop;
  Rescheduler handler(loop, inc);
  handler.set_id(loop.add_handler(&handler));
  for (std::size_t i = 0; i < size; ++i) loop.schedule(SimTime::zero() + inc.next(), 0, 0, i);
  // Mean gap between events is 1 ms / size; advance ~1024 events per step.
  const Duration step{static_cast<std::int64_t>(1'000'000.0 * 1024 / static_cast<double>(size)) + 1};
  SimTime until = SimTime::zero();
  std::uint64_t dispatched = 0;
  for (auto _ : state) {
    until += step;
    dispatched += loop.run_until(until);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(dispatched));
  state.counters["events_per_step"] =
      benchmark::Counter(static_cast<double>(dispatched) / static_cast<double>(state.iterations()));
}
BENCHMARK(BM_EventLoopDispatch)->RangeMultiplier(16)->Range(16, 1 << 16);

}  // namespace
