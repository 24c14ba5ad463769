#include "sim/core/event_queue.hpp"

#include <utility>

namespace servesim {

std::uint64_t EventQueue::push(Event event) {
  event.seq = next_seq_++;
  heap_.push_back(event);
  sift_up(heap_.size() - 1);
  return event.seq;
}

Event EventQueue::pop() {
  Event result = heap_.front();
  heap_.front() = heap_.back();
  heap_.pop_back();
  if (!heap_.empty()) sift_down(0);
  return result;
}

// Hole-based sifts: move the element once instead of swapping at every level.
void EventQueue::sift_up(std::size_t i) {
  Event moving = heap_[i];
  while (i > 0) {
    const std::size_t parent = (i - 1) / 2;
    if (!before(moving, heap_[parent])) break;
    heap_[i] = heap_[parent];
    i = parent;
  }
  heap_[i] = moving;
}

void EventQueue::sift_down(std::size_t i) {
  const std::size_t n = heap_.size();
  Event moving = heap_[i];
  while (true) {
    std::size_t child = 2 * i + 1;
    if (child >= n) break;
    if (child + 1 < n && before(heap_[child + 1], heap_[child])) ++child;
    if (!before(heap_[child], moving)) break;
    heap_[i] = heap_[child];
    i = child;
  }
  heap_[i] = moving;
}

}  // namespace servesim
