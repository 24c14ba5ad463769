#pragma once
// The simulation clock and dispatch loop. It owns no model state: owners
// register as handlers and schedule events addressed to themselves. Holding no
// global state, any number of loops can run in one process, on several threads,
// or nested inside a policy (InferLine's estimator).
#include <cstdint>
#include <vector>

#include "sim/core/event_queue.hpp"

namespace servesim {

class EventLoop {
 public:
  std::uint32_t add_handler(EventHandler* handler);

  SimTime now() const { return now_; }
  void schedule(SimTime time, std::uint32_t handler, std::uint32_t kind, std::uint64_t payload = 0,
                std::uint8_t priority = Event::kNormalPriority);
  void schedule_after(Duration delay, std::uint32_t handler, std::uint32_t kind, std::uint64_t payload = 0) {
    schedule(now_ + delay, handler, kind, payload);
  }

  // Dispatches every event with time <= end in (time, priority, seq) order, then sets the
  // clock to end. Returns the number of events dispatched.
  std::uint64_t run_until(SimTime end) {
    return run_while(end, [] { return true; });
  }
  // The same, but stops as soon as keep() is false after an event; the clock
  // then stays at that event's time (it reaches `end` only if keep() held).
  template <typename Keep>
  std::uint64_t run_while(SimTime end, Keep&& keep) {
    std::uint64_t dispatched = 0;
    while (keep() && !queue_.empty() && queue_.top().time <= end) {
      dispatch_next();
      ++dispatched;
    }
    if (keep() && now_ < end) now_ = end;
    return dispatched;
  }
  std::size_t pending() const { return queue_.size(); }

 private:
  void dispatch_next();

  EventQueue queue_;
  std::vector<EventHandler*> handlers_;
  SimTime now_ = SimTime::zero();
};

}  // namespace servesim
