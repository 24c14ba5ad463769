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
  std::uint64_t run_until(SimTime end);
  std::size_t pending() const { return queue_.size(); }

 private:
  EventQueue queue_;
  std::vector<EventHandler*> handlers_;
  SimTime now_ = SimTime::zero();
};

}  // namespace servesim
