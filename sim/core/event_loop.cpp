#include "sim/core/event_loop.hpp"

#include <string>

#include "sim/core/input_error.hpp"

namespace servesim {

std::uint32_t EventLoop::add_handler(EventHandler* handler) {
  handlers_.push_back(handler);
  return static_cast<std::uint32_t>(handlers_.size() - 1);
}

void EventLoop::schedule(SimTime time, std::uint32_t handler, std::uint32_t kind, std::uint64_t payload,
                         std::uint8_t priority) {
  if (time < now_) {
    throw InvariantError("event scheduled in the past (" + std::to_string(time.ns) + " < " +
                         std::to_string(now_.ns) + " ns)");
  }
  if (time.is_never()) return;  // an event that never fires need not be stored
  queue_.push(Event{time, 0, handler, kind, payload, priority});
}

void EventLoop::dispatch_next() {
  const Event event = queue_.top();
  queue_.retire_top();  // the handler's first schedule() takes its place
  now_ = event.time;
  handlers_[event.handler]->handle(event);
  queue_.settle();
}

}  // namespace servesim
